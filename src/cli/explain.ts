// `npm run sim -- explain FILE|preset:NAME --at TIME [--node N] [--json]`: the causal chain of
// the event at (or just before) TIME, newest first, back to the fault that started it.
import { quote } from "../engine/validate/quote.ts";
import {
  armWords,
  clockWords,
  eventAt,
  explain,
  parseDuration,
  type Scenario,
  type Step,
  type TraceEvent,
} from "../engine/index.ts";
import { UsageError } from "./args.ts";

export const EXPLAIN_USAGE = "  npm run sim -- explain FILE|preset:NAME --at TIME [--node N] [--json]";

/** The flags, checked against the scenario: a clear error naming the field. */
export function explainTarget(
  flags: Record<string, string | true>,
  scenario: Scenario,
): { at: number; node?: string } {
  const raw = flags.at;
  if (raw === undefined || raw === true)
    throw new UsageError("explain needs --at TIME (for example --at 25.4s)");
  const at = parseDuration(raw);
  if (at === null) throw new UsageError(`--at: ${quote(raw)} is not a time (for example 25.4s, 800ms)`);
  const node = flags.node;
  if (node === true) throw new UsageError("--node needs a value");
  if (node !== undefined) {
    const ids = Array.from({ length: scenario.nodes }, (_, i) => `n${i + 1}`);
    if (!ids.includes(node))
      throw new UsageError(
        `--node: node ${quote(node)} does not exist (nodes ${ids[0]}..${ids[ids.length - 1]})`,
      );
  }
  return node === undefined ? { at } : { at, node };
}

const secs = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

export function formatExplain(name: string, at: number, steps: Step[]): string {
  const out = [`${name}: why, at ${secs(at)}`, ""];
  steps.forEach((s, k) => {
    out.push(`${k === 0 ? "  " : "<-"} ${secs(s.t).padStart(10)}  ${s.title}`);
    out.push(`               ${s.sentence}`);
    if (s.rule) {
      const vals = Object.entries(s.values)
        .map(([key, v]) => `${key}=${v === null ? "null" : String(v)}`)
        .join(", ");
      out.push(`               rule ${s.rule}${vals ? ` { ${vals} }` : ""}`);
      const clock = clockWords(s);
      if (clock) out.push(`               read on ${clock}`);
      if (s.armedBy) out.push(`               armed by ${armWords(s)}`);
      if (s.source) out.push(`               source: ${s.source}`);
      if (s.lesson) out.push(`               lesson: /learn/${s.lesson}`);
    }
  });
  return out.join("\n");
}

/** The chain for the run's trace, or an error naming what is missing. */
export function explainRun(trace: readonly TraceEvent[], target: { at: number; node?: string }): Step[] {
  const i = eventAt(trace, target.at, target.node);
  if (i === null)
    throw new UsageError(
      `--at: nothing to explain at or before ${secs(target.at)}${target.node ? ` for ${target.node}` : ""}`,
    );
  return explain(trace, i).chain;
}
