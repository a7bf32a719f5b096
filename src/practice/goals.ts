// Judging a learner's run: the challenge's rules (same cluster, scripted faults kept, only the
// allowed kinds of action) and its goal, each check computed from the engine's trace and summary
// of the run played to its end. Every result says what the run actually did, so a failed check
// explains itself.
import { createSimulation, parseDuration, type Summary, type TraceEvent } from "../engine/index.ts";
import {
  describeBudget,
  describeSchedule,
  parseFaultList,
  prepare,
  search,
  type SearchSpec,
} from "../engine/search/index.ts";
import type { Challenge, Check, Cmp, SummaryMetric } from "./challenge-schema.ts";
import { deletePath, startingScenario, type RawScenario } from "./scenario-tools.ts";

export interface CheckResult {
  label: string;
  passed: boolean;
  /** what the run did, in words */
  detail: string;
  /** a search check that failed: the smallest schedule that broke it, to replay, and the
   *  first moment it shows broken */
  counterexample?: { scenario: RawScenario; at: number };
}

export interface Verdict {
  passed: boolean;
  /** rule breaks: when any, the goal does not count */
  problems: string[];
  checks: CheckResult[];
  /** the run's summary (for the table under the verdict) */
  summary: Summary | null;
  /** simulated time the run reached */
  end: number;
}

const ms = (v: unknown) => parseDuration(v) ?? 0;
export const fmtS = (x: number) => {
  const s = x / 1000;
  return `${s >= 100 ? Math.round(s) : Math.round(s * 100) / 100} s`;
};
export const fmtMs = (x: number) => (Math.abs(x) >= 1000 ? fmtS(x) : `${Math.round(x * 10) / 10} ms`);

const OPS: Record<Cmp, (a: number, b: number) => boolean> = {
  ">=": (a, b) => a >= b,
  "<=": (a, b) => a <= b,
  ">": (a, b) => a > b,
  "<": (a, b) => a < b,
  "==": (a, b) => a === b,
};
const OP_WORDS: Record<Cmp, string> = {
  ">=": "at least",
  "<=": "at most",
  ">": "more than",
  "<": "fewer than",
  "==": "exactly",
};

export function summaryMetric(s: Summary, m: SummaryMetric): number {
  switch (m) {
    case "writes.accepted":
      return s.writes.accepted;
    case "writes.rejected":
      return s.writes.rejected;
    case "writes.staleAccepted":
      return s.writes.staleAccepted;
    case "violations":
      return s.violations.length;
    case "electionMessages.total":
      return s.electionMessages.total;
    default:
      return s[m];
  }
}

const METRIC_UNIT: Partial<Record<SummaryMetric, "ms">> = { overlap: "ms", leaderless: "ms" };
const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);
const METRIC_WORDS: Record<SummaryMetric, (v: number, shown: string) => string> = {
  overlap: (_, x) => `${x} with two or more leaders`,
  leaderless: (_, x) => `${x} with no leader in total`,
  leaderChanges: (v, x) => `${x} ${plural(v, "change")} of leader`,
  maxConcurrentLeaders: (v, x) =>
    `at most ${x} ${plural(v, "node")} believed ${v === 1 ? "it led" : "they led"} at once`,
  messages: (v, x) => `${x} ${plural(v, "message")}`,
  "writes.accepted": (v, x) => `${x} ${plural(v, "write")} accepted`,
  "writes.rejected": (v, x) => `${x} ${plural(v, "write")} refused by the resource`,
  "writes.staleAccepted": (v, x) => `${x} stale ${plural(v, "write")} accepted from a deposed leader`,
  violations: (v, x) => `${x} safety ${plural(v, "violation")}`,
  "electionMessages.total": (v, x) => `${x} election ${plural(v, "message")}`,
};

/** Terms (epochs) that some node entered and nobody won: for Raft, elections that ended in a
 *  split vote (each new term starts an election). Needs the full trace (term events). */
export function splitTerms(trace: readonly TraceEvent[]): number[] {
  const entered = new Set<number>();
  const won = new Set<number>();
  for (const e of trace) {
    if (e.type === "term" && e.to > 0) entered.add(e.to);
    else if (e.type === "role" && e.to === "candidate" && e.term > 0) entered.add(e.term);
    else if (e.type === "leader-start") won.add(e.term);
  }
  return [...entered].filter((t) => !won.has(t)).sort((a, b) => a - b);
}

/** Who believes they lead at time t (events at t count). */
export function leadersAt(trace: readonly TraceEvent[], t: number): string[] {
  const on = new Set<string>();
  for (const e of trace) {
    if (e.t > t) break;
    if (e.type === "leader-start") on.add(e.node);
    else if (e.type === "leader-end") on.delete(e.node);
  }
  return [...on].sort();
}

export function evaluateCheck(
  c: Check,
  trace: readonly TraceEvent[],
  summary: Summary,
  end: number,
): CheckResult {
  const base = { label: c.label };
  switch (c.type) {
    case "summary": {
      const v = summaryMetric(summary, c.metric);
      const show = (x: number) => (METRIC_UNIT[c.metric] === "ms" ? fmtMs(x) : String(x));
      return {
        ...base,
        passed: OPS[c.op](v, c.value),
        detail: `Your run: ${METRIC_WORDS[c.metric](v, show(v))} (the goal: ${OP_WORDS[c.op]} ${show(c.value)}).`,
      };
    }
    case "split-votes": {
      const terms = splitTerms(trace);
      const list = terms.length
        ? ` (term${terms.length > 1 ? "s" : ""} ${terms.slice(0, 8).join(", ")}${terms.length > 8 ? ", …" : ""})`
        : "";
      return {
        ...base,
        passed: OPS[c.op](terms.length, c.value),
        detail: `Your run: ${terms.length} term${terms.length === 1 ? "" : "s"} ended with no winner${list} (the goal: ${OP_WORDS[c.op]} ${c.value}).`,
      };
    }
    case "no-new-leader": {
      const from = ms(c.from);
      const to = ms(c.to);
      const started = trace.find((e) => e.type === "leader-start" && e.t >= from && e.t < to);
      if (started && started.type === "leader-start")
        return {
          ...base,
          passed: false,
          detail: `${started.node} started leading at ${fmtS(started.t)}, inside ${fmtS(from)} to ${fmtS(to)}: a failover there.`,
        };
      return {
        ...base,
        passed: true,
        detail: `Nobody started a new leadership between ${fmtS(from)} and ${fmtS(to)}.`,
      };
    }
    case "failover": {
      const at = ms(c.at);
      const within = ms(c.within);
      const next = trace.find((e) => e.type === "leader-start" && e.t > at);
      if (!next || next.type !== "leader-start")
        return {
          ...base,
          passed: false,
          detail: `Nobody led again after ${fmtS(at)} (the run ends at ${fmtS(end)}).`,
        };
      const took = next.t - at;
      return {
        ...base,
        passed: took <= within,
        detail: `${next.node} led ${fmtMs(took)} after ${fmtS(at)} (the goal: within ${fmtMs(within)}).`,
      };
    }
    case "writes-resume": {
      const at = ms(c.at);
      const within = ms(c.within);
      const next = trace.find((e) => e.type === "write" && e.result === "accepted" && e.t > at);
      if (!next || next.type !== "write")
        return {
          ...base,
          passed: false,
          detail: `No write was accepted after ${fmtS(at)} (the run ends at ${fmtS(end)}).`,
        };
      const took = next.t - at;
      return {
        ...base,
        passed: took <= within,
        detail: `The next accepted write came from ${next.node} ${fmtMs(took)} after ${fmtS(at)} (the goal: within ${fmtMs(within)}).`,
      };
    }
    case "sends": {
      const from = c.from === undefined ? 0 : ms(c.from);
      const to = c.to === undefined ? Infinity : ms(c.to);
      const kinds = new Set(c.kinds);
      let n = 0;
      for (const e of trace) if (e.type === "send" && kinds.has(e.kind) && e.t >= from && e.t < to) n++;
      const where =
        c.to === undefined
          ? from > 0
            ? ` after ${fmtS(from)}`
            : ""
          : ` between ${fmtS(from)} and ${fmtS(to)}`;
      return {
        ...base,
        passed: OPS[c.op](n, c.value),
        detail: `Your run sent ${n} ${c.kinds.join(" or ")}${where} (the goal: ${OP_WORDS[c.op]} ${c.value}).`,
      };
    }
    case "leader-at": {
      const t = c.at === undefined ? end : ms(c.at);
      const who = leadersAt(trace, t);
      return {
        ...base,
        passed: who.length > 0,
        detail: who.length
          ? `At ${fmtS(t)} ${who.join(" and ")} ${who.length > 1 ? "believe" : "believes"} it leads.`
          : `At ${fmtS(t)} nobody leads.`,
      };
    }
    case "same-leader": {
      const from = ms(c.from);
      const who = leadersAt(trace, from);
      if (who.length !== 1)
        return {
          ...base,
          passed: false,
          detail: who.length
            ? `At ${fmtS(from)} ${who.join(" and ")} both believed they led.`
            : `Nobody led at ${fmtS(from)}.`,
        };
      const later = trace.find((e) => (e.type === "leader-start" || e.type === "leader-end") && e.t > from);
      if (later && (later.type === "leader-start" || later.type === "leader-end")) {
        const what =
          later.type === "leader-start"
            ? `${later.node} started leading`
            : `${later.node} stopped leading (${later.reason})`;
        return {
          ...base,
          passed: false,
          detail: `${who[0]} led at ${fmtS(from)}, but ${what} at ${fmtS(later.t)}.`,
        };
      }
      return {
        ...base,
        passed: true,
        detail: `${who[0]} led from ${fmtS(from)} to the end without a change.`,
      };
    }
    case "search":
      // It runs its own schedules on the scenario, not on this run's trace: evaluateSearch.
      throw new Error("a search check is judged by evaluateSearch, on the scenario");
  }
}

const stripped = (raw: RawScenario, ch: Challenge) => {
  let out: RawScenario = { ...raw };
  delete out.faults;
  delete out.until;
  // A knob on one end of a pair (electionTimeout.1) frees only that end; the rest must match.
  for (const k of ch.knobs) out = deletePath(out, k.path);
  return JSON.stringify(sortKeys(pruneEmpty(out)));
};

/** Objects left empty once the knobs are taken out compare as absent. */
function pruneEmpty(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(pruneEmpty);
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const p = pruneEmpty(x);
      if (p && typeof p === "object" && !Array.isArray(p) && Object.keys(p).length === 0) continue;
      out[k] = p;
    }
    return out;
  }
  return v;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object")
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
    );
  return v;
}

const same = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));

/** Rule breaks of a run against its challenge, in words (empty when the run plays fair). */
export function ruleProblems(ch: Challenge, raw: RawScenario): string[] {
  const start = startingScenario(ch);
  const problems: string[] = [];
  if (stripped(raw, ch) !== stripped(start, ch))
    problems.push(
      "The run's cluster or settings differ from the challenge's beyond the settings it lets you change. Reset the challenge and change only those.",
    );
  if ((ms(raw.until ?? 60_000) || 60_000) < (ms(start.until ?? 60_000) || 60_000))
    problems.push("The run is shorter than the challenge's.");
  const faults = Array.isArray(raw.faults) ? (raw.faults as Array<Record<string, unknown>>) : [];
  const scripted = start.faults as Array<Record<string, unknown>>;
  const left = [...faults];
  for (const f of scripted) {
    const i = left.findIndex((g) => same(g, f));
    if (i < 0) {
      problems.push(
        `The planned ${String(f.do)} at ${fmtS(ms(f.at))} is no longer in your run: acting before it replaced the planned faults from that moment on. Reset the challenge and act after it, or change only the settings.`,
      );
    } else left.splice(i, 1);
  }
  const allowed = new Set<string>(ch.rules.actions);
  const bad = [...new Set(left.map((f) => String(f.do)).filter((d) => !allowed.has(d)))];
  if (bad.length)
    problems.push(
      ch.rules.actions.length === 0
        ? `This challenge is solved with settings alone, but your run adds ${bad.join(", ")} actions. Reset the challenge to remove them.`
        : `This challenge allows only ${ch.rules.actions.join(", ")} actions; your run adds ${bad.join(", ")}. Reset the challenge to remove them.`,
    );
  return problems;
}

type SearchCheck = Extract<Check, { type: "search" }>;
const count = (n: number) => n.toLocaleString("en-US");

/** The search spec a search check runs on the learner's scenario (its own faults set aside). */
export function searchSpecOf(c: SearchCheck, raw: RawScenario): SearchSpec {
  return {
    scenario: raw,
    property: c.property,
    budget: { schedules: c.schedules, maxFaults: c.maxFaults, faults: parseFaultList(c.faults) },
    seed: 1,
  };
}

/** A search check: the same search the "Try to break it" panel runs, judged by its outcome. */
export function evaluateSearch(
  c: SearchCheck,
  raw: RawScenario,
  progress?: (ran: number, total: number) => void,
): CheckResult {
  const spec = searchSpecOf(c, raw);
  const tried = describeBudget(prepare(spec).budget);
  const o = search(spec, { onProgress: progress });
  if (!o.found || !o.shrunk || !o.counterexample)
    return {
      label: c.label,
      passed: true,
      detail: `${count(c.schedules)} schedules on your settings, none broke it (tried: ${tried}).`,
    };
  const f = o.shrunk.failure;
  return {
    label: c.label,
    passed: false,
    detail: `Schedule ${count(o.tried)} of ${count(c.schedules)} broke it. The smallest schedule found: ${describeSchedule(o.shrunk.faults)}. At ${fmtS(f.at)}: ${f.detail}.`,
    counterexample: { scenario: o.counterexample as RawScenario, at: Math.floor(f.at) + 1 },
  };
}

/** Play the run to its end and judge it; a search check reports the search's progress. */
export function judgeRun(
  ch: Challenge,
  raw: RawScenario,
  progress?: (ran: number, total: number) => void,
): Verdict {
  const problems = ruleProblems(ch, raw);
  let sim;
  try {
    sim = createSimulation(raw, { trace: "full" }).run();
  } catch (err) {
    return {
      passed: false,
      problems: [...problems, `The run cannot be played: ${(err as Error).message}`],
      checks: [],
      summary: null,
      end: 0,
    };
  }
  const summary = sim.summary();
  const checks = ch.goal.checks.map((c) =>
    c.type === "search" ? evaluateSearch(c, raw, progress) : evaluateCheck(c, sim.trace, summary, sim.now),
  );
  return {
    passed: problems.length === 0 && checks.every((c) => c.passed),
    problems,
    checks,
    summary,
    end: sim.now,
  };
}
