// Progress on long headless runs: the run goes in slices of simulated time, and once it has taken
// more than a second of wall time a line per second says how far it is (on stderr, so --json
// output stays clean). Short runs print nothing.
import { performance } from "node:perf_hooks";
import type { Simulation } from "../engine/index.ts";
import { formatDuration } from "../engine/validate/duration.ts";

const SLICES = 200;
const QUIET_MS = 1000;
const EVERY_MS = 1000;

/** Reports `line()` at most once a second, and only after the first second: quiet when quick. */
export function ticker(report: (line: string) => void, clock: () => number = () => performance.now()) {
  const t0 = clock();
  let last = t0;
  return (line: () => string) => {
    const now = clock();
    if (now - t0 > QUIET_MS && now - last >= EVERY_MS) {
      last = now;
      report(line());
    }
  };
}

export function runWithProgress(sim: Simulation, report: (line: string) => void, clock: () => number = () => performance.now()): Simulation {
  const until = sim.scenario.until;
  const t0 = clock();
  let last = t0;
  for (let i = 1; i <= SLICES; i++) {
    sim.runUntil((until * i) / SLICES);
    const now = clock();
    if (i < SLICES && now - t0 > QUIET_MS && now - last >= EVERY_MS) {
      last = now;
      report(`running: ${formatDuration(sim.now)} of ${formatDuration(until)} simulated (${Math.round((100 * i) / SLICES)}%), ${sim.state.stats.events} events so far`);
    }
  }
  return sim;
}
