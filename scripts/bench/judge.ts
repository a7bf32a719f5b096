// The elector judge (issue 37) against the built-in search: 2,000 schedules of a 5-node learner
// elector (a Raft-style majority election written against the elector API, as a learner would)
// beside 2,000 schedules of the built-in Raft, the same run length, the same fault kinds, the
// same property, each on one worker thread. Reports only; the aim is at most 3x.
import { performance } from "node:perf_hooks";
import { finishSearch, prepare, type SearchSpec } from "../../src/engine/search/index.ts";
import { runPool } from "../../src/cli/search-pool.ts";
import { runThreads } from "../../src/cli/thread-pool.ts";
import { finishJudge, JudgePlan, prepareJudge, type JudgeRequest } from "../../src/elector/judge.ts";
import type { Challenge } from "../../src/elector/types.ts";
import { RAFT_ELECTOR, variant } from "../../src/elector/challenges/reference-electors.ts";

export interface JudgeBench {
  schedules: number;
  builtinS: number;
  learnerS: number;
  ratio: number;
  builtinFound: boolean;
  learnerVerdict: string;
}

const FAULTS = ["crash", "restart", "pause", "partition", "one-way", "clock", "slow"] as const;

/** A learner's Raft-style elector (the challenge tests' reference), with the built-in Raft's
 *  default election timeout, 150 to 300 ms. */
const ELECTOR = variant(
  RAFT_ELECTOR,
  "300 + Math.floor(node.random() * 300)",
  "150 + Math.floor(node.random() * 150)",
);

export async function benchJudge(schedules = 2000): Promise<JudgeBench> {
  const spec: SearchSpec = {
    scenario: { protocol: "raft", nodes: 5, until: "30s" },
    property: "one-leader-per-term",
    budget: { schedules, faults: [...FAULTS] },
  };
  let t0 = performance.now();
  const p = prepare(spec);
  const r = await runPool(spec, schedules, 1);
  const builtin = finishSearch(p, r.best, r.tried);
  const builtinS = (performance.now() - t0) / 1000;

  const challenge: Challenge = {
    id: "bench",
    title: "bench",
    brief: "",
    starter: "",
    hints: [],
    lessons: [],
    scenario: { protocol: "learner", nodes: 5, seed: 1, until: "30s" },
    budget: { schedules, faults: [...FAULTS] },
    safety: ["one-leader-per-term"],
    liveness: { withinMs: 30_000, share: 1, label: "", scope: "fault-free" },
  };
  const request: JudgeRequest = { source: ELECTOR, challengeId: "bench", challenge };
  t0 = performance.now();
  const prep = prepareJudge(request);
  if ("verdict" in prep) throw new Error("the bench's elector does not compile");
  const plan = new JudgePlan(prep.job.total);
  await runThreads(
    {
      next: () => {
        const c = plan.next();
        return c ? { type: "judge-chunk", chunk: c } : null;
      },
      reply: (m) => {
        if (m.type === "judge-done") plan.report(m.result);
      },
      finished: () => plan.finished(),
    },
    1,
    { judge: request },
  );
  const verdict = finishJudge(prep.job, plan.result());
  const learnerS = (performance.now() - t0) / 1000;
  const r3 = (x: number) => Math.round(x * 100) / 100;
  return {
    schedules,
    builtinS: r3(builtinS),
    learnerS: r3(learnerS),
    ratio: r3(learnerS / builtinS),
    builtinFound: builtin.found,
    learnerVerdict:
      verdict.kind === "failed" ? `failed after ${verdict.tried}: ${verdict.detail}` : verdict.kind,
  };
}
