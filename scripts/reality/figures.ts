// The figures a trial yields, computed the same way from a real and an engine trial: whether
// the leadership moved, the token and term sequence, whether the old leader stepped down, and
// the times from the fault; and what the fenced resource did with the leaders' writes.
import type { Trial } from "./record.ts";

export interface Figures {
  failover: boolean;
  /** the successor's token is higher than the old leader's (create revision, term, sequence, zxid) */
  tokenUp: boolean | null;
  /** Raft: terms the election cost (successor's term minus the old leader's); Zab: epochs */
  termDelta: number | null;
  /** the old leader stopped believing within the trial (a crash counts at the crash) */
  oldStepsDown: boolean;
  /** after a pause or a cut: whether the old leader still believed when its successor started */
  overlap: boolean | null;
  /** who wrote: the roles ("old": the leader the fault struck, "new": its successor, "other")
   *  whose writes the fenced resource accepted, in the order of each one's first accepted write */
  wrote: string | null;
  /** the roles whose writes it refused as stale (a token below one it had seen), or "none" */
  refused: string | null;
  failoverMs: number | null;
  oldEndMs: number | null;
  /** old leader's end minus the successor's start: positive when both believed they led */
  overlapMs: number | null;
}

const r = (x: number) => Math.round(x * 10) / 10;

export function figuresOf(t: Trial): Figures {
  const f = t.faults[0];
  const old = t.leaders.find((l) => l.from <= f.at && (l.to === null || l.to >= f.at));
  if (!old) throw new Error(`${t.side} ${t.scenario} #${t.trial}: nobody led when the fault struck`);
  const next = t.leaders.find((l) => l.from > f.at && l.node !== old.node);
  const termOf = (l: { token: number; term?: number }) => l.term ?? l.token;
  const epochs = t.scenario.startsWith("zab");
  // after a crash or a resignation the old leader ends at the fault; only a pause or a cut
  // leaves it a belief of its own to end
  const survives = f.do === "pause" || f.do === "cut";
  const term = (l: { token: number; term?: number }) => (epochs ? Math.floor(l.token / 2 ** 32) : termOf(l));
  const role = (node: string) => (node === old.node ? "old" : next && node === next.node ? "new" : "other");
  const roles = (ws: NonNullable<Trial["writes"]>) => [...new Set(ws.map((w) => role(w.node)))];
  const accepted = t.writes ? roles(t.writes.filter((w) => w.result !== "rejected")) : null;
  const refused = t.writes ? roles(t.writes.filter((w) => w.result === "rejected")).sort() : null;
  return {
    failover: next !== undefined,
    tokenUp: next ? next.token > old.token : null,
    termDelta: next && (t.scenario.startsWith("raft") || epochs) ? term(next) - term(old) : null,
    oldStepsDown: old.to !== null,
    overlap: next && survives ? (old.to === null || old.to > next.from) : null,
    wrote: accepted ? accepted.join(",") || "none" : null,
    refused: refused ? refused.join(",") || "none" : null,
    failoverMs: next ? r(next.from - f.at) : null,
    oldEndMs: survives && old.to !== null ? r(old.to - f.at) : null,
    overlapMs: next && survives && old.to !== null ? r(old.to - next.from) : null,
  };
}

export const DISCRETE = ["failover", "tokenUp", "termDelta", "oldStepsDown", "overlap", "wrote", "refused"] as const;
/** Figures of the writes: recordings made before the harness ran a fenced resource lack them,
 *  and such a figure is then compared only where the real side recorded it. */
export const WRITE_FIGURES: ReadonlySet<string> = new Set(["wrote", "refused"]);
/** whether the real trials recorded this discrete figure at all */
export const recorded = (real: Figures[], key: Discrete) => !WRITE_FIGURES.has(key) || real.some((f) => f[key] !== null);
export const TIMINGS = ["failoverMs", "oldEndMs", "overlapMs"] as const;
export type Discrete = (typeof DISCRETE)[number];
export type Timing = (typeof TIMINGS)[number];

export interface Dist { n: number; min: number; median: number; max: number }
export function dist(xs: number[]): Dist | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { n: s.length, min: s[0], median: r(mid), max: s[s.length - 1] };
}

/** Each distinct value of a discrete figure with how many trials gave it, e.g. "true×5". */
export function outcomes(fs: Figures[], key: Discrete): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of fs) { const k = String(f[key]); out[k] = (out[k] ?? 0) + 1; }
  return out;
}
