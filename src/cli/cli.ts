// The headless CLI: `npm run sim -- run|trials|experiment|presets ...`. Thin: parse arguments,
// load a scenario, call the engine, print. Errors are one line on stderr and exit code 2.
// runCli() is callable in-process (tests); main.ts is the process entry.
import { quote } from "../engine/validate/quote.ts";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import {
  parseScenario,
  ScenarioError,
  MAX_NODES,
  presets,
  runTrials,
  runRaftTimeouts,
  runElectionCost,
  runLeaseTuning,
  LEASE_TUNING_DEFAULTS,
} from "../engine/index.ts";
import type { RaftTimeoutsDetail } from "../engine/index.ts";
import { defaultThreads, runRaftTimeoutsOnThreads } from "./trial-pool.ts";
import { parseArgs, intFlag, UsageError, type Args } from "./args.ts";
import {
  formatRun,
  formatTrials,
  formatExperiment,
  formatElectionCost,
  formatLeaseTuning,
} from "./format.ts";
import { runSearchCli, SEARCH_USAGE } from "./search.ts";
import { runJudgeCli, JUDGE_USAGE } from "./judge.ts";
import { runWithProgress, ticker } from "./progress.ts";
import { Session } from "../engine/session/index.ts";
import { EXPLAIN_USAGE, explainRun, explainTarget, formatExplain } from "./explain.ts";

const USAGE = `usage:
  npm run sim -- run FILE|preset:NAME [--seed N] [--json]
  npm run sim -- trials FILE|preset:NAME --trials K [--json]
  npm run sim -- experiment raft-timeouts [--trials K] [--workers W] [--json]
  npm run sim -- experiment election-cost [--trials K] [--sizes 3,5,...,101] [--json]
  npm run sim -- experiment lease-tuning [--trials K] [--json]
  npm run sim -- presets
${EXPLAIN_USAGE}
${SEARCH_USAGE}
${JUDGE_USAGE}`;

class InputError extends Error {}

function load(ref: string | undefined): { name: string; json: Record<string, unknown> } {
  if (!ref) throw new UsageError("missing scenario: give a FILE or preset:NAME");
  if (ref.startsWith("preset:")) {
    const name = ref.slice(7);
    // Own presets only: "constructor", "__proto__" or "toString" are not presets.
    const p = Object.hasOwn(presets, name) ? presets[name] : undefined;
    if (!p) throw new InputError(`unknown preset ${quote(name)} (see: npm run sim -- presets)`);
    return { name: ref, json: structuredClone(p.scenario) };
  }
  let text: string;
  try {
    // A UTF-8 byte-order mark (Windows editors write one) is not part of the JSON; the sandbox's
    // file import drops it too (File.text() decodes it away).
    text = readFileSync(ref, "utf8").replace(/^\uFEFF/, "");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      `cannot read ${ref}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : (e as Error).message}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${ref} is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw new InputError(`${ref}: a scenario must be a JSON object`);
  return { name: ref, json: json as Record<string, unknown> };
}

function withSeed(json: Record<string, unknown>, args: Args): Record<string, unknown> {
  const seed = intFlag(args.flags, "seed", -2147483648);
  return seed === undefined ? json : { ...json, seed };
}

function parseNamed(name: string, json: Record<string, unknown>) {
  try {
    return parseScenario(json);
  } catch (e) {
    if (e instanceof ScenarioError) throw new InputError(`${name}: ${e.message}`);
    throw e;
  }
}

/** The same headless session the sandbox, the tours and the content check drive, with the full
 *  trace; the CLI never seeks back, so it keeps no snapshots and samples no timeline lanes. */
function headless(scenario: Record<string, unknown>): Session {
  const session = new Session({ snapEvery: Infinity, lanes: false, trace: "full", maxNodes: MAX_NODES });
  session.load(scenario);
  return session;
}

import type { Io } from "./io.ts";

export type { Io };

let print: (s: string) => void = () => {};
let report: (s: string) => void = () => {};

/** `--sizes 3,5,...,101`: cluster sizes for election-cost (up to MAX_NODES). */
function sizesFlag(v: string | true | undefined): number[] | undefined {
  if (v === undefined) return undefined;
  const xs = String(v)
    .split(",")
    .map((x) => Number(x.trim()));
  if (v === true || xs.some((x) => !Number.isInteger(x) || x < 3 || x > MAX_NODES))
    throw new UsageError(`--sizes takes whole numbers from 3 to ${MAX_NODES}, comma-separated`);
  return xs;
}

function main(argv: string[]): number | Promise<number> {
  const args = parseArgs(argv);
  const json = args.flags.json === true;
  if (args.flags.help || args.command === "help") {
    print(USAGE);
    return 0;
  }
  switch (args.command) {
    case "run": {
      if (args.flags.trials !== undefined)
        throw new UsageError("run takes no --trials (use the trials command)");
      const { name, json: sc } = load(args.positional[0]);
      const seeded = withSeed(sc, args);
      parseNamed(name, seeded); // refuse a bad scenario with its name before anything runs
      const sim = runWithProgress(headless(seeded), (line) => report(line)).simulation;
      const summary = sim.summary();
      print(json ? JSON.stringify(summary, null, 2) : formatRun(name, sim.trace, summary));
      return 0;
    }
    case "trials": {
      const { name, json: sc } = load(args.positional[0]);
      const k = intFlag(args.flags, "trials", 1);
      if (k === undefined) throw new UsageError("trials needs --trials K");
      const tick = ticker(report);
      const r = runTrials(parseNamed(name, withSeed(sc, args)), k, (done) =>
        tick(() => `running: ${done} of ${k} trials`),
      );
      print(json ? JSON.stringify(r, null, 2) : formatTrials(name, r));
      return 0;
    }
    case "experiment": {
      const which = args.positional[0];
      if (which !== "raft-timeouts" && which !== "election-cost" && which !== "lease-tuning")
        throw new UsageError(
          `unknown experiment ${quote(which ?? "")} (available: raft-timeouts, election-cost, lease-tuning)`,
        );
      const seed = intFlag(args.flags, "seed", -2147483648);
      if (which === "lease-tuning") {
        const trials = intFlag(args.flags, "trials", 1) ?? 20;
        const t0 = performance.now();
        const r = runLeaseTuning({
          ...LEASE_TUNING_DEFAULTS,
          trials,
          seed: seed ?? LEASE_TUNING_DEFAULTS.seed,
        });
        print(
          json
            ? JSON.stringify({ options: r.options, points: r.points }, null, 2)
            : formatLeaseTuning(r, performance.now() - t0),
        );
        return 0;
      }
      if (which === "election-cost") {
        const trials = intFlag(args.flags, "trials", 1) ?? 20;
        const sizes = sizesFlag(args.flags.sizes);
        const t0 = performance.now();
        const r = runElectionCost({ trials, seed, sizes });
        print(json ? JSON.stringify(r, null, 2) : formatElectionCost(r, performance.now() - t0));
        return 0;
      }
      const trials = intFlag(args.flags, "trials", 1) ?? 1000;
      // Split by seed over worker threads (as many as the machine has, at least 2); --workers 1
      // runs on this thread. The samples are the same either way (trial-pool.test.ts).
      const workers = intFlag(args.flags, "workers", 1) ?? defaultThreads();
      if (workers > 64) throw new UsageError("--workers must be at most 64");
      const t0 = performance.now();
      const done = (r: RaftTimeoutsDetail) => {
        print(
          json
            ? JSON.stringify({ ranges: r.ranges })
            : formatExperiment(r, performance.now() - t0, trials, workers),
        );
        return 0;
      };
      if (workers === 1) return done(runRaftTimeouts({ trials, seed }));
      return runRaftTimeoutsOnThreads({ trials, seed }, workers).then(done);
    }
    case "explain": {
      const { name, json: sc } = load(args.positional[0]);
      const seeded = withSeed(sc, args);
      const target = explainTarget(args.flags, parseNamed(name, seeded));
      const sim = runWithProgress(headless(seeded), (line) => report(line)).simulation;
      const chain = explainRun(sim.trace, target);
      print(
        json
          ? JSON.stringify({ at: target.at, node: target.node ?? null, chain }, null, 2)
          : formatExplain(name, target.at, chain),
      );
      return 0;
    }
    case "presets": {
      const list = Object.values(presets);
      if (json)
        print(
          JSON.stringify(
            list.map((p) => ({ name: p.name, title: p.title, description: p.description })),
            null,
            2,
          ),
        );
      else {
        const w = Math.max(...list.map((p) => p.name.length));
        for (const p of list) print(`${p.name.padEnd(w)}  ${p.title}\n${" ".repeat(w)}  ${p.description}`);
      }
      return 0;
    }
    case undefined:
      throw new UsageError("missing command");
    default:
      throw new UsageError(`unknown command ${quote(args.command)}`);
  }
}

export function runCli(argv: string[], io: Io): number | Promise<number> {
  if (argv[0] === "search") return runSearchCli(argv.slice(1), io, USAGE); // asynchronous: worker threads
  if (argv[0] === "judge") return runJudgeCli(argv.slice(1), io, USAGE); // likewise
  print = (x: string) => io.out(x.endsWith("\n") ? x : x + "\n");
  report = (x: string) => io.err(`${x}\n`);
  const fail = (e: unknown) => {
    if (e instanceof UsageError) io.err(`error: ${e.message}\n${USAGE}\n`);
    else if (e instanceof ScenarioError || e instanceof InputError) io.err(`error: ${e.message}\n`);
    else io.err(`error: ${(e as Error).message ?? String(e)}\n`);
    return 2;
  };
  try {
    const r = main(argv);
    return typeof r === "number" ? r : r.catch(fail);
  } catch (e) {
    return fail(e);
  }
}
