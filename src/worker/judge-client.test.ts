// The page's judge client: the verdict it returns is the judge's own, progress arrives as the
// worker works, a worker that stops answering is ended by the watchdog and the next call gets
// a fresh one, and an endless loop in the learner's code comes back as a message naming the
// handler (the step guard), not as a hung worker.
import { describe, expect, it } from "vitest";
import { createJudgeHost, type FromJudgeWorker, type ToJudgeWorker } from "./judge-host.ts";
import { judgeInWorker, JudgeStopped, runLearnerScenario, type JudgeWorkerLike } from "./judge-client.ts";
import { judge } from "../elector/judge.ts";
import { challengeById } from "../elector/challenges/index.ts";

/** The real host behind the worker interface, in this thread; messages cross by structured
 *  clone in later macrotasks, as between threads. */
class InProcessJudgeWorker implements JudgeWorkerLike {
  onmessage: ((e: MessageEvent<FromJudgeWorker>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  private readonly handle = createJudgeHost((m) => {
    const copy = structuredClone(m);
    setTimeout(() => {
      if (!this.terminated) this.onmessage?.({ data: copy } as MessageEvent<FromJudgeWorker>);
    }, 0);
  });
  postMessage(m: ToJudgeWorker): void {
    const copy = structuredClone(m);
    setTimeout(() => {
      if (!this.terminated) this.handle(copy);
    }, 0);
  }
  terminate(): void {
    this.terminated = true;
  }
}

/** A worker that takes messages and never answers: what a wedged thread looks like. */
class SilentWorker implements JudgeWorkerLike {
  onmessage = null;
  onerror = null;
  terminated = false;
  postMessage(): void {}
  terminate(): void {
    this.terminated = true;
  }
}

const starter = challengeById("bully-crash")!.starter;

describe("judgeInWorker", () => {
  it("returns the judge's own verdict, with progress on the way", async () => {
    const seen: number[] = [];
    const make = () => new InProcessJudgeWorker();
    const v = await judgeInWorker(
      { source: starter, challengeId: "bully-crash", budget: 40 },
      (p) => seen.push(p.ran),
      { createWorker: make },
    );
    expect(v).toEqual(judge({ source: starter, challengeId: "bully-crash", budget: 40 }));
    expect(v.kind).toBe("failed");
    expect(seen.length).toBeGreaterThan(0);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it("ends a worker that stops answering and starts a fresh one for the next call", async () => {
    const made: JudgeWorkerLike[] = [];
    const make = () => {
      const w = made.length === 0 ? new SilentWorker() : new InProcessJudgeWorker();
      made.push(w);
      return w;
    };
    const first = judgeInWorker({ source: starter, challengeId: "bully-crash", budget: 10 }, undefined, {
      createWorker: make,
      watchdogMs: 50,
    });
    await expect(first).rejects.toBeInstanceOf(JudgeStopped);
    await expect(first).rejects.toMatchObject({ reason: "unresponsive" });
    expect((made[0] as SilentWorker).terminated).toBe(true);
    const second = await judgeInWorker(
      { source: starter, challengeId: "bully-crash", budget: 10 },
      undefined,
      { createWorker: make, watchdogMs: 60_000 },
    );
    expect(second.kind).toBe("failed");
    expect(made).toHaveLength(2);
  });

  it("cancels on abort, and the next call works", async () => {
    const make = () => new InProcessJudgeWorker();
    const ac = new AbortController();
    const p = judgeInWorker({ source: starter, challengeId: "bully-crash", budget: 200 }, () => ac.abort(), {
      createWorker: make,
      signal: ac.signal,
    });
    await expect(p).rejects.toMatchObject({ reason: "cancelled" });
    const v = await judgeInWorker(
      { source: "export function init(node: Node) {", challengeId: "bully-crash" },
      undefined,
      { createWorker: make },
    );
    expect(v.kind).toBe("compile-error");
  });
});

describe("runLearnerScenario", () => {
  it("an endless loop in onTimer comes back naming the handler and line, and the next run works", async () => {
    const make = () => new InProcessJudgeWorker();
    const loop =
      "export function init(node: Node) { node.setTimer('t', 100); }\nexport function onTimer(node: Node, name: string) {\n  while (true) {}\n}";
    const r = await runLearnerScenario(
      { source: loop, scenario: { protocol: "learner", nodes: 3, until: "1s" } },
      { createWorker: make },
    );
    expect(r.kind).toBe("ran");
    if (r.kind !== "ran") return;
    expect(r.error?.handler).toBe("onTimer");
    expect(r.error?.line).toBe(3);
    expect(r.error?.message).toMatch(/^step budget exceeded in onTimer \(line 3\)/);
    expect(r.error?.at).toBe(100);
    const ok = await runLearnerScenario(
      {
        source: starter,
        scenario: {
          protocol: "learner",
          nodes: 5,
          until: "2s",
          options: { code: "ignored: made again from the source" },
        },
      },
      { createWorker: make },
    );
    expect(ok.kind === "ran" && ok.error === null && ok.summary !== null).toBe(true);
    if (ok.kind === "ran") expect((ok.scenario.options as { code: string }).code).toContain("__step");
  });
});
