// The session's vocabulary: the commands it takes, what an action and a step report, the
// cursors the worker asks "what changed since?" with, and the options a host opens it with.
import { ScenarioError } from "../scenario/schema.ts";
import type { TraceEvent } from "../core/trace.ts";
import type { LaneEvent } from "./lanes.ts";

/** Simulated milliseconds between snapshots over the recent half minute (denser just behind the
 *  latest moment, sparser before: snapshots.ts spacingAt). */
export const SNAP_EVERY = 2000;

/** A fault as the learner asks for it: the session stamps `at` with the moment it applies. */
export type FaultInput = Record<string, unknown> & { do: string };

/** A message that was sent since a cursor (for drawing it in flight). */
export interface SentMessage {
  id: number;
  from: string;
  to: string;
  kind: string;
  sentAt: number;
  /** -1 when the message was lost on the way (loss or a cut link) */
  arriveAt: number;
}

export interface Acted {
  at: number;
  /** the first fault appended (a tour step acts with one) */
  fault: FaultInput;
  /** every fault appended, in order, each stamped with `at` */
  faults: FaultInput[];
  /** scripted faults dropped because the action came before them (a fork) */
  dropped: number;
  /** their indices in the scenario's fault list before the action: the scenario now is that
   *  list without them, then `faults` (what changed, so no host copies the whole scenario) */
  removed: number[];
  /** how many narratable events there were before the action applied */
  eventIndex: number;
}

/** "event": one raw fault or event; "visible": run until the trace grows (at most 1000 events);
 *  "meaningful": run until a role change, a vote, a lease grant or expiry, or a write. */
export type StepMode = "event" | "visible" | "meaningful";

/** A command in data: what a click, a tour step or a replayed log applies to a session. */
export type SessionCommand =
  | { type: "act"; fault: FaultInput | readonly FaultInput[] }
  | { type: "seek"; t: number }
  | { type: "step"; mode?: StepMode }
  | { type: "fork" };

/** Positions in the trace, the lanes, the narratable events and the historic ones, to ask
 *  what changed since. */
export interface Cursor {
  trace: number;
  lanes: number;
  events: number;
  history: number;
}

export interface Changes {
  /** narratable events from the whole-run index `eventsFrom` on (the cursor's, or later when
   *  more than asked for came since) */
  events: TraceEvent[];
  eventsFrom: number;
  /** historic events since the cursor (window.ts historic), with their whole-run indices */
  history: TraceEvent[];
  historyAt: number[];
  sent: SentMessage[];
  /** sends not included in `sent` (more than asked for) */
  sentSkipped: number;
  lanes: LaneEvent[];
  cursor: Cursor;
}

/** The sandbox draws every node as a circle on one ring with its lanes and timers: beyond 25 the
 *  circles and labels no longer fit legibly at 375 px, so a session refuses bigger clusters
 *  (the CLI and the experiments take up to MAX_NODES, 1,001). */
export const SANDBOX_MAX_NODES = 25;

/** The sandbox's refusal of a cluster it cannot draw, or null (the session and the run form). */
export function sandboxSizeError(nodes: number, max = SANDBOX_MAX_NODES): ScenarioError | null {
  return nodes > max
    ? new ScenarioError(
        "nodes",
        `at most ${max} nodes in the sandbox: beyond that the nodes and their labels no longer fit legibly on screen`,
      )
    : null;
}

export interface SessionOptions {
  /** the largest cluster this session loads (SANDBOX_MAX_NODES) */
  maxNodes?: number;
  /** simulated ms between snapshots (SNAP_EVERY); Infinity for a run that never seeks back */
  snapEvery?: number;
  trace?: "full" | "roles";
  /** sample the role lanes after every event (the timeline's data); false for headless runs
   *  that only read the trace and the summary, such as the CLI's `run` */
  lanes?: boolean;
  /** keep only about this many of the latest full-trace events in memory (rebuilding older
   *  ones on demand); Infinity (the default) keeps the whole trace */
  traceWindow?: number;
  /** keep only about this many of the latest narratable events in memory (beside the historic
   *  ones); Infinity (the default) keeps them all */
  eventsWindow?: number;
  /** false: skip the run-size estimate at load (the bench's long runs); the engine's hard stop
   *  on events still applies */
  estimate?: boolean;
}
