// `npm run sim -- judge FILE --challenge NAME [--seed N] [--budget N] [--workers N] [--json]`:
// judge a learner's elector (a TypeScript file) for a challenge, as the editor page does: the
// same compile, the same schedules, the same verdict for the same seed and budget. Schedules
// run on worker threads in chunks that ChunkPlan orders, so the count of workers never changes
// the answer; progress goes to stderr, the verdict to stdout.
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { quote } from "../engine/validate/quote.ts";
import { finishJudge, JudgePlan, judgeChunk, prepareJudge, type JudgeRequest } from "../elector/judge.ts";
import { CHALLENGES } from "../elector/challenges/index.ts";
import type { Verdict } from "../elector/types.ts";
import { runThreads } from "./thread-pool.ts";
import { ticker } from "./progress.ts";
import type { Io } from "./io.ts";
import { parseCommandArgs, wholeFlag } from "./args.ts";

export const JUDGE_USAGE =
  "  npm run sim -- judge FILE --challenge NAME [--seed N] [--budget N] [--workers N] [--json]";

class JudgeUsage extends Error {}

const VALUE = new Set(["challenge", "seed", "budget", "workers"]);

function parse(argv: string[]): { file: string; flags: Record<string, string>; json: boolean } {
  const { pos, flags, json } = parseCommandArgs(argv, VALUE, "judge", (m) => new JudgeUsage(m));
  if (pos.length !== 1)
    throw new JudgeUsage(
      pos.length === 0 ? "missing FILE: the elector's TypeScript" : `judge takes one file, got ${pos.length}`,
    );
  if (flags.challenge === undefined)
    throw new JudgeUsage(`judge needs --challenge NAME (one of ${CHALLENGES.map((c) => c.id).join(", ")})`);
  if (!CHALLENGES.some((c) => c.id === flags.challenge))
    throw new JudgeUsage(
      `unknown challenge ${quote(flags.challenge)} (one of ${CHALLENGES.map((c) => c.id).join(", ")})`,
    );
  return { file: pos[0], flags, json };
}

const int = (flags: Record<string, string>, name: string, min: number, max: number) =>
  wholeFlag(flags, name, min, max, (m) => new JudgeUsage(m));

/** Judge on `workers` threads (1: this thread). Same verdict either way. */
export async function judgeOnThreads(
  request: JudgeRequest,
  workers: number,
  progress?: (ran: number, total: number) => void,
): Promise<Verdict> {
  const prep = prepareJudge(request);
  if ("verdict" in prep) return prep.verdict;
  const job = prep.job;
  const plan = new JudgePlan(job.total);
  if (workers <= 1) {
    for (let c = plan.next(); c; c = plan.next()) {
      plan.report(judgeChunk(job, c));
      progress?.(plan.ran, job.total);
    }
  } else {
    await runThreads(
      {
        next: () => {
          const c = plan.next();
          return c ? { type: "judge-chunk", chunk: c } : null;
        },
        reply: (m) => {
          if (m.type !== "judge-done") return;
          plan.report(m.result);
          progress?.(plan.ran, job.total);
        },
        finished: () => plan.finished(),
      },
      Math.min(workers, Math.ceil(job.total / plan.plan.size)),
      { judge: request },
    );
  }
  return finishJudge(job, plan.result());
}

function text(file: string, v: Verdict, seconds: number): string {
  const time = `${seconds.toFixed(1)} s`;
  if (v.kind === "compile-error")
    return [
      `${file}: does not compile`,
      ...v.errors.map((e) => `  line ${e.line}, column ${e.column}: ${e.message}`),
    ].join("\n");
  if (v.kind === "passed") {
    const live =
      v.liveness.of > 1 ? `; the liveness bound held on ${v.liveness.met} of ${v.liveness.of}` : "";
    return `${file}: passed ${v.schedules} schedule${v.schedules === 1 ? "" : "s"} of ${v.challenge} (seed ${v.seed}${live}, ${time})`;
  }
  return [
    `${file}: failed ${v.challenge} after ${v.tried} schedules (seed ${v.seed}, ${time})`,
    `What broke: ${v.label}: ${v.detail} (at ${Math.round(v.at) / 1000} s).`,
    v.error ? `In your code: ${v.error.message}` : "",
    v.liveness ? `The liveness bound held on ${v.liveness.met} of ${v.liveness.of} schedules.` : "",
    v.faults.length === 0
      ? "No fault needed: it happens on the run with nothing going wrong."
      : `The smallest schedule: ${v.described.join("; ")}.`,
    "The scenario (replay with: npm run sim -- run FILE):",
    JSON.stringify(v.scenario, null, 2),
  ]
    .filter(Boolean)
    .join("\n");
}

export async function runJudgeCli(argv: string[], io: Io, usage: string): Promise<number> {
  const out = (s: string) => io.out(s.endsWith("\n") ? s : s + "\n");
  try {
    const a = parse(argv);
    let source: string;
    try {
      source = readFileSync(a.file, "utf8").replace(/^\uFEFF/, "");
    } catch (e) {
      throw new Error(
        `cannot read ${a.file}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`,
      );
    }
    const request: JudgeRequest = {
      source,
      challengeId: a.flags.challenge,
      seed: int(a.flags, "seed", -2147483648, 2147483647) ?? 1,
    };
    const budget = int(a.flags, "budget", 1, 100_000);
    if (budget !== undefined) request.budget = budget;
    const workers = int(a.flags, "workers", 1, 64) ?? Math.max(1, Math.min(8, availableParallelism()));
    const t0 = performance.now();
    const tick = ticker((line) => io.err(line + "\n"));
    const v = await judgeOnThreads(request, workers, (ran, total) =>
      tick(() => `judged ${ran} of ${total} schedules`),
    );
    const seconds = (performance.now() - t0) / 1000;
    out(a.json ? JSON.stringify(v, null, 2) : text(a.file, v, seconds));
    return v.kind === "passed" ? 0 : 1;
  } catch (e) {
    if (e instanceof JudgeUsage) io.err(`error: ${e.message}\n${usage}\n`);
    else io.err(`error: ${(e as Error).message ?? String(e)}\n`);
    return 2;
  }
}
