// The shape of a sandbox action and the checks every registered action shares.
import type { FaultInput } from "../worker/protocol.ts";
import type { Command } from "./commands.ts";
import type { SandboxState } from "./store.ts";
import type { Link } from "./views/cluster-links.ts";

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

export const sec = (s: number) => Math.round(s * 1000);
export const ready = (s: SandboxState) => s.status === "ready" && s.frame !== null;
export const canAct = (s: SandboxState) => ready(s) && !s.ended;
const selectedNode = (s: SandboxState, t?: ActionTarget) => {
  const id = nodeOf(s, t);
  return id ? (s.frame?.nodes.find((n) => n.id === id) ?? null) : null;
};
export const nodeUp = (s: SandboxState, t?: ActionTarget) => {
  const n = selectedNode(s, t);
  return canAct(s) && n !== null && n.role !== "crashed";
};
export const isCrashed = (s: SandboxState, t?: ActionTarget) => selectedNode(s, t)?.role === "crashed";
export const act = (...faults: FaultInput[]): Command => ({ type: "act", faults });
/** On the target node (a click in the picture), else the selected one. */
const nodeOf = (s: SandboxState, t?: ActionTarget) => t?.node ?? s.selected;
export const onNode = (s: SandboxState, t: ActionTarget | undefined, f: FaultInput): Command | null => {
  const node = nodeOf(s, t);
  return node ? act({ ...f, node }) : null;
};
export const withFor = (seconds: number | null) =>
  seconds !== null && seconds > 0 ? { for: sec(seconds) } : {};
