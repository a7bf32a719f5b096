// The bounds every scenario stays within, so no run can hang the CLI, the worker or the page,
// and the rules zod cannot express that only make sense once the scenario is parsed. Each
// refusal names the field and the limit in words a learner can act on.
import { ScenarioError } from "../validate/check.ts";
import { formatDuration } from "../validate/duration.ts";
import { SPECS, isProtocol } from "../protocols/registry.ts";
import type { Fault } from "../core/scenario.ts";
import type { CoreScenario as Scenario } from "../core/scenario.ts";

/** A day of simulated time: longer than any incident the course studies. */
export const MAX_UNTIL_MS = 24 * 3_600_000;
/** Rough work of one run (see estimateEvents); about a second or two of engine time. */
export const MAX_EVENTS_ESTIMATE = 4_000_000;
/** The hard stop inside the engine, for runs the estimate misjudged (message storms). */
/** A timer may not be shorter than this fraction of the network delay. */
export const MIN_TIMER_VS_DELAY = 0.1;
/** A clock may run at most twice as fast as true time (the schema already refuses backwards):
 *  far beyond that, a timer's due time maps back to the instant it was armed and time freezes. */
export const MAX_DRIFT_PPM = 1_000_000;
/** A wall clock step (NTP) of at most a day either way. */
export const MAX_STEP_MS = 24 * 3_600_000;
export const MAX_FAULTS = 10_000;
/** The PRNG takes a 32-bit seed (core/random.ts seedRng: seed | 0); wider seeds would repeat. */
export const MIN_SEED = -(2 ** 31);
export const MAX_SEED = 2 ** 31 - 1;
/** The protocols whose "store" process exists (a lock service, or heartbeat's power switch). */
/** Does the protocol's spec name a server (so the store process exists)? */
const hasStore = (protocol: string) => isProtocol(protocol) && SPECS[protocol].server !== null;
/** The periodic timers of a protocol (what fires again and again during a run), from its spec. */
const periodic = (protocol: string): readonly string[] | undefined =>
  isProtocol(protocol) ? SPECS[protocol].periodic : undefined;

/** A long span in hours, readable even when absurd (1e308 ms). */
const hours = (ms: number) => {
  const h = ms / 3_600_000;
  return `${h < 1e6 ? Math.round(h * 100) / 100 : h.toPrecision(3)} h`;
};
const num = (n: number) => n.toLocaleString("en-US").replace(/,/g, " ");

function valueAt(sc: Scenario, path: string): unknown {
  let cur: unknown = sc;
  for (const part of path.split(/\.|\[|\]/).filter(Boolean)) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** The shortest periodic timer and its field (work.every counts: the leader writes that often). */
export function smallestTimer(sc: Scenario): { path: string; ms: number } | null {
  const paths = periodic(sc.protocol) ?? Object.keys(sc.timing).map((k) => `timing.${k}`);
  let best: { path: string; ms: number } | null = null;
  for (const path of [...paths, "work.every"]) {
    const v = valueAt(sc, path);
    if (typeof v !== "number" || v <= 0) continue;
    if (!best || v < best.ms) best = { path, ms: v };
  }
  return best;
}

/** The engine's events a run will take, from the protocol's own message pattern (its spec's
 *  `load`): steady traffic grows linearly with the cluster (a leader's heartbeat to each
 *  follower and its answer, each node's keepalive to the store), `perPeriod` events per node for
 *  each period of its shortest periodic timer; an election is a burst that grows with the square
 *  of the cluster (votes to and from every node; Zab's notifications all-to-all), counted once at
 *  the start and once per fault. Measured (60 s, one crash, seed 1): Raft 1.98 events per node
 *  per heartbeat at 25 and 101 nodes, bully 1.13, ring 0.6, Zab 3.9. */
export function estimateEvents(sc: Scenario, timerMs: number, faults = sc.faults.length): number {
  const load: Load =
    (isProtocol(sc.protocol) ? (SPECS[sc.protocol] as { load?: Load }).load : undefined) ?? DEFAULT_LOAD;
  const burst = load.electionGrows === "n" ? sc.nodes : sc.nodes * sc.nodes;
  return (load.perPeriod * (sc.nodes + 1) * sc.until) / timerMs + load.election * burst * (1 + faults);
}
/** A node and a peer (or the store) exchange a request and its answer per period, each a send
 *  and a delivery; an election asks every node once each way. */
const DEFAULT_LOAD = { perPeriod: 4, election: 2 };
interface Load {
  perPeriod: number;
  election: number;
  electionGrows?: "n" | "n2";
}

function checkDrift(path: string, drift: number): void {
  if (drift > MAX_DRIFT_PPM) {
    throw new ScenarioError(
      path,
      `${drift} ppm is too fast: drift must be at most ${num(MAX_DRIFT_PPM)} ppm (a clock twice as fast as true time); real clocks drift by tens of ppm`,
    );
  }
}

/** The bounds on one fault (also for a fault appended while running). */
export function checkFault(sc: Scenario, f: Fault, i: number): void {
  const p = `faults[${i}]`;
  if (f.do === "store-outage" && !hasStore(sc.protocol))
    throw new ScenarioError(`${p}.do`, `${sc.protocol} has no store process to take down`);
  if (f.drift !== undefined) checkDrift(`${p}.drift`, f.drift);
  if (f.step !== undefined && Math.abs(f.step) > MAX_STEP_MS)
    throw new ScenarioError(`${p}.step`, `must be within ±${formatDuration(MAX_STEP_MS)}`);
}

/** Applies every bound; throws the first one broken. */
export function checkLimits(sc: Scenario, estimate = true): void {
  if (sc.seed < MIN_SEED || sc.seed > MAX_SEED) {
    throw new ScenarioError(
      "seed",
      `${sc.seed} is out of range: seeds are whole numbers from ${MIN_SEED} to ${MAX_SEED} (the generator uses 32 bits, so a wider seed would repeat another seed's run)`,
    );
  }
  if (sc.until > MAX_UNTIL_MS) {
    throw new ScenarioError(
      "until",
      `${hours(sc.until)} is too long: a run lasts at most ${hours(MAX_UNTIL_MS)} of simulated time`,
    );
  }
  checkFaultCount(sc.faults.length);
  for (const [id, c] of Object.entries(sc.clocks)) {
    checkDrift(`clocks.${id}.drift`, c.drift);
    if (Math.abs(c.offset) > MAX_STEP_MS)
      throw new ScenarioError(`clocks.${id}.offset`, `must be within ±${formatDuration(MAX_STEP_MS)}`);
  }
  sc.faults.forEach((f, i) => checkFault(sc, f, i));
  checkRunSize(sc, estimate);
}

export function checkFaultCount(count: number): void {
  if (count > MAX_FAULTS)
    throw new ScenarioError("faults", `${num(count)} faults is too many: the limit is ${num(MAX_FAULTS)}`);
}

/** The shortest timer against the network delay, and the run's size against the limit.
 *  `faults`: how many the script holds (an action counts its own before it is appended). */
export function checkRunSize(sc: Scenario, estimate = true, faults = sc.faults.length): void {
  const timer = smallestTimer(sc);
  if (!timer) return;
  // The scenario's own delay: a network fault may slow things later, which is the point of it.
  const delay = sc.network.delay;
  if (timer.ms < delay * MIN_TIMER_VS_DELAY) {
    throw new ScenarioError(
      timer.path,
      `${formatDuration(timer.ms)} is shorter than a tenth of the network delay (${formatDuration(delay)}): it would fire ten times or more while one message is in flight; use at least ${formatDuration(delay * MIN_TIMER_VS_DELAY)}`,
    );
  }
  const events = estimateEvents(sc, timer.ms, faults);
  if (estimate && events > MAX_EVENTS_ESTIMATE) {
    // Blame until when it is longer than the default minute; otherwise the timer is too short.
    const path = sc.until > 60_000 ? "until" : timer.path;
    throw new ScenarioError(
      path,
      `this run would take about ${num(Math.round(events))} events (${sc.nodes} nodes, ${timer.path} every ${formatDuration(timer.ms)}, for ${formatDuration(sc.until)}); the limit is ${num(MAX_EVENTS_ESTIMATE)}: use a longer ${timer.path}, fewer nodes or a shorter until`,
    );
  }
}
