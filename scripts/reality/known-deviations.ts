// Where the engine is known to differ from the real servers, each named after the mechanism in
// the fidelity issue (issue 34) that causes it. The comparison names these in the report, and
// the recorded-results test allows exactly these and nothing else: when the engine is fixed the
// entry stops applying and the test says to remove it, so the check tightens.
import type { Discrete, Timing } from "./figures.ts";

export interface Deviation {
  /** a short name for the mechanism */
  id: string;
  /** the item of issue 34 that describes it */
  issue: string;
  mechanism: string;
  scenarios: string[];
  figure: Discrete | Timing;
  /** timings: how far (ms) beyond the recorded range the engine may fall while this stands */
  slack?: number;
}

export const KNOWN: Deviation[] = [];

export const knownFor = (scenario: string, figure: string): Deviation | undefined =>
  KNOWN.find((d) => d.figure === figure && d.scenarios.includes(scenario));
