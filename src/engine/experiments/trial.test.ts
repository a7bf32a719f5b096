// The experiments are defined once, as trial specs run by runTrial. These fingerprints were
// recorded from the code before that (commit 2422cc2, when the practice lab had its own copies of
// the trial set-ups): a fixed seed and trial count must still give the same results, byte for byte.
import { describe, expect, it } from "vitest";
import { createSimulation, digest } from "../index.ts";
import { electionCostTrial, runElectionCost } from "./election-cost.ts";
import { leaseTrial, runLeaseTuning } from "./lease-tuning.ts";
import { figure16Trial, runRaftTimeouts } from "./raft-timeouts.ts";
import { runTrial } from "./trial.ts";

describe("experiments give the same results as before they shared one trial definition", () => {
  it("Figure 16 (raft-timeouts)", () => {
    expect(
      digest(
        runRaftTimeouts({
          trials: 6,
          seed: 3,
          ranges: [
            [150, 155],
            [12, 24],
            [150, 300],
          ],
        }),
      ),
    ).toBe("69f2950c:83"); // events no longer count stale timer pops (issue 18); the samples are unchanged
  });

  it("election cost", () => {
    expect(digest(runElectionCost({ trials: 3, seed: 2, sizes: [3, 5] }))).toBe("ef414b46:2t9"); // Zab failover: followers see the crash at once (issue 14); discovery and sync (issue 34 #12); Raft by etcd-io/raft rules and ticks (issue 34 #3, #10)
  });

  it("lease tuning", () => {
    const r = runLeaseTuning({
      ttlsMs: [2000, 5000],
      trials: 4,
      seed: 2,
      pauses: { kind: "lognormal", medianMs: 1000, sigma: 1 },
    });
    expect(digest(r)).toBe("151963d9:1kn"); // etcd: keepalives on clientv3's 500 ms loop, expiry on the lessor's 500 ms pass (issue 34 #5);
  });
});

describe("a trial spec", () => {
  it("is its scenario: running the scenario alone reproduces what the trial measured", () => {
    const f = figure16Trial([150, 300], 1, 7);
    const t = runTrial(f);
    const next = createSimulation(f.scenario, { trace: "full" })
      .run()
      .trace.find((e) => e.type === "leader-start" && e.t > f.crashAt);
    expect(next && Math.round((next.t - f.crashAt) * 1000) / 1000).toBe(t.sample);

    const l = leaseTrial(3000, "crash", 2, {
      ttlsMs: [3000],
      trials: 3,
      seed: 5,
      pauses: { kind: "uniform", minMs: 100, maxMs: 200 },
    });
    const lt = runTrial(l);
    expect(lt).toMatchObject({ ttlMs: 3000, kind: "crash", trial: 2, seed: 7, at: l.at, pauseMs: null });
    const lead = createSimulation(l.scenario)
      .run()
      .trace.find((e) => e.type === "leader-start" && e.t > l.at);
    expect(lead && Math.round((lead.t - l.at) * 1000) / 1000).toBe(lt.failoverMs);

    const c = runTrial(electionCostTrial("ring", 5, 3));
    expect(c?.kinds.ELECTED).toBe(4);
  });

  it("leaves its scenario untouched by running, so the same spec runs again to the same result", () => {
    const f = figure16Trial([12, 24], 0, 2);
    const before = JSON.stringify(f.scenario);
    expect(runTrial(f)).toEqual(runTrial(f));
    expect(JSON.stringify(f.scenario)).toBe(before);
  });
});
