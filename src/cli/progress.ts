// Progress on long headless runs: the run goes in slices of simulated time, and once it has taken
// more than a second of wall time a line per second says how far it is (on stderr, so --json
// output stays clean). Short runs print nothing.
import { performance } from "node:perf_hooks";
import type { Session } from "../engine/session/index.ts";
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

/** Runs a loaded session to its end, in slices so a long run can say how far it is. */
export function runWithProgress(
  session: Session,
  report: (line: string) => void,
  clock: () => number = () => performance.now(),
): Session {
  const until = session.until;
  const sim = session.simulation;
  const t0 = clock();
  let last = t0;
  for (let i = 1; i <= SLICES; i++) {
    session.advanceTo((until * i) / SLICES);
    const now = clock();
    if (i < SLICES && now - t0 > QUIET_MS && now - last >= EVERY_MS) {
      last = now;
      report(
        `running: ${formatDuration(session.now)} of ${formatDuration(until)} simulated (${Math.round((100 * i) / SLICES)}%), ${sim.state.stats.events} events so far`,
      );
    }
  }
  return session;
}
