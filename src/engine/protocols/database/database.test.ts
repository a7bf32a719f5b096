import { describe, expect, it } from "vitest";
import { presets, runScenario } from "../../index.ts";
import type { TraceEvent } from "../../core/trace.ts";

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
const preset = (name: string) => presets[name].scenario as Record<string, unknown>;

describe("database row lease", () => {
  it("key events of database-lease: the row expires on the database's clock and the next poll takes it with epoch 2", () => {
    const { trace, summary } = runScenario(preset("database-lease"));
    expect(of(trace, "leader-start").map((e) => [e.node, e.token])).toEqual([
      ["n2", 1],
      ["n1", 2],
    ]);
    const take = of(trace, "lease").find((e) => e.action === "takeover")!;
    expect(take).toMatchObject({ holder: "n2", reason: "expired", judge: "store" });
    expect(take.prevExpiresAt!).toBeLessThan(take.clockMs!); // expires_at < now() on the database clock
    // About the TTL after the crash: at least ttl - renew, at most ttl plus a jittered poll.
    const gap = summary.leaders[1].from - 15_000;
    expect(gap).toBeGreaterThan(10_000 - 3000);
    expect(gap).toBeLessThan(10_000 + 4400 + 20);
    expect(summary.violations).toEqual([]);
  });

  it("database-stale-write: the stale leader's fenced write is an UPDATE that changes zero rows", () => {
    const { trace, summary } = runScenario(preset("database-stale-write"));
    const stale = of(trace, "write").filter((w) => w.node === "n2" && w.t > 25_000);
    expect(stale.length).toBeGreaterThan(0);
    for (const w of stale) expect(w).toMatchObject({ result: "rejected", token: 1, rows: 0, maxSeen: 2 });
    expect(
      of(trace, "note").some(
        (e) => e.node === "resource" && e.note.kind === "write-refused" && e.note.rows === 0,
      ),
    ).toBe(true);
    expect(summary.writes.staleAccepted).toBe(0);
    expect(summary.hazards.filter((v) => v.property !== "leaderless").map((v) => v.property)).toEqual([
      "overlap",
    ]);
  });

  it("the epoch goes up by exactly one per takeover and never on a renew", () => {
    const { trace } = runScenario({
      ...preset("database-lease"),
      until: "120s",
      faults: [
        { at: "15s", do: "crash", node: "leader" },
        { at: "50s", do: "crash", node: "leader" },
        { at: "60s", do: "restart", node: "n2" },
      ],
    });
    const holders = of(trace, "holder")
      .filter((e) => e.holder !== null)
      .map((e) => e.token);
    expect(holders).toEqual([1, 2, 3]);
    const renews = of(trace, "store").filter(
      (e) => e.op === "UPDATE" && e.statement === "renew" && e.rows === 1,
    );
    expect(renews.length).toBeGreaterThan(20);
  });

  it("the database's clock decides: an NTP step on it expires the lease early, while the holder's own clock says it is fine", () => {
    // The holder renewed at about 15 s (expires_at = 25 s on the database clock); at 16.5 s that
    // clock jumps 9 s ahead, so the row reads as expired although nobody failed.
    const { trace, summary } = runScenario({
      ...preset("database-lease"),
      faults: [{ at: "16.5s", do: "clock", node: "store", step: 9000 }],
    });
    const take = of(trace, "lease").find((e) => e.action === "takeover")!;
    expect(take.t).toBeLessThan(18_005); // before the holder's next renew, long before its own deadline
    expect(summary.maxConcurrentLeaders).toBe(2);
    const demote = of(trace, "lease").find((e) => e.action === "self-demote")!;
    expect(demote.reason).toBe("zero-rows");
    expect(
      of(trace, "store").some(
        (e) => e.statement === "renew" && e.node === demote.node && e.rows === 0 && e.t < demote.t,
      ),
    ).toBe(true);
  });

  it("a holder cut off from the database stops on its own clock before the row expires: no overlap", () => {
    const { summary } = runScenario({
      ...preset("database-lease"),
      faults: [{ at: "15s", do: "partition", groups: [["leader"], ["store"]], for: "20s" }],
    });
    expect(summary.leaders).toHaveLength(2);
    expect(summary.overlap).toBe(0);
  });

  it("a graceful shutdown releases the row: the next poll takes it at once", () => {
    const { summary } = runScenario({
      ...preset("database-lease"),
      faults: [{ at: "15s", do: "shutdown", node: "leader" }],
    });
    expect(summary.leaders[1].from - 15_000).toBeLessThan(4400 + 20);
  });
});
