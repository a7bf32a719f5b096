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

export interface JudgeBench { schedules: number; builtinS: number; learnerS: number; ratio: number; builtinFound: boolean; learnerVerdict: string }

const FAULTS = ["crash", "restart", "pause", "partition", "one-way", "clock", "slow"] as const;

/** A learner's Raft-style elector: randomized timeouts, one durable vote per term, majorities. */
const ELECTOR = `const HEARTBEAT = 50;
function timeout(node: Node): number { return 150 + Math.floor(node.random() * 150); }
function term(node: Node): number { return node.disk.term as number; }
export function init(node: Node): void {
  if (node.disk.term === undefined) { node.disk.term = 0; node.disk.votedFor = null; }
  node.state.votes = [];
  node.follow();
  node.setTimer("election", timeout(node));
}
function newTerm(node: Node, t: number): void {
  node.disk.term = t; node.disk.votedFor = null; node.state.votes = [];
  node.follow(); node.cancelTimer("heartbeat"); node.setTimer("election", timeout(node));
}
export function onTimer(node: Node, name: string): void {
  if (name === "election") {
    node.disk.term = term(node) + 1; node.disk.votedFor = node.id; node.state.votes = [node.id];
    node.campaign();
    node.broadcast({ type: "REQUEST_VOTE", term: term(node) });
    node.setTimer("election", timeout(node));
  } else if (name === "heartbeat" && node.leading()) {
    node.broadcast({ type: "HEARTBEAT", term: term(node) });
    node.setTimer("heartbeat", HEARTBEAT);
  }
}
export function onMessage(node: Node, from: string, msg: Message): void {
  const t = msg.term as number;
  if (t > term(node)) newTerm(node, t);
  if (msg.type === "REQUEST_VOTE") {
    const granted = t === term(node) && (node.disk.votedFor === null || node.disk.votedFor === from);
    if (granted) { node.disk.votedFor = from; node.setTimer("election", timeout(node)); }
    node.send(from, { type: "VOTE", term: term(node), granted });
  } else if (msg.type === "VOTE" && msg.granted && t === term(node) && !node.leading()) {
    const votes = node.state.votes as string[];
    if (!votes.includes(from)) votes.push(from);
    if (votes.length > node.size / 2) {
      node.lead(term(node)); node.cancelTimer("election");
      node.broadcast({ type: "HEARTBEAT", term: term(node) });
      node.setTimer("heartbeat", HEARTBEAT);
    }
  } else if (msg.type === "HEARTBEAT" && t === term(node) && !node.leading()) {
    node.follow(); node.setTimer("election", timeout(node));
  }
}
`;

export async function benchJudge(schedules = 2000): Promise<JudgeBench> {
  const spec: SearchSpec = { scenario: { protocol: "raft", nodes: 5, until: "30s" }, property: "one-leader-per-term", budget: { schedules, faults: [...FAULTS] } };
  let t0 = performance.now();
  const p = prepare(spec);
  const r = await runPool(spec, schedules, 1);
  const builtin = finishSearch(p, r.best, r.tried);
  const builtinS = (performance.now() - t0) / 1000;

  const challenge: Challenge = {
    id: "bench", title: "bench", brief: "", starter: "", hints: [], lessons: [],
    scenario: { protocol: "learner", nodes: 5, seed: 1, until: "30s" },
    budget: { schedules, faults: [...FAULTS] },
    safety: ["one-leader-per-term"], liveness: { withinMs: 30_000, share: 1, label: "", scope: "fault-free" },
  };
  const request: JudgeRequest = { source: ELECTOR, challengeId: "bench", challenge };
  t0 = performance.now();
  const prep = prepareJudge(request);
  if ("verdict" in prep) throw new Error("the bench's elector does not compile");
  const plan = new JudgePlan(prep.job.total);
  await runThreads({
    next: () => { const c = plan.next(); return c ? { type: "judge-chunk", chunk: c } : null; },
    reply: (m) => { if (m.type === "judge-done") plan.report(m.result); },
    finished: () => plan.finished(),
  }, 1, { judge: request });
  const verdict = finishJudge(prep.job, plan.result());
  const learnerS = (performance.now() - t0) / 1000;
  const r3 = (x: number) => Math.round(x * 100) / 100;
  return {
    schedules, builtinS: r3(builtinS), learnerS: r3(learnerS), ratio: r3(learnerS / builtinS),
    builtinFound: builtin.found, learnerVerdict: verdict.kind === "failed" ? `failed after ${verdict.tried}: ${verdict.detail}` : verdict.kind,
  };
}
