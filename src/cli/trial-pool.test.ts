// Figure 16 split over worker threads gives exactly the samples of one thread.
import { describe, expect, it } from "vitest";
import { runRaftTimeouts } from "../engine/index.ts";
import { runRaftTimeoutsOnThreads } from "./trial-pool.ts";

describe("trials on worker threads", () => {
  it("merge to the one-thread result, byte for byte, for 1 and 3 threads", async () => {
    const opts = {
      trials: 60,
      seed: 5,
      capMs: 5_000,
      ranges: [
        [150, 150],
        [150, 155],
        [12, 24],
      ] as Array<[number, number]>,
    };
    const one = JSON.stringify(runRaftTimeouts(opts));
    expect(JSON.stringify(await runRaftTimeoutsOnThreads(opts, 1))).toBe(one);
    expect(JSON.stringify(await runRaftTimeoutsOnThreads(opts, 3))).toBe(one);
  });
});
