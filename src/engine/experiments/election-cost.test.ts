import { describe, expect, it } from "vitest";
import { runElectionCost } from "./election-cost.ts";

describe("election-cost experiment: measured messages per election against the known complexity", () => {
  const r = runElectionCost({ trials: 8 });
  const row = (p: string, n: number) => r.rows.find((x) => x.protocol === p && x.n === n)!;

  it("every run elects a new leader", () => {
    expect(r.rows).toHaveLength(20);
    for (const x of r.rows) expect(x.censored).toBe(0);
  });

  it("bully grows like n squared: between the best case n-1 and the worst n(n-1)/2 + (n-1)(n-2)/2 + n-2 per detector", () => {
    for (const n of [5, 9, 15, 25]) {
      const m = row("bully", n).messages;
      expect(m.min).toBeGreaterThanOrEqual(n - 2);
      expect(m.mean).toBeGreaterThan(0.4 * n * n);
      expect(m.mean).toBeLessThan(2.5 * n * n);
    }
    expect(row("bully", 25).messages.mean / row("bully", 5).messages.mean).toBeGreaterThan(15); // (25/5)^2 = 25
  });

  it("ring after a crash has one initiator (the dead leader's predecessor): at most 3n'-1 with n' = n-1 live nodes, so linear", () => {
    for (const n of [3, 5, 9, 15, 25]) {
      const x = row("ring", n);
      expect(x.messages.max).toBeLessThanOrEqual(3 * (n - 1) - 1);
      expect(x.byKind.ELECTED).toBe(n - 1);
    }
  });

  it("raft costs about 2(n'-1) per round: RequestVote to every other survivor and the replies that come back", () => {
    for (const n of [5, 9, 15, 25]) {
      const x = row("raft", n);
      expect(x.messages.min).toBeGreaterThanOrEqual(n - 1 + Math.floor(n / 2) - 1); // one round: n-2 requests, a majority of replies
      expect(x.messages.median).toBeLessThanOrEqual(4 * (n - 1));
    }
  });

  it("zab: at least (n-1)(n-2) notifications (every survivor tells every other), far below n^3, plus 6(n-2) discovery messages", () => {
    for (const n of [5, 9, 15, 25]) {
      const x = row("zab", n);
      expect(x.byKind.NOTIFICATION).toBeGreaterThanOrEqual((n - 1) * (n - 2));
      expect(x.byKind.NOTIFICATION).toBeLessThan((n * n * n) / 2);
      expect(x.byKind.UPTODATE).toBe(n - 2);
    }
  });
});
