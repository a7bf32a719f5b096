// Every control is a registered action (name, label, shortcut, command), so buttons, keyboard
// shortcuts, clicks in the cluster picture, tour steps, challenges and the help dialog share one
// definition and one path: `perform` (or `runShortcut` for a key) turns an action and what it is
// aimed at into a Command and dispatches it. Node and network actions become faults appended to
// the scenario at the current moment; the picture then draws what the engine answers.
import type { FaultInput } from "../worker/protocol.ts";
import type { Command } from "./commands.ts";
import type { SandboxState } from "./store.ts";
import { partitionGroups, SPEEDS } from "./store.ts";
import { storeLabelCap } from "./labels.ts";
import { linkFaults, type Link } from "./views/cluster-links.ts";

export type ActionGroup = "time" | "node" | "network" | "view";

/** What an action is aimed at, when not the selected node and the editors' settings: a node or a
 *  link in the picture (clicked from the end `from`, one way or both), the groups of a split
 *  drawn on the picture, a message in flight, or a whole fault given in data (a tour step, a
 *  challenge's move), which the action of its kind performs as it is. */
export interface ActionTarget {
  node?: string;
  link?: Link;
  from?: string;
  oneWay?: boolean;
  groups?: string[][];
  message?: number;
  fault?: FaultInput;
}

export interface SandboxAction {
  name: string;
  group: ActionGroup;
  /** the visible label; may depend on the state (Play / Pause) */
  label: (s: SandboxState) => string;
  /** shown in the help dialog and in aria-keyshortcuts */
  shortcut: string;
  /** KeyboardEvent.key values that trigger it */
  keys: string[];
  enabled: (s: SandboxState, t?: ActionTarget) => boolean;
  /** the command to dispatch (null: nothing to do) */
  command: (s: SandboxState, t?: ActionTarget) => Command | null;
  /** what it does, for the help dialog */
  help: string;
  /** the fault kinds (`do`) it appends, so a fault given whole finds its action */
  does?: string[];
}

const sec = (s: number) => Math.round(s * 1000);
const ready = (s: SandboxState) => s.status === "ready" && s.frame !== null;
const canAct = (s: SandboxState) => ready(s) && !s.ended;
const selectedNode = (s: SandboxState, t?: ActionTarget) => {
  const id = nodeOf(s, t);
  return id ? (s.frame?.nodes.find((n) => n.id === id) ?? null) : null;
};
const nodeUp = (s: SandboxState, t?: ActionTarget) => {
  const n = selectedNode(s, t);
  return canAct(s) && n !== null && n.role !== "crashed";
};
const act = (...faults: FaultInput[]): Command => ({ type: "act", faults });
/** On the target node (a click in the picture), else the selected one. */
const nodeOf = (s: SandboxState, t?: ActionTarget) => t?.node ?? s.selected;
const onNode = (s: SandboxState, t: ActionTarget | undefined, f: FaultInput): Command | null => {
  const node = nodeOf(s, t);
  return node ? act({ ...f, node }) : null;
};
const withFor = (seconds: number | null) => (seconds !== null && seconds > 0 ? { for: sec(seconds) } : {});
const hasStore = (s: SandboxState) => s.frame?.store !== null && s.frame?.store !== undefined;

function nextSpeed(s: SandboxState, dir: 1 | -1): number {
  const i = SPEEDS.findIndex((x) => x >= s.speed);
  const j = Math.min(SPEEDS.length - 1, Math.max(0, (i < 0 ? SPEEDS.length - 1 : i) + dir));
  return SPEEDS[j];
}

export const ACTIONS: SandboxAction[] = [
  {
    name: "toggle-play",
    group: "time",
    shortcut: "K or Space",
    keys: ["k", " "],
    label: (s) => (s.playing ? "Pause" : "Play"),
    enabled: (s) => ready(s) && (s.playing || !s.ended),
    command: () => ({ type: "toggle-play" }),
    help: "Play or pause simulated time",
  },
  {
    name: "step",
    group: "time",
    shortcut: ".",
    keys: ["."],
    label: () => "Next event",
    enabled: canAct,
    command: () => ({ type: "step", mode: "meaningful" }),
    help: "Pause and run to the next event that matters: a role change, a vote, a lease granted or expired, a write (accepted or refused)",
  },
  {
    name: "step-event",
    group: "time",
    shortcut: ",",
    keys: [","],
    label: () => "Smallest step",
    enabled: canAct,
    command: () => ({ type: "step", mode: "event" }),
    help: "Pause and process exactly one event, even one nothing on screen shows (a message arriving, a timer firing)",
  },
  {
    name: "back",
    group: "time",
    shortcut: "J",
    keys: ["j"],
    label: () => "Back 1 s",
    enabled: ready,
    command: () => ({ type: "seek-by", by: -1000 }),
    help: "Rewind one simulated second",
  },
  {
    name: "forward",
    group: "time",
    shortcut: "L",
    keys: ["l"],
    label: () => "Forward 1 s",
    enabled: canAct,
    command: () => ({ type: "seek-by", by: 1000 }),
    help: "Run one simulated second forward",
  },
  {
    name: "restart-run",
    group: "time",
    shortcut: "0",
    keys: ["0", "Home"],
    label: () => "To start",
    enabled: ready,
    command: () => ({ type: "seek", t: 0 }),
    help: "Rewind to the start of the run",
  },
  {
    name: "slower",
    group: "time",
    shortcut: "-",
    keys: ["-"],
    label: () => "Slower",
    enabled: ready,
    command: (s) => ({ type: "speed", speed: nextSpeed(s, -1) }),
    help: "Slow simulated time down (down to 0.1x)",
  },
  {
    name: "faster",
    group: "time",
    shortcut: "+",
    keys: ["+", "="],
    label: () => "Faster",
    enabled: ready,
    command: (s) => ({ type: "speed", speed: nextSpeed(s, 1) }),
    help: "Speed simulated time up (up to 100x)",
  },
  {
    name: "crash",
    group: "node",
    shortcut: "C",
    keys: ["c"],
    does: ["crash"],
    label: () => "Crash",
    enabled: nodeUp,
    command: (s, t) => onNode(s, t, { do: "crash" }),
    help: "Crash the selected node: it loses everything but what it had saved to disk",
  },
  {
    name: "restart",
    group: "node",
    shortcut: "R",
    keys: ["r"],
    does: ["restart"],
    label: () => "Restart",
    enabled: (s, t) => canAct(s) && selectedNode(s, t)?.role === "crashed",
    command: (s, t) => onNode(s, t, { do: "restart" }),
    help: "Restart the selected crashed or stopped node",
  },
  {
    name: "pause",
    group: "node",
    shortcut: "P",
    keys: ["p"],
    does: ["pause"],
    label: (s) => `GC pause ${s.params.pauseSeconds} s`,
    enabled: nodeUp,
    command: (s, t) => onNode(s, t, { do: "pause", for: sec(s.params.pauseSeconds) }),
    help: "Pause the selected node for the chosen time (a GC pause: the whole process stops)",
  },
  {
    name: "pause-write",
    group: "node",
    shortcut: "W",
    keys: ["w"],
    label: (s) => `Pause mid-write ${s.params.pauseSeconds} s`,
    enabled: nodeUp,
    command: (s, t) => onNode(s, t, { do: "pause", for: sec(s.params.pauseSeconds), during: "write" }),
    help: "Pause the selected node at its next write, after it decided to write and before the write leaves",
  },
  {
    name: "isolate",
    group: "node",
    shortcut: "I",
    keys: ["i"],
    does: ["isolate"],
    label: (s) => (s.params.isolateSeconds ? `Isolate ${s.params.isolateSeconds} s` : "Isolate"),
    enabled: canAct,
    command: (s, t) => onNode(s, t, { do: "isolate", ...withFor(s.params.isolateSeconds) }),
    help: "Cut every link to and from the selected node (until healed, or for the chosen time)",
  },
  {
    name: "slow",
    group: "node",
    shortcut: "S",
    keys: ["s"],
    does: ["slow"],
    label: (s) => `Slow ×${s.params.slowFactor}`,
    enabled: nodeUp,
    command: (s, t) => onNode(s, t, { do: "slow", factor: s.params.slowFactor }),
    help: "Make the selected node's timers and sends slower by the chosen factor",
  },
  {
    name: "drift",
    group: "node",
    shortcut: "D",
    keys: ["d"],
    does: ["clock"],
    label: (s) => `Clock drift ${s.params.driftPpm >= 0 ? "+" : ""}${s.params.driftPpm / 10_000}%`,
    enabled: canAct,
    command: (s, t) => onNode(s, t, { do: "clock", drift: s.params.driftPpm }),
    help: "Make the selected node's clock run fast or slow by the chosen percentage (+10% counts 11 s while 10 s pass)",
  },
  {
    name: "clock-step",
    group: "node",
    shortcut: "T",
    keys: ["t"],
    label: (s) => `Clock step ${s.params.stepMs >= 0 ? "+" : ""}${s.params.stepMs / 1000} s`,
    enabled: canAct,
    command: (s, t) => onNode(s, t, { do: "clock", step: s.params.stepMs }),
    help: "Jump the selected node's wall clock (as NTP would); its monotonic clock does not move",
  },
  {
    name: "shutdown",
    group: "node",
    shortcut: "X",
    keys: ["x"],
    does: ["shutdown"],
    label: () => "Shut down",
    enabled: nodeUp,
    command: (s, t) => onNode(s, t, { do: "shutdown" }),
    help: "Shut the selected node down gracefully: it releases what it holds first",
  },
  {
    name: "store-outage",
    group: "network",
    shortcut: "O",
    keys: ["o"],
    does: ["store-outage"],
    label: (s) =>
      `${storeLabelCap(s.frame?.store?.kind)} down${s.params.outageSeconds ? ` ${s.params.outageSeconds} s` : ""}`,
    enabled: (s) => canAct(s) && hasStore(s) && s.frame?.store?.up === true,
    command: (s) => act({ do: "store-outage", ...withFor(s.params.outageSeconds) }),
    help: "Take the coordination store down (for the chosen time)",
  },
  {
    name: "heal",
    group: "network",
    shortcut: "H",
    keys: ["h"],
    does: ["heal"],
    label: () => "Heal network",
    enabled: (s) => canAct(s) && (s.frame?.cuts.length ?? 0) > 0,
    command: () => act({ do: "heal" }),
    help: "Restore every cut link",
  },
  {
    name: "partition",
    group: "network",
    shortcut: "G",
    keys: ["g"],
    does: ["partition"],
    label: (s) => {
      const k = partitionGroups(s).length;
      return k >= 2 ? `Partition into ${k} groups` : "Partition (put nodes in two groups)";
    },
    enabled: (s, t) => canAct(s) && (t?.groups ?? partitionGroups(s)).length >= 2,
    command: (s, t) =>
      t?.groups
        ? act({ do: "partition", groups: t.groups })
        : act({
            do: "partition",
            groups: partitionGroups(s),
            ...(s.params.partitionOneWay ? { oneWay: true } : {}),
            ...withFor(s.params.partitionSeconds),
          }),
    help: "Split the network into the groups chosen in the partition editor (one-way if ticked)",
  },
  {
    name: "cut-link",
    group: "network",
    shortcut: "U",
    keys: ["u"],
    label: (s) => `Cut ${s.params.cutFrom} ${s.params.cutOneWay ? "→" : "↔"} ${s.params.cutTo}`,
    enabled: (s) => canAct(s) && s.params.cutFrom !== s.params.cutTo,
    command: (s) =>
      act({
        do: "partition",
        groups: [[s.params.cutFrom], [s.params.cutTo]],
        ...(s.params.cutOneWay ? { oneWay: true } : {}),
      }),
    help: "Cut the one link chosen in the editor (one direction only if ticked)",
  },
  {
    name: "network",
    group: "network",
    shortcut: "N",
    keys: ["n"],
    does: ["network"],
    label: (s) =>
      `Apply delay ${s.params.delayMs} ms, jitter ${s.params.jitterMs} ms, loss ${s.params.lossPercent}%`,
    enabled: canAct,
    command: (s) =>
      act({
        do: "network",
        delay: s.params.delayMs,
        jitter: s.params.jitterMs,
        loss: Math.min(0.99, s.params.lossPercent / 100),
      }),
    help: "Change network delay, jitter and message loss from now on",
  },
  {
    // A click on a link in the picture (no key: the picture's own keys reach it).
    name: "link",
    group: "network",
    shortcut: "",
    keys: [],
    label: () => "Cut or heal a link",
    enabled: (s, t) => canAct(s) && t?.link !== undefined,
    command: (_s, t) => (t?.link ? act(...linkFaults(t.link, t.oneWay === true, t.from ?? t.link.a)) : null),
    help: "Cut the clicked link, or heal it when it is cut (one direction only with Shift or Cut one way)",
  },
  {
    name: "drop",
    group: "network",
    shortcut: "",
    keys: [],
    does: ["drop"],
    label: () => "Drop this message",
    enabled: (s, t) =>
      canAct(s) && t?.message !== undefined && (s.frame?.messages.some((m) => m.id === t.message) ?? false),
    command: (_s, t) => (t?.message !== undefined ? act({ do: "drop", message: t.message }) : null),
    help: "Lose the inspected message in flight, as if the network had",
  },
  {
    name: "deselect",
    group: "view",
    shortcut: "Esc",
    keys: ["Escape"],
    label: () => "Deselect node",
    enabled: (s) => s.selected !== null,
    command: () => ({ type: "select", node: null }),
    help: "Clear the node selection",
  },
];

export const actionByName = new Map(ACTIONS.map((a) => [a.name, a]));

/** The action that appends faults of this kind (the first registered: "pause" before
 *  "pause-write", "drift" before "clock-step"). */
export function actionForFault(fault: FaultInput): SandboxAction | null {
  return ACTIONS.find((a) => a.does?.includes(fault.do)) ?? null;
}

/** The command an action gives now, aimed at `t`, or null when it does not apply. A fault given
 *  whole (a tour step, a challenge's move) is appended as it is: the worker judges it, as it
 *  judges a shared scenario, and a refusal comes back as a notice. */
export function commandFor(s: SandboxState, a: SandboxAction, t?: ActionTarget): Command | null {
  if (t?.fault) return a.does?.includes(t.fault.do) ? act(t.fault) : null;
  return a.enabled(s, t) ? a.command(s, t) : null;
}

type Dispatcher = { store: { getState(): SandboxState }; dispatch(cmd: Command): void };

/** Perform a registered action aimed at `t`: the one path of every button, click, tour step and
 *  challenge move. Returns the command dispatched (null: nothing applied). */
export function perform(ctl: Dispatcher, name: string, t?: ActionTarget): Command | null {
  const a = actionByName.get(name);
  if (!a) throw new Error(`unknown action ${name}`);
  const cmd = commandFor(ctl.store.getState(), a, t);
  if (cmd) ctl.dispatch(cmd);
  return cmd;
}

/** Perform the action a whole fault in data names (a tour step, a challenge's move). */
export function performFault(ctl: Dispatcher, fault: FaultInput): Command | null {
  const a = actionForFault(fault);
  if (!a) throw new Error(`no action appends a "${fault.do}" fault`);
  return perform(ctl, a.name, { fault });
}

/** The action a key press triggers, if any. Keys typed into form fields never count. */
export function actionForKey(
  e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">,
  target: EventTarget | null,
): SandboxAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const el = target as HTMLElement | null;
  if (el && typeof el.closest === "function") {
    if (el.closest("input, select, textarea, [contenteditable=''], [contenteditable='true'], dialog"))
      return null;
    // Space and Enter activate the focused button; they are not shortcuts there.
    if ((e.key === " " || e.key === "Enter") && el.closest("button, a, [role=button], summary")) return null;
  }
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  return ACTIONS.find((a) => a.keys.includes(key)) ?? null;
}

/** Run the action a key press names, when it applies now: the one shortcut path of every
 *  sandbox layout. True when the key was handled (the caller's event is then prevented). */
export function runShortcut(ctl: Dispatcher, e: KeyboardEvent): boolean {
  const a = actionForKey(e, e.target);
  if (!a) return false;
  const cmd = commandFor(ctl.store.getState(), a);
  if (!cmd) return false;
  e.preventDefault();
  ctl.dispatch(cmd);
  return true;
}
