// What the cluster picture's own controls hold (not the run: that is the sandbox store): the
// click mode, the sides of a split being drawn, the one-line explanation of the last cut, the
// message being inspected. And the picture's actions: each becomes commands in data through the
// controller (faults appended at the current moment), after the explanation is set, so the
// learner reads what a cut means before its effect shows.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Frame } from "../../engine/index.ts";
import type { FaultInput } from "../../worker/protocol.ts";
import type { SandboxController } from "../controller.ts";
import { storeLabel } from "../labels.ts";
import { leaseLength } from "../scenarios.ts";
import { cutsAfter, linkFaults, linkName, splitFault, type Link } from "./cluster-links.ts";
import { explainCuts } from "./cut-explain.ts";

export type ClickMode = "cut" | "one-way" | "split";

export interface ClusterUiState {
  mode: ClickMode;
  /** processes put on side B of a split being drawn */
  sideB: string[];
  /** what the last cut, heal, isolation or split means for this protocol */
  explain: string | null;
  /** the message in flight being inspected */
  message: number | null;
}

export type ClusterUi = StoreApi<ClusterUiState>;

export function createClusterUi(): ClusterUi {
  return createStore<ClusterUiState>()(() => ({ mode: "cut", sideB: [], explain: null, message: null }));
}

/** A process as the picture names it: "n1", "etcd", "the resource". */
export function procLabel(f: Frame | null, p: string): string {
  if (p === "store") return storeLabel(f?.store?.kind);
  if (p === "resource") return "resource";
  return p;
}

export class ClusterActions {
  constructor(private readonly ctl: SandboxController, readonly ui: ClusterUi) {}

  private frame(): Frame | null {
    return this.ctl.store.getState().frame;
  }

  private canAct(): boolean {
    const s = this.ctl.store.getState();
    return s.status === "ready" && s.frame !== null && !s.ended;
  }

  /** Say what the faults mean, then apply them. */
  private run(what: string, faults: FaultInput[]): void {
    const s = this.ctl.store.getState();
    const f = s.frame;
    if (!f || !this.canAct()) return;
    const why = explainCuts(f, cutsAfter(f, faults), { scenario: s.parsed, leaseMs: leaseLength(s.parsed) });
    this.ui.setState({ explain: `${what}: ${why}` });
    for (const fault of faults) this.ctl.dispatch({ type: "act", fault });
  }

  /** A click on a link (Shift or the one-way mode: only messages from `from` stop). */
  link(link: Link, opts: { shift?: boolean; from?: string } = {}): void {
    const f = this.frame();
    const oneWay = opts.shift === true || this.ui.getState().mode === "one-way";
    const from = opts.from ?? link.a;
    const faults = linkFaults(link, oneWay, from);
    const to = from === link.a ? link.b : link.a;
    const heal = faults[0]?.do === "heal" && faults.length === 1;
    const name = oneWay ? `${procLabel(f, from)} → ${procLabel(f, to)}` : linkName(link, (p) => procLabel(f, p));
    this.run(`${heal ? "Healed" : oneWay ? "Cut one way" : "Cut"} ${name}`, faults);
  }

  isolate(node: string): void {
    this.run(`Isolated ${node}`, [{ do: "isolate", node }]);
  }

  healAll(): void {
    this.run("Healed every link", [{ do: "heal" }]);
  }

  toggleSide(p: string): void {
    const b = new Set(this.ui.getState().sideB);
    if (b.has(p)) b.delete(p);
    else b.add(p);
    this.ui.setState({ sideB: [...b] });
  }

  split(): void {
    const f = this.frame();
    if (!f) return;
    const fault = splitFault(f, new Set(this.ui.getState().sideB));
    if (!fault) return;
    const g = fault.groups as string[][];
    this.run(`Split ${g.map((x) => x.map((p) => procLabel(f, p)).join(" ")).join(" | ")}`, [fault]);
    this.ui.setState({ sideB: [], mode: "cut" });
  }

  drop(id: number): void {
    const f = this.frame();
    const m = f?.messages.find((x) => x.id === id);
    if (!m || !this.canAct()) return;
    this.ui.setState({ explain: `Dropped ${m.kind} from ${procLabel(f, m.from)} to ${procLabel(f, m.to)}: ${procLabel(f, m.to)} never receives it, as if the network had lost it.`, message: null });
    this.ctl.dispatch({ type: "act", fault: { do: "drop", message: id } });
  }
}
