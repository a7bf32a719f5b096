// The action registry and its one path: perform an action (or a key's action) as a command.
// Every control is a registered action (name, label, shortcut, command), so buttons, keyboard
// shortcuts, clicks in the cluster picture, tour steps, challenges and the help dialog share one
// definition and one path: `perform` (or `runShortcut` for a key) turns an action and what it is
// aimed at into a Command and dispatches it. Node and network actions become faults appended to
// the scenario at the current moment; the picture then draws what the engine answers.
import type { FaultInput } from "../worker/protocol.ts";
import type { Command } from "./commands.ts";
import type { SandboxState } from "./store.ts";
import { act, type ActionTarget, type SandboxAction } from "./action-base.ts";
import { NETWORK_ACTIONS } from "./network-actions.ts";
import { NODE_ACTIONS } from "./node-actions.ts";
import { TIME_ACTIONS, VIEW_ACTIONS } from "./time-actions.ts";

/** Every action, in the help dialog's order (time, node, network, view). */
export const ACTIONS: SandboxAction[] = [
  ...TIME_ACTIONS,
  ...NODE_ACTIONS,
  ...NETWORK_ACTIONS,
  ...VIEW_ACTIONS,
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
