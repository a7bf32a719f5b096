// The session layer: a headless player over the engine's public API, the playback clock, and
// the guided-tour machine. The worker, the tours, the content check and tests all drive it.
export { Session } from "./session.ts";
export { SANDBOX_MAX_NODES, sandboxSizeError } from "./session-types.ts";
export type { FaultInput, SentMessage, SessionCommand, StepMode } from "./session-types.ts";
export { Playback, MAX_TICK_MS } from "./playback.ts";
export type { LaneEvent } from "./lanes.ts";
export { narratable } from "./window.ts";
export { meaningful, stopsAt } from "./step-stops.ts";
export {
  conditionMet,
  stopTime,
  describeCondition,
  actionMatches,
  intentMismatch,
  missedCondition,
} from "./tour-conditions.ts";
export type { Condition, StepContext } from "./tour-conditions.ts";
export { reduceTour } from "./tour-machine.ts";
export type { TourCommand, TourEvent, TourSpec, TourState, TourView } from "./tour-machine.ts";
export { runTour } from "./tour-headless.ts";
