// Every control is a registered action (name, label, shortcut, perform), so buttons, keyboard
// shortcuts, the help dialog and tours share one definition. Performing an action dispatches a
// Command; node actions become faults appended to the scenario at the current moment.
import type { FaultInput } from "../worker/protocol.ts";
import type { Command } from "./controller.ts";
import type { SandboxState } from "./store.ts";
import { partitionGroups, SPEEDS } from "./store.ts";
import { storeLabelCap } from "./labels.ts";

export type ActionGroup = "time" | "node" | "network" | "view";

export interface SandboxAction {
  name: string;
  group: ActionGroup;
  /** the visible label; may depend on the state (Play / Pause) */
  label: (s: SandboxState) => string;
  /** shown in the help dialog and in aria-keyshortcuts */
  shortcut: string;
  /** KeyboardEvent.key values that trigger it */
  keys: string[];
  enabled: (s: SandboxState) => boolean;
  /** the command to dispatch (null: nothing to do) */
  command: (s: SandboxState) => Command | null;
  /** what it does, for the help dialog */
  help: string;
}

const sec = (s: number) => Math.round(s * 1000);
const ready = (s: SandboxState) => s.status === "ready" && s.frame !== null;
const canAct = (s: SandboxState) => ready(s) && !s.ended;
const selectedNode = (s: SandboxState) => (s.selected ? s.frame?.nodes.find((n) => n.id === s.selected) ?? null : null);
const nodeUp = (s: SandboxState) => {
  const n = selectedNode(s);
  return canAct(s) && n !== null && n.role !== "crashed";
};
const act = (fault: FaultInput): Command => ({ type: "act", fault });
const onNode = (s: SandboxState, f: FaultInput): Command | null => (s.selected ? act({ ...f, node: s.selected }) : null);
const withFor = (seconds: number | null) => (seconds !== null && seconds > 0 ? { for: sec(seconds) } : {});
const hasStore = (s: SandboxState) => s.frame?.store !== null && s.frame?.store !== undefined;

function nextSpeed(s: SandboxState, dir: 1 | -1): number {
  const i = SPEEDS.findIndex((x) => x >= s.speed);
  const j = Math.min(SPEEDS.length - 1, Math.max(0, (i < 0 ? SPEEDS.length - 1 : i) + dir));
  return SPEEDS[j];
}

export const ACTIONS: SandboxAction[] = [
  {
    name: "toggle-play", group: "time", shortcut: "K or Space", keys: ["k", " "],
    label: (s) => (s.playing ? "Pause" : "Play"),
    enabled: (s) => ready(s) && (s.playing || !s.ended),
    command: () => ({ type: "toggle-play" }),
    help: "Play or pause simulated time",
  },
  {
    name: "step", group: "time", shortcut: ".", keys: ["."],
    label: () => "Next event",
    enabled: canAct,
    command: () => ({ type: "step", mode: "meaningful" }),
    help: "Pause and run to the next event that matters: a role change, a vote, a lease granted or expired, a write (accepted or refused)",
  },
  {
    name: "step-event", group: "time", shortcut: ",", keys: [","],
    label: () => "Smallest step",
    enabled: canAct,
    command: () => ({ type: "step", mode: "event" }),
    help: "Pause and process exactly one event, even one nothing on screen shows (a message arriving, a timer firing)",
  },
  {
    name: "back", group: "time", shortcut: "J", keys: ["j"],
    label: () => "Back 1 s",
    enabled: ready,
    command: () => ({ type: "seek-by", by: -1000 }),
    help: "Rewind one simulated second",
  },
  {
    name: "forward", group: "time", shortcut: "L", keys: ["l"],
    label: () => "Forward 1 s",
    enabled: canAct,
    command: () => ({ type: "seek-by", by: 1000 }),
    help: "Run one simulated second forward",
  },
  {
    name: "restart-run", group: "time", shortcut: "0", keys: ["0", "Home"],
    label: () => "To start",
    enabled: ready,
    command: () => ({ type: "seek", t: 0 }),
    help: "Rewind to the start of the run",
  },
  {
    name: "slower", group: "time", shortcut: "-", keys: ["-"],
    label: () => "Slower",
    enabled: ready,
    command: (s) => ({ type: "speed", speed: nextSpeed(s, -1) }),
    help: "Slow simulated time down (down to 0.1x)",
  },
  {
    name: "faster", group: "time", shortcut: "+", keys: ["+", "="],
    label: () => "Faster",
    enabled: ready,
    command: (s) => ({ type: "speed", speed: nextSpeed(s, 1) }),
    help: "Speed simulated time up (up to 100x)",
  },
  {
    name: "crash", group: "node", shortcut: "C", keys: ["c"],
    label: () => "Crash",
    enabled: nodeUp,
    command: (s) => onNode(s, { do: "crash" }),
    help: "Crash the selected node: it loses everything but what it had saved to disk",
  },
  {
    name: "restart", group: "node", shortcut: "R", keys: ["r"],
    label: () => "Restart",
    enabled: (s) => canAct(s) && selectedNode(s)?.role === "crashed",
    command: (s) => onNode(s, { do: "restart" }),
    help: "Restart the selected crashed or stopped node",
  },
  {
    name: "pause", group: "node", shortcut: "P", keys: ["p"],
    label: (s) => `GC pause ${s.params.pauseSeconds} s`,
    enabled: nodeUp,
    command: (s) => onNode(s, { do: "pause", for: sec(s.params.pauseSeconds) }),
    help: "Freeze the selected node for the chosen time (a stop-the-world pause)",
  },
  {
    name: "pause-write", group: "node", shortcut: "W", keys: ["w"],
    label: (s) => `Pause mid-write ${s.params.pauseSeconds} s`,
    enabled: nodeUp,
    command: (s) => onNode(s, { do: "pause", for: sec(s.params.pauseSeconds), during: "write" }),
    help: "Freeze the selected node at its next write, after it decided to write and before the write leaves",
  },
  {
    name: "isolate", group: "node", shortcut: "I", keys: ["i"],
    label: (s) => (s.params.isolateSeconds ? `Isolate ${s.params.isolateSeconds} s` : "Isolate"),
    enabled: canAct,
    command: (s) => onNode(s, { do: "isolate", ...withFor(s.params.isolateSeconds) }),
    help: "Cut every link to and from the selected node (until healed, or for the chosen time)",
  },
  {
    name: "slow", group: "node", shortcut: "S", keys: ["s"],
    label: (s) => `Slow ×${s.params.slowFactor}`,
    enabled: nodeUp,
    command: (s) => onNode(s, { do: "slow", factor: s.params.slowFactor }),
    help: "Make the selected node's timers and sends slower by the chosen factor",
  },
  {
    name: "drift", group: "node", shortcut: "D", keys: ["d"],
    label: (s) => `Clock drift ${s.params.driftPpm >= 0 ? "+" : ""}${s.params.driftPpm / 10_000}%`,
    enabled: canAct,
    command: (s) => onNode(s, { do: "clock", drift: s.params.driftPpm }),
    help: "Make the selected node's clock run fast or slow by the chosen percentage (+10% counts 11 s while 10 s pass)",
  },
  {
    name: "clock-step", group: "node", shortcut: "T", keys: ["t"],
    label: (s) => `Clock step ${s.params.stepMs >= 0 ? "+" : ""}${s.params.stepMs / 1000} s`,
    enabled: canAct,
    command: (s) => onNode(s, { do: "clock", step: s.params.stepMs }),
    help: "Jump the selected node's wall clock (as NTP would); its monotonic clock does not move",
  },
  {
    name: "shutdown", group: "node", shortcut: "X", keys: ["x"],
    label: () => "Shut down",
    enabled: nodeUp,
    command: (s) => onNode(s, { do: "shutdown" }),
    help: "Shut the selected node down gracefully: it releases what it holds first",
  },
  {
    name: "store-outage", group: "network", shortcut: "O", keys: ["o"],
    label: (s) => `${storeLabelCap(s.frame?.store?.kind)} down${s.params.outageSeconds ? ` ${s.params.outageSeconds} s` : ""}`,
    enabled: (s) => canAct(s) && hasStore(s) && s.frame?.store?.up === true,
    command: (s) => act({ do: "store-outage", ...withFor(s.params.outageSeconds) }),
    help: "Take the coordination store down (for the chosen time)",
  },
  {
    name: "heal", group: "network", shortcut: "H", keys: ["h"],
    label: () => "Heal network",
    enabled: (s) => canAct(s) && (s.frame?.cuts.length ?? 0) > 0,
    command: () => act({ do: "heal" }),
    help: "Restore every cut link",
  },
  {
    name: "partition", group: "network", shortcut: "G", keys: ["g"],
    label: (s) => {
      const k = partitionGroups(s).length;
      return k >= 2 ? `Partition into ${k} groups` : "Partition (put nodes in two groups)";
    },
    enabled: (s) => canAct(s) && partitionGroups(s).length >= 2,
    command: (s) => act({
      do: "partition", groups: partitionGroups(s),
      ...(s.params.partitionOneWay ? { oneWay: true } : {}), ...withFor(s.params.partitionSeconds),
    }),
    help: "Split the network into the groups chosen in the partition editor (one-way if ticked)",
  },
  {
    name: "cut-link", group: "network", shortcut: "U", keys: ["u"],
    label: (s) => `Cut ${s.params.cutFrom} ${s.params.cutOneWay ? "→" : "↔"} ${s.params.cutTo}`,
    enabled: (s) => canAct(s) && s.params.cutFrom !== s.params.cutTo,
    command: (s) => act({ do: "partition", groups: [[s.params.cutFrom], [s.params.cutTo]], ...(s.params.cutOneWay ? { oneWay: true } : {}) }),
    help: "Cut the one link chosen in the editor (one direction only if ticked)",
  },
  {
    name: "network", group: "network", shortcut: "N", keys: ["n"],
    label: (s) => `Apply delay ${s.params.delayMs} ms, jitter ${s.params.jitterMs} ms, loss ${s.params.lossPercent}%`,
    enabled: canAct,
    command: (s) => act({ do: "network", delay: s.params.delayMs, jitter: s.params.jitterMs, loss: Math.min(0.99, s.params.lossPercent / 100) }),
    help: "Change network delay, jitter and message loss from now on",
  },
  {
    name: "deselect", group: "view", shortcut: "Esc", keys: ["Escape"],
    label: () => "Deselect node",
    enabled: (s) => s.selected !== null,
    command: () => ({ type: "select", node: null }),
    help: "Clear the node selection",
  },
];

export const actionByName = new Map(ACTIONS.map((a) => [a.name, a]));

/** The action a key press triggers, if any. Keys typed into form fields never count. */
export function actionForKey(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">, target: EventTarget | null): SandboxAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const el = target as HTMLElement | null;
  if (el && typeof el.closest === "function") {
    if (el.closest("input, select, textarea, [contenteditable=''], [contenteditable='true'], dialog")) return null;
    // Space and Enter activate the focused button; they are not shortcuts there.
    if ((e.key === " " || e.key === "Enter") && el.closest("button, a, [role=button], summary")) return null;
  }
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  return ACTIONS.find((a) => a.keys.includes(key)) ?? null;
}

/** Run the action a key press names, when it applies now: the one shortcut path of every
 *  sandbox layout. True when the key was handled (the caller's event is then prevented). */
export function runShortcut(ctl: { store: { getState(): SandboxState }; dispatch(cmd: Command): void }, e: KeyboardEvent): boolean {
  const a = actionForKey(e, e.target);
  if (!a) return false;
  const s = ctl.store.getState();
  if (!a.enabled(s)) return false;
  const cmd = a.command(s);
  if (!cmd) return false;
  e.preventDefault();
  ctl.dispatch(cmd);
  return true;
}
