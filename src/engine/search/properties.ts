// The properties a search can try to break, by the monitors' own names, and the one place that
// decides whether a finished run broke one. Everything is read from the run's summary (typed
// fields, never trace text). Today the summary lists overlap and stale writes among
// `violations`; once the monitors are split, hazards arrive in `hazards` under the same names,
// and `recordsOf` reads both, so only this file needs to follow that change.
import type { Summary, TraceEvent, Violation } from "../index.ts";

export const SAFETY_PROPERTIES = [
  "one-leader-per-term",
  "one-vote-per-term",
  "term-monotonic",
  "token-monotonic",
  "fencing-monotonic",
] as const;
const HAZARD_PROPERTIES = ["overlap", "stale-write", "leaderless:SECONDS"] as const;

export type PropertyKind = "safety" | "hazard";
export interface Property {
  /** as the learner wrote it, e.g. "overlap" or "leaderless:5" */
  name: string;
  kind: PropertyKind;
  /** leaderless only: the longest stretch without a leader that is still fine, in ms */
  limitMs?: number;
  /** what breaking it means, in the learner's words */
  label: string;
}
export interface PropertyFailure {
  property: string;
  at: number;
  detail: string;
}

export class PropertyError extends Error {}

const LABELS: Record<string, string> = {
  "one-leader-per-term": "two nodes lead in the same term or epoch",
  "one-vote-per-term": "a node votes for two candidates in one term",
  "term-monotonic": "a node's term goes backwards",
  "token-monotonic": "the store gives a new holder a token that is not above the last one",
  "fencing-monotonic": "the resource applies a lower token after a higher one",
  overlap: "two nodes believe they lead at the same time",
  "stale-write": "a write lands after a newer leadership was granted",
};

export function parseProperty(name: string): Property {
  const lm = /^leaderless:(\d+(?:\.\d+)?)$/.exec(name);
  if (lm) {
    const s = Number(lm[1]);
    return {
      name,
      kind: "hazard",
      limitMs: Math.round(s * 1000),
      label: `no node leads for more than ${s} s`,
    };
  }
  if (name.startsWith("leaderless"))
    throw new PropertyError(`property "${name}": write leaderless:SECONDS, e.g. leaderless:5`);
  if (!(name in LABELS)) {
    throw new PropertyError(
      `unknown property "${name}" (one of ${[...SAFETY_PROPERTIES, ...HAZARD_PROPERTIES].join(", ")})`,
    );
  }
  return {
    name,
    kind: (SAFETY_PROPERTIES as readonly string[]).includes(name) ? "safety" : "hazard",
    label: LABELS[name],
  };
}

/** Monitor records of a summary: safety violations, and hazards once they have their own list. */
function recordsOf(s: Summary): Violation[] {
  const hazards = (s as Summary & { hazards?: Violation[] }).hazards ?? [];
  return [...s.violations, ...hazards];
}

/** Did this run break the property? The first record that says so, or null. `trace` (the lean
 *  one is enough) lets fencing-monotonic be judged from the typed write events too. */
export function failureOf(
  p: Property,
  s: Summary,
  trace: readonly TraceEvent[] = [],
): PropertyFailure | null {
  if (p.limitMs !== undefined) return leaderlessFailure(p, s);
  const rec = recordsOf(s).find((v) => v.property === p.name);
  if (rec) return { property: p.name, at: rec.at, detail: rec.detail };
  if (p.name === "fencing-monotonic") return appliedOutOfOrder(p, trace);
  // The measures back the monitors up, so a renamed hazard record cannot hide an overlap or
  // a stale write the summary counted.
  if (p.name === "overlap" && s.maxConcurrentLeaders >= 2) {
    return {
      property: p.name,
      at: firstOverlap(s) ?? 0,
      detail: `${s.maxConcurrentLeaders} nodes believed they led at once`,
    };
  }
  if (p.name === "stale-write" && s.writes.staleAccepted > 0) {
    return { property: p.name, at: 0, detail: `${s.writes.staleAccepted} stale write(s) accepted` };
  }
  return null;
}

/** The resource applied (accepted, stale or not) a token below one it had already applied. The
 *  monitor only reports this under fencing, where the max-seen rule rejects such a write first;
 *  reading the write events also catches it with fencing off, where it does happen. */
function appliedOutOfOrder(p: Property, trace: readonly TraceEvent[]): PropertyFailure | null {
  let max = -Infinity;
  let by = "";
  for (const e of trace) {
    if (e.type !== "write" || e.result === "rejected") continue;
    if (e.token < max)
      return {
        property: p.name,
        at: e.t,
        detail: `the resource applied ${e.node}'s token ${e.token} after ${by}'s token ${max}`,
      };
    if (e.token > max) {
      max = e.token;
      by = e.node;
    }
  }
  return null;
}

function firstOverlap(s: Summary): number | null {
  const ivs = s.leaders.map((l) => [l.from, l.to ?? s.until] as const).sort((a, b) => a[0] - b[0]);
  let best: number | null = null;
  for (let i = 0; i < ivs.length; i++) {
    for (let j = i + 1; j < ivs.length && ivs[j][0] < ivs[i][1]; j++) {
      if (best === null || ivs[j][0] < best) best = ivs[j][0];
    }
  }
  return best;
}

/** The first stretch with nobody leading that lasts longer than the limit (the run's start
 *  counts: a configuration that never elects anyone breaks it with no fault at all). */
function leaderlessFailure(p: Property, s: Summary): PropertyFailure | null {
  const ivs = s.leaders
    .map((l) => [l.from, l.to ?? s.until] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let covered = 0;
  const gaps: Array<[number, number]> = [];
  for (const [from, to] of ivs) {
    if (from > covered) gaps.push([covered, from]);
    if (to > covered) covered = to;
  }
  if (s.until > covered) gaps.push([covered, s.until]);
  const limit = p.limitMs as number;
  const g = gaps.find(([a, b]) => b - a > limit);
  if (!g) return null;
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  const ended = g[1] >= s.until ? "until the end of the run" : `until ${r3(g[1] / 1000)} s`;
  return {
    property: p.name,
    at: r3(g[0] + limit),
    detail: `no node led from ${r3(g[0] / 1000)} s ${ended} (${r3((g[1] - g[0]) / 1000)} s)`,
  };
}
