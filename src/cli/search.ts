// `npm run sim -- search FILE|preset:NAME --property NAME [--budget K] [--faults LIST]
//  [--max-faults K] [--window FROM-TO] [--workers W] [--seed N] [--json]`:
// try fault schedules until one breaks the property, shrink it, print the smallest scenario.
// Kept apart from cli.ts: it is the one asynchronous command (worker_threads).
import { quote } from "../engine/validate/quote.ts";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { parseDuration, presets, ScenarioError } from "../engine/index.ts";
import {
  BudgetError,
  PropertyError,
  describeBudget,
  describeSchedule,
  finishSearch,
  parseFaultList,
  prepare,
  report,
  search,
  type Prepared,
  type SearchBudget,
  type SearchOutcome,
  type SearchSpec,
} from "../engine/search/index.ts";
import { runPool } from "./search-pool.ts";
import type { Io } from "./io.ts";
import { parseCommandArgs, wholeFlag } from "./args.ts";

export const SEARCH_USAGE =
  "  npm run sim -- search FILE|preset:NAME --property NAME [--budget K] [--faults LIST] [--max-faults K] [--window FROM-TO] [--workers W] [--seed N] [--json]";

const VALUE = new Set(["property", "budget", "faults", "max-faults", "window", "workers", "seed"]);

class SearchUsage extends Error {}

interface SearchArgs {
  ref: string;
  flags: Record<string, string>;
  json: boolean;
}

function parse(argv: string[]): SearchArgs {
  const { pos, flags, json } = parseCommandArgs(argv, VALUE, "search", (m) => new SearchUsage(m));
  if (pos.length === 0) throw new SearchUsage("missing scenario: give a FILE or preset:NAME");
  if (pos.length > 1)
    throw new SearchUsage(`search takes one scenario, got ${pos.length}: ${quote(pos.join(" "))}`);
  if (flags.property === undefined) throw new SearchUsage("search needs --property NAME");
  return { ref: pos[0], flags, json };
}

const int = (flags: Record<string, string>, name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  wholeFlag(flags, name, min, max, (m) => new SearchUsage(m));

function load(ref: string): Record<string, unknown> {
  if (ref.startsWith("preset:")) {
    // Own presets only: "constructor" or "toString" are not presets (presets["constructor"] is
    // Object's own function, whose missing scenario used to surface as "protocol: is required").
    const name = ref.slice(7);
    const p = Object.hasOwn(presets, name) ? presets[name] : undefined;
    if (!p) throw new Error(`unknown preset ${quote(name)} (see: npm run sim -- presets)`);
    return structuredClone(p.scenario);
  }
  let text: string;
  try {
    // A UTF-8 byte-order mark (Windows editors write one) is not part of the JSON; the sandbox's
    // file import drops it too (File.text() decodes it away).
    text = readFileSync(ref, "utf8").replace(/^\uFEFF/, "");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(
      `cannot read ${ref}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : (e as Error).message}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${ref} is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw new Error(`${ref}: a scenario must be a JSON object`);
  return json as Record<string, unknown>;
}

function window(v: string | undefined): [number, number] | undefined {
  if (v === undefined) return undefined;
  const parts = v.split("-");
  const ms = parts.map((x) => parseDuration(x));
  if (parts.length !== 2 || ms[0] === null || ms[1] === null)
    throw new SearchUsage(`--window must be FROM-TO with durations, e.g. 5s-40s, got ${quote(v)}`);
  return [ms[0], ms[1]];
}

export function specFrom(argv: string[]): { spec: SearchSpec; workers: number; json: boolean; ref: string } {
  const a = parse(argv);
  const budget: SearchBudget = {};
  const k = int(a.flags, "budget", 1);
  if (k !== undefined) budget.schedules = k;
  const mf = int(a.flags, "max-faults", 1, 10);
  if (mf !== undefined) budget.maxFaults = mf;
  if (a.flags.faults !== undefined) budget.faults = parseFaultList(a.flags.faults);
  const w = window(a.flags.window);
  if (w) budget.window = w;
  const seed = int(a.flags, "seed", -2147483648, 2147483647);
  const workers = int(a.flags, "workers", 1, 64) ?? Math.max(1, Math.min(8, availableParallelism()));
  const spec: SearchSpec = { scenario: load(a.ref), property: a.flags.property, budget, seed: seed ?? 1 };
  return { spec, workers, json: a.json, ref: a.ref };
}

function text(ref: string, o: SearchOutcome, seconds: number, workers: number, p: Prepared): string {
  const head = `${ref}: looking for a run where ${p.property.label}\nSchedules: ${describeBudget(p.budget)}.`;
  const time = `${seconds.toFixed(1)} s, ${workers} worker${workers === 1 ? "" : "s"}`;
  if (!o.found || !o.shrunk || !o.original)
    return `${head}\nNone of ${o.tried} schedules broke it (${time}).`;
  return [
    head,
    `Schedule ${o.tried} of the budget broke it (${time}): ${describeSchedule(o.original)}.`,
    `Shrunk in ${o.shrunk.steps} runs to ${describeSchedule(o.shrunk.faults)}.`,
    `What broke: ${o.shrunk.failure.detail} (at ${Math.round(o.shrunk.failure.at) / 1000} s).`,
    "The scenario (save it and replay with: npm run sim -- run FILE):",
    JSON.stringify(o.counterexample, null, 2),
  ].join("\n");
}

/** The search command. Errors are one line on stderr and exit code 2, like the other commands. */
export async function runSearchCli(argv: string[], io: Io, usage: string): Promise<number> {
  const out = (s: string) => io.out(s.endsWith("\n") ? s : s + "\n");
  let name = "scenario";
  try {
    const { spec, workers, json, ref } = specFrom(argv);
    name = ref;
    const t0 = performance.now();
    const p = prepare(spec); // validates everything before any worker starts
    let o: SearchOutcome;
    if (workers === 1) o = search(spec);
    else {
      const r = await runPool(
        spec,
        p.budget.schedules,
        Math.min(workers, Math.ceil(p.budget.schedules / 20)),
      );
      o = finishSearch(p, r.best, r.tried);
    }
    const seconds = (performance.now() - t0) / 1000;
    out(json ? JSON.stringify(report(o, seconds), null, 2) : text(ref, o, seconds, workers, p));
    return 0;
  } catch (e) {
    if (e instanceof SearchUsage) io.err(`error: ${e.message}\n${usage}\n`);
    else if (e instanceof ScenarioError) io.err(`error: ${name}: ${e.message}\n`);
    else if (e instanceof BudgetError || e instanceof PropertyError) io.err(`error: ${e.message}\n`);
    else io.err(`error: ${(e as Error).message ?? String(e)}\n`);
    return 2;
  }
}
