// The typed messages between the page and the simulation worker. Commands go in, frames come
// out. Everything here is plain data (structured-clone safe); the page never runs the engine's
// event loop.
import type { Frame, FrameNode, Step, TraceEvent } from "../engine/index.ts";

export type { FaultInput, LaneEvent, SentMessage, StepMode } from "../engine/session/index.ts";
import type { FaultInput, LaneEvent, SentMessage, StepMode } from "../engine/session/index.ts";

export type ToWorker =
  | { type: "load"; scenario: unknown; at: number; playing: boolean; speed: number }
  | { type: "play" }
  | { type: "pause" }
  | { type: "speed"; speed: number }
  | { type: "seek"; t: number }
  /** "visible" (the default): the next event the trace shows; "event": one raw event;
   *  "meaningful": the next role change, vote, lease grant or expiry, or write */
  | { type: "step"; mode?: StepMode }
  /** pause when simulated time reaches t (a tour step that lasts a set time), or never */
  | { type: "stop-at"; t: number | null }
  /** one action: its faults apply in order at one moment (a one-way re-cut is a heal and a cut) */
  | { type: "act"; id: number; faults: FaultInput[] }
  | { type: "ack" }
  | { type: "ping"; id: number }
  | { type: "trace"; reqId: number; format: "json" }
  | { type: "window"; reqId: number; from: number; to: number; limit: number }
  | { type: "fingerprint"; reqId: number }
  /** "Why?": the causal chain of one event the page holds (matched by value in the trace) */
  | { type: "explain"; reqId: number; event: TraceEvent };

/** A frame without the fields that change every instant; the page rebuilds them. */
export type NodeCore = Omit<FrameNode, "localClockMs" | "wallClockMs">;

export interface FrameDelta {
  t: number;
  /** [localClockMs, wallClockMs] per node, every frame */
  clocks: number[];
  /** nodes whose other fields changed: [index, node without clocks] */
  nodes: Array<[number, NodeCore]>;
  messagesAdded: Frame["messages"];
  messagesRemoved: number[];
  cuts?: Frame["cuts"];
  store?: Frame["store"];
  storeClockMs: number | null;
  resource?: Frame["resource"];
  monitors?: Frame["monitors"];
}

export type FromWorker =
  | {
      type: "reset";
      /** bumped on every load, seek and fork: deltas of an older generation are ignored */
      gen: number;
      /** the run's scenario; left out by a seek (`keep`) when it is the one the last reset
       *  sent, which the page still holds (a long fault script would otherwise be copied and
       *  checked again on every rewind) */
      scenario?: unknown;
      frame: Frame;
      /** Narratable events from whole-run index eventsFrom on; the page holds those from
       *  eventsBase on (it drops older ones). Historic events (the whole run's faults, leader
       *  changes, refused writes...: engine/session/window.ts historic) with their whole-run
       *  indices, and lane samples. With `keep` (a seek within one run: its events up to any
       *  moment never change, so they are not sent again), the page keeps from generation
       *  keep.gen its events before whole-run index keep.events (null: none, this is a new
       *  window), its first keep.history historic events and keep.lanes lane samples, and gets
       *  only the rest. */
      events: TraceEvent[];
      eventsFrom: number;
      eventsBase: number;
      history: TraceEvent[];
      historyAt: number[];
      lanes: LaneEvent[];
      keep?: { gen: number; events: number | null; history: number; lanes: number };
      messages: number;
      playing: boolean;
      speed: number;
    }
  | {
      type: "delta";
      gen: number;
      delta: FrameDelta;
      /** as in a reset: new narratable events from eventsFrom on (after the page's last one,
       *  or later: then the page starts its window there), the page's window start after them,
       *  new historic events and lane samples */
      events: TraceEvent[];
      eventsFrom: number;
      eventsBase: number;
      history: TraceEvent[];
      historyAt: number[];
      lanes: LaneEvent[];
      sent: SentMessage[];
      /** sends not included in `sent` (too many to draw) */
      sentSkipped: number;
      messages: number;
      playing: boolean;
      ended: boolean;
    }
  /** What an action changed, not the scenario: the page's scenario becomes its fault list
   *  without the `removed` indices (scripted faults a fork dropped), then `faults` (each stamped
   *  with `at`). eventIndex: how many narratable events there were before the action applied. */
  | {
      type: "acted";
      id: number;
      at: number;
      faults: FaultInput[];
      dropped: number;
      removed: number[];
      eventIndex: number;
    }
  | { type: "error"; id?: number; scope: "load" | "act" | "seek"; message: string; path?: string }
  | { type: "pong"; id: number }
  | { type: "trace"; reqId: number; json: string }
  | { type: "window"; reqId: number; events: TraceEvent[]; truncated: boolean }
  | { type: "fingerprint"; reqId: number; t: number; digest: string }
  /** null: the event is not in the trace (the run was reloaded since) */
  | { type: "explain"; reqId: number; chain: Step[] | null };
