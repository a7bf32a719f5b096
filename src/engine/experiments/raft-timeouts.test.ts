import { describe, expect, it } from "vitest";
import { digest } from "../core/digest.ts";
import { figure16Parts, mergeFigure16, runFigure16Part, runRaftTimeouts, stats } from "./raft-timeouts.ts";

describe("Figure 16 experiment", () => {
  it("has the paper's shape", () => {
    const r = runRaftTimeouts({ trials: 200, capMs: 15_000, ranges: [[150, 150], [150, 155], [150, 200], [12, 24], [50, 100]] });
    const [none, five, fifty, short, mid] = r.ranges.map((x) => stats(x.samples));
    // No randomness is far slower than 5 ms of it (the paper: consistently over 10 s).
    expect(none.median).toBeGreaterThan(10_000);
    expect(five.median).toBeGreaterThan(200);
    expect(five.median).toBeLessThan(400); // paper: 287 ms
    expect(fifty.max).toBeLessThan(700); // paper: 513 ms over 1000 trials
    expect(fifty.median).toBeLessThan(five.median);
    expect(short.mean).toBeLessThan(60); // paper: 35 ms
    // Shorter minimum timeouts, shorter downtime.
    expect(short.median).toBeLessThan(mid.median);
    expect(mid.median).toBeLessThan(fifty.median);
    // Downtime can never be shorter than about half the minimum timeout.
    expect(Math.min(...r.ranges[1].samples)).toBeGreaterThan(70);
  });

  it("identical timeouts split for tens of seconds, and only timer noise ever breaks the tie", () => {
    const noisy = runRaftTimeouts({ trials: 40, ranges: [[150, 150]] });
    const st = stats(noisy.ranges[0].samples);
    expect(st.median).toBeGreaterThan(10_000);
    expect(noisy.censored[0]).toBeLessThan(20); // most trials do elect a leader within the 60 s cap
    const silent = runRaftTimeouts({ trials: 10, ranges: [[150, 150]], timerNoise: 0, capMs: 20_000 });
    expect(silent.censored[0]).toBe(10);
  });

  it("runs in parts that merge, in any order, to the samples one loop over every trial gave (recorded at commit 2422cc2 with a 200 s cap)", () => {
    const opts = { trials: 5, seed: 2, capMs: 200_000 };
    expect(digest(JSON.stringify({ ranges: runRaftTimeouts(opts).ranges }) + "\n")).toBe("c4c0fdb7:k6");
    const parts = figure16Parts(opts, 2).map((p) => runFigure16Part(opts, p)).reverse();
    expect(mergeFigure16(opts, parts)).toEqual(runRaftTimeouts(opts));
  });

  it("is deterministic", () => {
    const a = runRaftTimeouts({ trials: 20, ranges: [[150, 155]] });
    const b = runRaftTimeouts({ trials: 20, ranges: [[150, 155]] });
    expect(a.ranges).toEqual(b.ranges);
  });
});
