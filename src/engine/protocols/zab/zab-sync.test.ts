// A follower's last zxid after Zab's synchronisation: the leader's history, not a bare new-epoch
// zxid (review 18b #6: n4 read "zxid 2:0" after rejoining while n1-n3 read 2:24-2:26).
import { describe, expect, it } from "vitest";
import { createSimulation, presets } from "../../index.ts";
import type { TraceEvent } from "../../core/trace.ts";
import type { ZabState } from "./state.ts";

const EPOCH = 2 ** 32;
const zxid = (z: number) => `${Math.floor(z / EPOCH)}:${z % EPOCH}`;
const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
const zab = (sim: ReturnType<typeof createSimulation>, i: number) => sim.state.nodes[i].p as ZabState;

describe("zab: a follower's history after sync", () => {
  it("zab-failover: n4, behind, rejoins; after sync its last zxid is the leader's history at sync time, and later transactions advance it", () => {
    const sc = presets["zab-failover"].scenario;
    // Where the established leader n3 sends n4 its NEWLEADER once n4 is back (after 17 s).
    const full = createSimulation(sc).run();
    const send = of(full.trace, "send").find((e) => e.kind === "NEWLEADER" && e.to === "n4" && e.t > 17_000)!;
    expect(send.from).toBe("n3");

    const sim = createSimulation(sc);
    sim.runUntil(send.t);
    const atSync = zab(sim, 2).d.lastZxid; // n3's history when it synced n4 (DIFF, then NEWLEADER)
    expect(Math.floor(atSync / EPOCH)).toBe(2);
    expect(atSync % EPOCH).toBeGreaterThan(20); // epoch 2 has been writing every 500 ms since 8.45 s
    const before = zab(sim, 3).d.lastZxid;
    expect(zxid(before)).toBe("1:8"); // what n4 had when it was cut off at 5 s

    // NEWLEADER has arrived: a DIFF's proposals are logged but not yet committed.
    sim.runUntil(40_000, () => zab(sim, 3).phase === "sync");
    expect(zab(sim, 3).d.currentEpoch).toBe(2);
    expect(zxid(zab(sim, 3).d.lastZxid)).toBe("1:8");
    // UPTODATE: committed, so its history is the leader's at sync time.
    sim.runUntil(40_000, () => zab(sim, 3).established);
    expect(zab(sim, 3).phase).toBe("broadcast");
    expect(zxid(zab(sim, 3).d.lastZxid)).toBe(zxid(atSync));

    // Once up to date, each later transaction reaches it as it reaches n1 and n2.
    sim.runUntil(30_000);
    const n4 = zab(sim, 3).d.lastZxid;
    expect(n4).toBeGreaterThan(atSync);
    expect(zxid(n4)).toBe(zxid(zab(sim, 0).d.lastZxid));
    expect(zxid(n4)).toBe(zxid(zab(sim, 1).d.lastZxid));
  });

  it("zab-failover: from NEWLEADER on, no follower's last zxid is a bare (epoch, 0), which is no transaction", () => {
    const sim = createSimulation(presets["zab-failover"].scenario);
    for (let t = 9_000; t <= 40_000; t += 50) {
      sim.runUntil(t);
      for (let i = 0; i < 4; i++) {
        const s = zab(sim, i);
        if (s.state !== "FOLLOWING" || (s.phase !== "sync" && s.phase !== "broadcast")) continue;
        expect(s.d.lastZxid % EPOCH, `n${i + 1} at ${t} ms: ${zxid(s.d.lastZxid)}`).toBeGreaterThan(0);
      }
    }
  });

  it("zab-histories (no writes): sync gives every follower n2's history 3:12; the leader's (4, 0) is no transaction, so no follower takes it, and the tie after n2's crash goes to the highest id", () => {
    const sim = createSimulation(presets["zab-histories"].scenario);
    sim.runUntil(9_000);
    expect(zab(sim, 1).state).toBe("LEADING");
    expect(zxid(zab(sim, 1).d.lastZxid)).toBe("4:0"); // startZkServer: setlastProcessedZxid(makeZxid(epoch, 0))
    for (const i of [0, 2, 3, 4]) {
      expect(zab(sim, i).d.currentEpoch).toBe(4);
      expect(zxid(zab(sim, i).d.lastZxid)).toBe("3:12"); // n4's 2:40 truncated, the others diffed up
    }
    sim.run();
    const starts = of(sim.trace, "leader-start").map((e) => [e.node, e.term]);
    expect(starts).toEqual([
      ["n2", 4],
      ["n5", 5],
    ]);
  });
});
