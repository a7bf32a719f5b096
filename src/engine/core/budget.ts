// The engine's hard stop. Scenario validation (scenario/limits.ts) refuses runs whose estimated
// size is too large; this catches the rest (a message storm the estimate did not foresee), so no
// run can grow without bound in the CLI, the worker or a test.
export const MAX_RUN_EVENTS = 5_000_000;

export class RunLimitError extends Error {
  readonly path = "until";
  constructor(at: number, events: number) {
    super(
      `until: the run stopped at ${Math.round(at)} ms after ${events.toLocaleString("en-US").replace(/,/g, " ")} events, the most one run may take; use a shorter until, fewer nodes or longer timers`,
    );
    this.name = "RunLimitError";
  }
}
