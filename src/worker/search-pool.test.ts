// The browser pool gives the engine's answer for any number of workers, reports progress,
// cancels by terminating its workers, and turns a worker's error into a message.
import { describe, expect, it } from "vitest";
import { presets } from "../engine/index.ts";
import { search, type SearchSpec } from "../engine/search/index.ts";
import { startSearch, type SearchProgress } from "./search-pool.ts";
import { InProcessSearchWorker } from "./search-testing.ts";

const spec: SearchSpec = {
  scenario: presets["heartbeat-pair-partition"].scenario,
  property: "leaderless:10",
  budget: { schedules: 300, faults: ["partition"] },
};

describe("search pool", () => {
  it("the same outcome as the engine's own search, on 1 and 3 workers", async () => {
    const want = search(spec);
    expect(want.found).toBe(true);
    expect(want.tried).toBeGreaterThan(20);
    for (const workers of [1, 3]) {
      const made: InProcessSearchWorker[] = [];
      const progress: SearchProgress[] = [];
      const run = startSearch(spec, 300, {
        workers,
        createWorker: () => {
          const w = new InProcessSearchWorker();
          made.push(w);
          return w;
        },
        onProgress: (p) => progress.push(p),
      });
      const end = await run.done;
      expect(end).toEqual({ kind: "done", outcome: want });
      expect(made).toHaveLength(workers);
      expect(made.every((w) => w.terminated)).toBe(true);
      expect(progress.at(-1)?.phase).toBe("shrinking");
      // Only one worker shrank.
      expect(made.flatMap((w) => w.received).filter((m) => m.type === "finish")).toHaveLength(1);
    }
  });

  it("a search that finds nothing runs the whole budget", async () => {
    const none: SearchSpec = {
      scenario: { protocol: "raft", nodes: 3, until: "2s" },
      property: "one-leader-per-term",
      budget: { schedules: 50 },
    };
    const end = await startSearch(none, 50, { workers: 2, createWorker: () => new InProcessSearchWorker() })
      .done;
    expect(end.kind === "done" && end.outcome).toMatchObject({
      found: false,
      tried: 50,
      counterexample: null,
    });
  });

  it("cancel terminates every worker and reports how far it got", async () => {
    const made: InProcessSearchWorker[] = [];
    const long: SearchSpec = {
      scenario: { protocol: "raft", nodes: 3, until: "2s" },
      property: "one-leader-per-term",
      budget: { schedules: 5000 },
    };
    let cancelNow: () => void = () => {};
    const reached = new Promise<void>((r) => {
      cancelNow = r;
    });
    const run = startSearch(long, 5000, {
      workers: 2,
      createWorker: () => {
        const w = new InProcessSearchWorker();
        made.push(w);
        return w;
      },
      onProgress: (p) => {
        if (p.ran >= 40) cancelNow();
      },
    });
    await reached;
    run.cancel();
    const end = await run.done;
    expect(end.kind).toBe("cancelled");
    expect(end.kind === "cancelled" && end.ran).toBeGreaterThanOrEqual(40);
    expect(made.every((w) => w.terminated)).toBe(true);
  });

  it("a bad search comes back as a message naming the field", async () => {
    const end = await startSearch({ ...spec, budget: { schedules: 10, window: [0, 999_999] } }, 10, {
      workers: 1,
      createWorker: () => new InProcessSearchWorker(),
    }).done;
    expect(end).toMatchObject({ kind: "failed", message: expect.stringMatching(/^budget.window:/) });
  });
});
