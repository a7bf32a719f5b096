// What the cluster picture's own controls hold (not the run: that is the sandbox store): the
// click mode, the one-line explanation of the last cut, the message being inspected. The sides
// of a split are the partition editor's groups (side B is group B): one partition state. And
// the picture's actions: each is a registered action performed through the action registry
// (actions.ts), as a button, a key or a tour step is; the explanation is read from the engine's
// answer, the first frame after the action, never predicted on the page.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Frame } from "../../engine/index.ts";
import type { SandboxController } from "../controller.ts";
import { perform } from "../actions.ts";
import type { ActionTarget } from "../action-base.ts";
import { storeLabel } from "../labels.ts";
import { arrowLabel } from "../message-words.ts";
import type { SandboxState } from "../store.ts";
import { linkFaults, linkName, processes, splitFault, type Link } from "./cluster-links.ts";
import { cutsKey, type NetAct } from "./network-line.ts";

export type ClickMode = "cut" | "one-way" | "split";

export interface ClusterUiState {
  mode: ClickMode;
  /** what the last click in the picture did that is not an act on the network (a node picked,
   *  a message dropped); cleared by the next act */
  explain: string | null;
  /** the learner's acts on the network, oldest first: the line beside the tools is worked out
   *  from them and the frame on screen (network-line.ts), so it follows a heal and a rewind */
  acts: NetAct[];
  /** the message in flight being inspected */
  message: number | null;
  /** the network tools are open: a click on a link cuts it, and a click on a node says so */
  toolsOpen: boolean;
  /** in cut mode, the node clicked first: a second node's click cuts the link between them */
  picked: string | null;
  /** the processes the learner put on side B at their last split: after it they keep the
   *  letter B (split-sides.ts) */
  splitB: string[] | null;
}

export type ClusterUi = StoreApi<ClusterUiState>;

export function createClusterUi(): ClusterUi {
  return createStore<ClusterUiState>()(() => ({
    mode: "cut",
    explain: null,
    acts: [],
    message: null,
    toolsOpen: false,
    picked: null,
    splitB: null,
  }));
}

/** A process as the picture names it: "n1", "etcd", "the resource". */
export function procLabel(f: Frame | null, p: string): string {
  if (p === "store") return storeLabel(f?.store?.kind);
  if (p === "resource") return "resource";
  return p;
}

/** The processes on side B of the split being drawn: group B of the partition editor. */
export function sideBOf(s: Pick<SandboxState, "frame" | "params">): string[] {
  return s.frame ? processes(s.frame).filter((p) => s.params.groups[p] === "B") : [];
}

/** Put every process back on side A (out of group B), leaving the editor's other groups. */
export function clearSides(ctl: SandboxController): void {
  const groups = ctl.store.getState().params.groups;
  if (!Object.values(groups).includes("B")) return;
  ctl.dispatch({
    type: "params",
    params: { groups: Object.fromEntries(Object.entries(groups).filter(([, g]) => g !== "B")) },
  });
}

/** Move a process to side B of the split, or back. */
export function toggleSide(ctl: SandboxController, p: string): void {
  const groups = { ...ctl.store.getState().params.groups };
  if (groups[p] === "B") delete groups[p];
  else groups[p] = "B";
  ctl.dispatch({ type: "params", params: { groups } });
}

/** Perform a registered action for the picture and, once the engine has answered (the first
 *  frame after it), say what the cuts it left mean. */
function performAndExplain(
  ctl: SandboxController,
  ui: ClusterUi,
  name: string,
  t: ActionTarget,
  what: string,
): boolean {
  if (!perform(ctl, name, t)) return false;
  explainWhenDrawn(ctl, ui, what);
  return true;
}

/** The tools show while opened, after an act or a click is explained, or in one-way or split mode. */
export function toolsShown(u: ClusterUiState): boolean {
  return u.toolsOpen || u.explain !== null || u.acts.length > 0 || u.mode !== "cut";
}

/** Remember the act with the cuts of the frame that shows it (when no action is pending); the
 *  line beside the tools is worked out from it (network-line.ts). At most the last 20. */
function explainWhenDrawn(ctl: SandboxController, ui: ClusterUi, what: string): void {
  const say = (s: SandboxState): boolean => {
    if (s.pending > 0 || !s.frame) return false;
    const act: NetAct = { what, cuts: cutsKey(s.frame.cuts), at: s.frame.t };
    ui.setState({ explain: null, acts: [...ui.getState().acts.slice(-19), act] });
    return true;
  };
  if (say(ctl.store.getState())) return;
  const off = ctl.store.subscribe((s) => {
    if (s.status !== "ready" || say(s)) off();
  });
}

/** A click on a link (Shift or the one-way mode: only messages from `from` stop). */
export function clickLink(
  ctl: SandboxController,
  ui: ClusterUi,
  link: Link,
  opts: { shift?: boolean; from?: string } = {},
): void {
  const f = ctl.store.getState().frame;
  if (ui.getState().picked !== null) ui.setState({ picked: null });
  const oneWay = opts.shift === true || ui.getState().mode === "one-way";
  const from = opts.from ?? link.a;
  const to = from === link.a ? link.b : link.a;
  const faults = linkFaults(link, oneWay, from);
  const heals = faults.length === 1 && faults[0].do === "heal";
  const name = oneWay
    ? `${procLabel(f, from)} → ${procLabel(f, to)}`
    : linkName(link, (p) => procLabel(f, p));
  performAndExplain(
    ctl,
    ui,
    "link",
    { link, from, oneWay },
    `${heals ? "Healed" : oneWay ? "Cut one way" : "Cut"} ${name}`,
  );
}

/** How the explanation starts when a node's click in cut mode picked nothing (NodeColumn reads it). */
export const PICKED_NOTHING = "In cut mode, click a link line:";

/** A node clicked while the network tools are open (cut or one-way mode). Where nodes talk to
 *  each other, two nodes clicked one after the other cut the link between them (one way: from
 *  the first); where they talk only through the store and the resource, the click says so
 *  (review 6b #13: n1 then n2 only selected them, and nothing said why). */
export function pickInCutMode(ctl: SandboxController, ui: ClusterUi, id: string, links: Link[]): void {
  const f = ctl.store.getState().frame;
  const { picked } = ui.getState();
  const joins = (p: string, q: string) => (l: Link) => (l.a === p && l.b === q) || (l.a === q && l.b === p);
  const between = picked && picked !== id ? links.find(joins(picked, id)) : undefined;
  if (between && picked) {
    ui.setState({ picked: null });
    clickLink(ctl, ui, between, { from: picked });
    return;
  }
  const peer = (p: string) => p !== "store" && p !== "resource";
  const hasPeers = links.some((l) => (l.a === id && peer(l.b)) || (l.b === id && peer(l.a)));
  if (hasPeers) {
    ui.setState({
      picked: id,
      explain: `Picked ${id}: click another node to cut the link between them, or click a link line.`,
    });
    return;
  }
  const through = [...(f?.store ? [procLabel(f, "store")] : []), "the resource"].join(" and ");
  ui.setState({
    picked: null,
    explain: `${PICKED_NOTHING} nodes talk through ${through} here, not to each other.`,
  });
}

export function isolateNode(ctl: SandboxController, ui: ClusterUi, node: string): void {
  performAndExplain(ctl, ui, "isolate", { node }, `Isolated ${node}`);
}

export function healAll(ctl: SandboxController, ui: ClusterUi): void {
  performAndExplain(ctl, ui, "heal", {}, "Healed every link");
}

/** Split the processes on side B from the rest (side A), then leave split mode. */
export function splitSides(ctl: SandboxController, ui: ClusterUi): void {
  const s = ctl.store.getState();
  const f = s.frame;
  if (!f) return;
  const sideB = sideBOf(s);
  const fault = splitFault(f, new Set(sideB));
  if (!fault) return;
  const g = fault.groups as string[][];
  if (
    !performAndExplain(
      ctl,
      ui,
      "partition",
      { groups: g },
      `Split ${g.map((x) => x.map((p) => procLabel(f, p)).join(" ")).join(" | ")}`,
    )
  )
    return;
  clearSides(ctl);
  ui.setState({ mode: "cut", splitB: sideB });
}

export function dropMessage(ctl: SandboxController, ui: ClusterUi, id: number): void {
  const f = ctl.store.getState().frame;
  const m = f?.messages.find((x) => x.id === id);
  if (!m || !perform(ctl, "drop", { message: id })) return;
  ui.setState({
    explain: `Dropped ${arrowLabel(m.kind)} from ${procLabel(f, m.from)} to ${procLabel(f, m.to)}: ${procLabel(f, m.to)} never receives it, as if the network had lost it.`,
    message: null,
  });
}
