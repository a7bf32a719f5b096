// The commands a sandbox takes, in data: what a click, a key, a tour step or an opened link
// becomes (actions.ts makes the fault ones), and what the controller (controller.ts) carries out.
import type { FaultInput } from "../worker/protocol.ts";
import type { StepMode } from "../engine/session/index.ts";
import type { RawScenario } from "./scenarios.ts";
import type { Params, Source } from "./store.ts";
import type { Tour } from "./tour-rules.ts";

export type Command =
  | { type: "play" }
  | { type: "pause" }
  | { type: "toggle-play" }
  | { type: "speed"; speed: number }
  | { type: "seek"; t: number }
  /** seek relative to the last moment asked for while paused (two quick presses of Forward 1 s
   *  go 2 s even when the first frame has not come back yet), or to the one shown */
  | { type: "seek-by"; by: number }
  /** "meaningful": to the next role change, vote, lease grant or expiry, or write; "event": one
   *  raw event; "visible" (the default): the next event the page keeps */
  | { type: "step"; mode?: StepMode }
  /** one action: its faults apply in order at one moment (a one-way re-cut heals and cuts) */
  | { type: "act"; faults: FaultInput[] }
  | { type: "load"; scenario: RawScenario; source: Source; title: string; at?: number; playing?: boolean }
  | { type: "extend"; by: number }
  | { type: "select"; node: string | null }
  | { type: "params"; params: Partial<Params> }
  | { type: "tour-start"; tour: Tour }
  | { type: "tour-next" }
  | { type: "tour-back" }
  | { type: "tour-do" }
  | { type: "tour-retry" }
  | { type: "tour-exit" };
