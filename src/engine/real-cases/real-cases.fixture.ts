// What the real-cases tests share (issue 34): each test file replays one project's own test
// cases as scenarios and reads the resulting trace with these.
import { runScenario } from "../index.ts";
import type { TraceEvent } from "../core/trace.ts";

export const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
export const run = (sc: Record<string, unknown>) => runScenario(sc);
export const starts = (trace: TraceEvent[]) => of(trace, "leader-start");
