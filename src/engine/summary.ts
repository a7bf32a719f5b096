// The run summary: exactly the CLI's `run --json` object. Derived from the trace alone, so a
// summary can be recomputed from any saved trace.
import type { TraceEvent } from "./core/trace.ts";
import type { TraceView } from "./core/trace-log.ts";
import { specOf } from "./protocols/registry.ts";

export interface LeaderInterval {
  node: string;
  token: number;
  from: number;
  to: number | null;
}
export interface Violation {
  property: string;
  at: number;
  detail: string;
}
/** A hazard: overlap, stale-write or leaderless time; same shape as a violation. */
export type Hazard = Violation;
export interface Summary {
  protocol: string;
  nodes: number;
  seed: number;
  until: number;
  leaders: LeaderInterval[];
  leaderChanges: number;
  overlap: number;
  leaderless: number;
  maxConcurrentLeaders: number;
  writes: { accepted: number; rejected: number; staleAccepted: number };
  messages: number;
  /** safety violations only (core/monitors.ts) */
  violations: Violation[];
  /** windows the algorithm allows: overlap, stale-write, and each leaderless interval */
  hazards: Hazard[];
  /** messages that belong to electing (the protocol's electionKinds: no heartbeats, pings or
   *  work), by kind, and per leadership won (null when nobody led) */
  electionMessages: ElectionMessages;
}
export interface ElectionMessages {
  total: number;
  perElection: number | null;
  byKind: Record<string, number>;
}

/** Count the protocol's election messages from per-kind send counts. */
export function electionMessages(
  protocol: string,
  kinds: Record<string, number>,
  elections: number,
): ElectionMessages {
  const want = specOf(protocol).protocol.electionKinds ?? [];
  const byKind: Record<string, number> = {};
  let total = 0;
  for (const k of want) {
    const n = kinds[k] ?? 0;
    if (n === 0) continue;
    byKind[k] = n;
    total += n;
  }
  return { total, perElection: elections > 0 ? r3(total / elections) : null, byKind };
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** end: the time the run reached (defaults to the scenario's until); messages: when the trace
 *  was recorded without message events, the count kept by the engine. */
export function summarizeTrace(
  trace: TraceView,
  opts: { end?: number; messages?: number; kinds?: Record<string, number> } = {},
): Summary {
  let start: TraceEvent | undefined;
  for (const e of trace)
    if (e.type === "start") {
      start = e;
      break;
    }
  if (!start || start.type !== "start") throw new Error("summarize: the trace has no start event");
  const end = opts.end ?? start.until;
  const leaders: LeaderInterval[] = [];
  const open: Record<string, LeaderInterval> = {};
  let changes = 0;
  let last: string | null = null;
  let believers = 0;
  let maxC = 0;
  let lastT = 0;
  let overlap = 0;
  let leaderless = 0;
  const writes = { accepted: 0, rejected: 0, staleAccepted: 0 };
  let messages = 0;
  const violations: Violation[] = [];
  const hazards: Hazard[] = [];
  let leaderlessFrom = 0;
  let everLed = false;
  const leaderlessEnds = (t: number, open: boolean) => {
    if (t <= leaderlessFrom) return;
    const span = `${r3(leaderlessFrom)} ms to ${open ? "the end of the run" : `${r3(t)} ms`} (${r3(t - leaderlessFrom)} ms)`;
    hazards.push({
      property: "leaderless",
      at: leaderlessFrom,
      detail: `${everLed ? "no leader" : "no leader yet"} from ${span}`,
    });
  };
  const kinds: Record<string, number> = {};
  const advance = (t: number) => {
    if (believers === 0) leaderless += t - lastT;
    else if (believers >= 2) overlap += t - lastT;
    lastT = t;
  };
  for (const e of trace) {
    switch (e.type) {
      case "leader-start": {
        advance(e.t);
        if (believers === 0) leaderlessEnds(e.t, false);
        everLed = true;
        believers++;
        maxC = Math.max(maxC, believers);
        if (last !== null && last !== e.node) changes++;
        last = e.node;
        const iv = { node: e.node, token: e.token, from: e.t, to: null };
        leaders.push(iv);
        open[e.node] = iv;
        break;
      }
      case "leader-end": {
        advance(e.t);
        believers--;
        if (believers === 0) leaderlessFrom = e.t;
        const iv = open[e.node];
        if (iv) {
          iv.to = e.t;
          delete open[e.node];
        }
        break;
      }
      case "write":
        if (e.result === "accepted") writes.accepted++;
        else if (e.result === "rejected") writes.rejected++;
        else writes.staleAccepted++;
        break;
      case "send":
        messages++;
        kinds[e.kind] = (kinds[e.kind] ?? 0) + 1;
        break;
      case "violation":
        (e.severity === "hazard" ? hazards : violations).push({
          property: e.property,
          at: e.t,
          detail: e.detail,
        });
        break;
    }
  }
  advance(Math.max(end, lastT));
  if (believers === 0) leaderlessEnds(Math.max(end, lastT), true);
  hazards.sort((a, b) => a.at - b.at);
  return {
    protocol: start.protocol,
    nodes: start.nodes,
    seed: start.seed,
    until: start.until,
    leaders,
    leaderChanges: changes,
    overlap: r3(overlap),
    leaderless: r3(leaderless),
    maxConcurrentLeaders: maxC,
    writes,
    messages: opts.messages ?? messages,
    violations,
    hazards,
    electionMessages: electionMessages(start.protocol, opts.kinds ?? kinds, leaders.length),
  };
}

/** Failover time after the first fault: from the fault to the next leadership start (null if
 *  none). Used by trials. */
export function failoverTime(trace: TraceView): number | null {
  let fault: TraceEvent | null = null;
  for (const e of trace) {
    if (fault === null) {
      if (e.type === "fault") fault = e;
    } else if (e.type === "leader-start") return r3(e.t - fault.t);
  }
  return null;
}
