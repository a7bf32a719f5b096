// Content rule (issue 36): a sandbox caption's figures must match the run the learner opens.
// A caption is prose, so this reads only what it can read without guessing: durations and
// instants written as a number with "ms" or "s" (alone or as a range "A to B s"), "term N",
// and "N messages". Each figure must be found in the run of the preset as the learner gets it
// (the preset's own seed): an instant or a span of the trace, a value of the scenario, or a
// total of the summary, within the rounding a caption uses ("about 10 s", "8.8 s").
import type { TraceEvent } from "../src/engine/index.ts";

export type CaptionEngine = {
  presets: Record<string, { scenario: unknown }>;
  parseScenario: (input: unknown) => unknown;
  runScenario: (
    scenario: unknown,
    opts?: { trace?: "full" | "roles" },
  ) => { trace: TraceEvent[]; summary: unknown };
};

/** "instant": a time on the run's clock ("at 15 s"); "time" and "range": a span or a setting. */
export type Figure = {
  text: string;
  kind: "instant" | "time" | "range" | "term" | "messages";
  lo: number;
  hi: number;
};

const NUM = String.raw`(\d+(?:[.,]\d+)?)`;
const toNum = (s: string) => Number(s.replace(",", ""));

/** The figures a caption states, in ms for times. */
export function readFigures(caption: string): Figure[] {
  const out: Figure[] = [];
  let rest = caption;
  const range = new RegExp(String.raw`${NUM}\s*(ms|s)?\s*(?:to|-|–)\s*${NUM}\s*(ms|s)\b`, "g");
  rest = rest.replace(range, (m, a: string, ua: string | undefined, b: string, ub: string) => {
    const f = ub === "ms" ? 1 : 1000;
    const fa = ua === undefined ? f : ua === "ms" ? 1 : 1000;
    out.push({ text: m, kind: "range", lo: toNum(a) * fa, hi: toNum(b) * f });
    return " ";
  });
  for (const m of rest.matchAll(new RegExp(String.raw`(\b[Aa]t\s+)?${NUM}\s*(ms|s)\b`, "g"))) {
    const v = toNum(m[2]) * (m[3] === "ms" ? 1 : 1000);
    out.push({ text: m[0].trim(), kind: m[1] ? "instant" : "time", lo: v, hi: v });
  }
  for (const m of caption.matchAll(new RegExp(String.raw`\bterm ${NUM}\b`, "g")))
    out.push({ text: m[0], kind: "term", lo: toNum(m[1]), hi: toNum(m[1]) });
  for (const m of caption.matchAll(new RegExp(String.raw`\b${NUM} messages\b`, "g")))
    out.push({ text: m[0], kind: "messages", lo: toNum(m[1]), hi: toNum(m[1]) });
  return out;
}

function numbersIn(v: unknown, into: number[]): void {
  if (typeof v === "number") into.push(v);
  else if (Array.isArray(v)) v.forEach((x) => numbersIn(x, into));
  else if (v && typeof v === "object") Object.values(v).forEach((x) => numbersIn(x, into));
}

type Facts = { instants: number[]; times: number[]; terms: number[]; messages: number[] };

/** Every instant, span and setting of one run that a caption could be talking about. Kept
 *  narrow on purpose: a figure moved by a half should stop matching (caption-figures.test.ts). */
export function factsOf(scenario: unknown, trace: TraceEvent[], summary: unknown): Facts {
  const sc = scenario as { timing?: unknown; faults?: Array<Record<string, unknown>> };
  const times: number[] = [];
  const timing: number[] = [];
  numbersIn(sc.timing, timing); // the TTLs, timeouts and intervals the learner can see in the settings
  times.push(...timing);
  // The arithmetic a lesson does with single settings (not ranges): 2 + 10 = 12 s to give up,
  // 15 - 12 = 3 s of margin.
  const single = Object.values((sc.timing ?? {}) as Record<string, unknown>).filter(
    (v): v is number => typeof v === "number",
  );
  for (const a of single)
    for (const b of single) {
      if (a > b) times.push(a - b);
      times.push(a + b);
      for (const c of single) if (a > b + c) times.push(a - b - c);
    }
  const faultEnds: number[] = [];
  for (const f of sc.faults ?? []) {
    for (const k of ["at", "for"]) if (typeof f[k] === "number") times.push(f[k] as number);
    if (typeof f.at === "number" && typeof f.for === "number") faultEnds.push(f.at + f.for);
  }
  const s = summary as {
    leaders: Array<{ from: number; to: number | null }>;
    overlap: number;
    leaderless: number;
    messages: number;
    electionMessages?: { total: number; perElection: number; byKind?: Record<string, number> };
  };
  times.push(s.overlap, s.leaderless);
  const faults: number[] = [];
  const marks: number[] = [];
  const terms: number[] = [0];
  const lastRenew = new Map<string, number>();
  for (const e of trace) {
    if (e.type === "fault") faults.push(e.t);
    if (e.type === "leader-start" || e.type === "leader-end" || e.type === "holder") marks.push(e.t);
    if (e.type === "lease" && e.action === "renew" && e.node) lastRenew.set(e.node, e.t);
    if (
      e.type === "lease" &&
      (e.action === "self-demote" || e.action === "expire" || e.action === "takeover")
    ) {
      marks.push(e.t);
      // "gives up 12 s after its last renewal": the span from the holder's (or anyone's) last renewal.
      for (const r of e.node && lastRenew.has(e.node) ? [lastRenew.get(e.node)!] : [...lastRenew.values()])
        times.push(e.t - r);
    }
    if (e.type === "role" || e.type === "leader-start") terms.push(e.term);
    if (e.type === "term") terms.push(e.to);
  }
  const instants = [...faults, ...faultEnds, ...marks];
  times.push(...instants); // a span from the start of the run: "elects n5 in about 13 ms"
  // "n1 wakes 3 ms later": from the latest mark before a paused or cut node comes back.
  for (const end of faultEnds) {
    const before = marks.filter((m) => m < end);
    if (before.length) times.push(end - Math.max(...before));
  }
  // A span from the latest fault before a mark: "takes over 8.8 s after the crash".
  for (const m of marks) {
    const before = faults.filter((f) => f < m);
    if (before.length) times.push(m - before[before.length - 1]);
  }
  // Spans of leadership: each leader's time in office, and the gap or overlap at each hand-over.
  for (let i = 0; i < s.leaders.length; i++) {
    const l = s.leaders[i];
    if (l.to !== null) times.push(l.to - l.from);
    const prev = s.leaders[i - 1];
    if (prev && prev.to !== null) times.push(Math.abs(l.from - prev.to));
  }
  const messages = [s.messages];
  if (s.electionMessages) {
    messages.push(s.electionMessages.total, s.electionMessages.perElection);
    // "8 messages for 4 live nodes": the election messages sent after each fault.
    const kinds = new Set(Object.keys(s.electionMessages.byKind ?? {}));
    for (const f of faults)
      messages.push(trace.filter((e) => e.type === "send" && e.t >= f && kinds.has(e.kind)).length);
  }
  return { instants, times, terms, messages };
}

/** How far a caption's rounded figure may sit from the run: a twentieth, and at least half its last digit. */
function slack(f: Figure): number {
  const digits = f.text.match(/\d+(?:\.(\d+))?/);
  const decimals = digits?.[1]?.length ?? 0;
  const unit = /ms\b/.test(f.text) ? 1 : 1000;
  const lastDigit = unit * Math.pow(10, -decimals);
  return Math.max(0.05 * f.hi, lastDigit / 2);
}

export function matches(f: Figure, facts: Facts): boolean {
  if (f.kind === "term") return facts.terms.some((t) => t >= f.lo); // "past term 100", "term 3"
  if (f.kind === "messages") return facts.messages.some((m) => m === f.lo);
  const d = slack(f);
  return (f.kind === "instant" ? facts.instants : facts.times).some((t) => t >= f.lo - d && t <= f.hi + d);
}

/** Problems with one embedded sandbox's caption: each figure the run does not bear out. */
export function checkCaption(
  where: string,
  preset: string,
  caption: string,
  engine: CaptionEngine,
): string[] {
  const p = engine.presets[preset];
  if (!p) return [];
  const scenario = engine.parseScenario(p.scenario);
  const { trace, summary } = engine.runScenario(scenario, { trace: "full" });
  const facts = factsOf(scenario, trace, summary);
  return readFigures(caption)
    .filter((f) => !matches(f, facts))
    .map(
      (f) => `${where}: <Sandbox preset="${preset}"> caption says "${f.text}", which its run does not show`,
    );
}
