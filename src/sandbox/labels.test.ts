// The words the sandbox puts beside each protocol's numbers, checked against what the engine
// really carries in those numbers.
import { describe, expect, it } from "vitest";
import { createSimulation, parseScenario, PROTOCOLS, presets, type Frame } from "../engine/index.ts";
import {
  formatToken,
  formatTokenShort,
  numberLine,
  spokenToken,
  storeLabel,
  storeLine,
  termLabel,
  termLabelOf,
  termText,
} from "./labels.ts";
import { leaseLength } from "./scenarios.ts";
import { nodeName } from "./views/ClusterView.ts";
import { nodeNumberLine } from "./views/cluster-nodes.ts";

const frameAt = (preset: string, t: number): Frame =>
  createSimulation(presets[preset].scenario).runUntil(t).frame();
const leaderOf = (f: Frame) => {
  const l = f.nodes.find((n) => n.role === "leader" && n.token !== null);
  if (!l) throw new Error("no leader");
  return l;
};

describe("term labels say what each protocol's number is", () => {
  it("ZooKeeper: the leader's number is its znode's sequence, its token, and the legend says so once", () => {
    const f = frameAt("zk-recipe", 25_000);
    const l = leaderOf(f);
    const mine = f.store!.keys.find((k) => k.value === l.id)!;
    expect(mine.key).toMatch(new RegExp(`-n_${String(l.term).padStart(10, "0")}$`));
    expect(f.store!.holderToken).toBe(l.term);
    const label = termLabelOf(parseScenario(presets["zk-recipe"].scenario));
    // One name for the number the learner watches: the token, as in Latest and the last writes.
    expect(termText(label, l)).toBe(`token ${l.term}`);
    expect(nodeName(l, { label: termLabel("zookeeper") })).toBe(`${l.id}, leader, token ${l.term}`);
    expect(label.meaning).toMatch(/^token: the number the leader writes with.*ZooKeeper numbers them/);
  });

  it("Chubby sequencers: the same seq, described as the lock's generation", () => {
    const label = termLabelOf(parseScenario(presets["chubby-sequencer"].scenario));
    expect(label.word).toBe("seq");
    expect(label.meaning).toMatch(/generation/);
  });

  it("etcd: the leader's number is the create revision of its election key, called token, glossed once", () => {
    const f = frameAt("fencing-diagram", 5_000);
    const l = leaderOf(f);
    const mine = f.store!.keys.find((k) => k.value === l.id)!;
    expect(mine.createRev).toBe(l.term);
    expect(termLabel("etcd").word).toBe("token");
    expect(termLabel("etcd").meaning).toMatch(/^token: the number the leader writes with.*create revision/);
  });

  it("Kubernetes: one word, token, on the nodes, the API server and the resource; the legend names the real field once", () => {
    const f = frameAt("k8s-defaults", 25_000);
    const l = leaderOf(f);
    const lease = f.store!.keys.find((k) => k.key.endsWith("/leases/default/election"))!;
    expect((lease.value as { leaseTransitions: number }).leaseTransitions).toBe(l.term);
    const label = termLabel("kubernetes");
    expect(termText(label, l)).toBe(`token ${l.term}`);
    // The API server's line names the same number with the same word, never its own "rev".
    expect(storeLine("kubernetes", f.store!).line).toBe(`leader ${l.id} · token ${l.term}`);
    expect(storeLine("kubernetes", f.store!).line).not.toMatch(/\brev\b|transitions/);
    expect(label.tokenWord).toBe("token");
    expect(label.meaning).toMatch(/^token: the Lease's leaseTransitions \(Kubernetes' name\)/);

    const c = frameAt("k8s-coordinated", 25_000);
    const cl = leaderOf(c);
    const clease = c.store!.keys.find((k) => k.key.endsWith("/leases/default/election"))!;
    // Coordinated election never bumps leaseTransitions: the leader's token is not that count.
    expect((clease.value as { leaseTransitions: number }).leaseTransitions).toBe(0);
    expect(cl.term).toBeGreaterThan(0);
    const clabel = termLabelOf(parseScenario(presets["k8s-coordinated"].scenario));
    expect(termText(clabel, cl)).toBe(`token ${cl.term}`);
    expect(
      termText(
        clabel,
        c.nodes.find((n) => n.token === null)!,
      ),
    ).toBe("no token");
    expect(storeLine("kubernetes", c.store!).line).toBe(`leader ${cl.id} · token ${c.store!.holderToken}`);
    expect(clabel.meaning).toMatch(/resourceVersion \(Kubernetes' name\)/);
  });

  it("bully and ring: one number per node in the picture, the epoch; the legend says how the token follows from it", () => {
    for (const preset of ["bully-basic", "ring-basic"]) {
      const sc = parseScenario(presets[preset].scenario);
      const f = frameAt(preset, 1_500);
      const l = leaderOf(f);
      expect(l.token).not.toBe(l.term);
      const label = termLabelOf(sc);
      expect(numberLine(label, sc.protocol, l)).toBe(`epoch ${l.term}`);
      expect(label.meaning).toMatch(/the token is epoch × 100 \+ the node's number/);
    }
    // Zab's token is its epoch, (epoch, 0): one number, drawn once (review 14b #8).
    const z = frameAt("zab-failover", 25_000);
    const zl = leaderOf(z);
    expect(numberLine(termLabel("zab"), "zab", zl)).toBe(`epoch ${zl.term}`);
  });

  it("database: the epoch column of the lease row", () => {
    const f = frameAt("database-lease", 25_000);
    const l = leaderOf(f);
    expect((f.store!.keys[0].value as { epoch: number }).epoch).toBe(l.term);
    expect(termLabel("database").word).toBe("epoch");
  });

  it("Zab: the token is the leader's epoch (the high 32 bits of a zxid whose counter is 0), named as the epoch", () => {
    const f = frameAt("zab-failover", 25_000);
    const l = leaderOf(f);
    expect(l.token! % 2 ** 32).toBe(0);
    expect(Math.floor(l.token! / 2 ** 32)).toBe(l.term);
    expect(formatToken("zab", l.token!)).toBe(String(l.term));
    expect(termLabel("zab")).toMatchObject({ word: "epoch", tokenWord: "epoch" });
    expect(termLabel("zab").meaning).toMatch(/counter that rises with each committed change/);
  });

  it("bully, ring and the heartbeat pair: a synthetic epoch, labelled as this course's extension", () => {
    for (const [p, preset] of [
      ["bully", "bully-basic"],
      ["ring", "ring-basic"],
      ["heartbeat", "sre-file-server"],
    ] as const) {
      const l = leaderOf(frameAt(preset, 5_000));
      expect(l.token).toBe(l.term * 100 + Number(l.id.slice(1)));
      expect(termLabel(p).word).toBe("epoch");
      expect(termLabel(p).meaning).toMatch(/extension/);
    }
  });

  it("Raft: the term", () => {
    const l = leaderOf(frameAt("raft-basic", 2_000));
    expect(l.token).toBe(l.term);
    expect(termLabel("raft").word).toBe("term");
  });

  it("every protocol has a label with a meaning", () => {
    for (const p of PROTOCOLS)
      expect(termLabel(p).meaning).toMatch(new RegExp(`^${termLabel(p).leaderWord ?? termLabel(p).word}: `));
  });
});

describe("store labels", () => {
  it("name what the store process stands for, from the frame's kind", () => {
    const kinds: Record<string, string> = {
      "fencing-diagram": "etcd",
      "k8s-defaults": "API server",
      "zk-recipe": "ZooKeeper",
      "database-lease": "database",
      "sre-file-server": "power switch",
    };
    for (const [preset, want] of Object.entries(kinds))
      expect(storeLabel(frameAt(preset, 1_000).store?.kind)).toBe(want);
    expect(frameAt("raft-basic", 1_000).store).toBeNull();
  });
});

describe("lease length", () => {
  it("uses the session timeout ZooKeeper negotiates, clamped to 2..20 ticks", () => {
    const zk = (sessionTimeout: string) =>
      parseScenario({ protocol: "zookeeper", nodes: 3, timing: { tickTime: "2s", sessionTimeout } });
    expect(leaseLength(zk("10s"))).toBe(10_000);
    expect(leaseLength(zk("1s"))).toBe(4_000);
    expect(leaseLength(zk("100s"))).toBe(40_000);
    // And the engine grants exactly that.
    const sim = createSimulation({
      protocol: "zookeeper",
      nodes: 3,
      until: "5s",
      timing: { tickTime: "2s", sessionTimeout: "1s" },
    });
    sim.run();
    const grant = sim.trace.find((e) => e.type === "lease" && e.action === "grant") as { ttlMs: number };
    expect(grant.ttlMs).toBe(4_000);
  });

  it("uses the TTL, leaseDuration or row ttl elsewhere, and nothing where there is no lease", () => {
    expect(leaseLength(parseScenario(presets["fencing-diagram"].scenario))).toBe(10_000);
    expect(leaseLength(parseScenario(presets["k8s-defaults"].scenario))).toBe(15_000);
    expect(leaseLength(parseScenario(presets["database-lease"].scenario))).toBe(10_000);
    expect(leaseLength(parseScenario(presets["raft-basic"].scenario))).toBeNull();
    expect(leaseLength(parseScenario(presets["sre-file-server"].scenario))).toBeNull();
  });
});

describe("Zab's token beside a node and in its name", () => {
  it("is the epoch, one notation; a vote's real zxid keeps epoch:counter", () => {
    const f = frameAt("zab-failover", 12_000);
    const l = leaderOf(f);
    expect(formatToken("zab", l.token!)).toBe("2");
    expect(formatTokenShort("zab", 5 * 2 ** 32 + 3)).toBe("5:3");
    expect(formatToken("zab", 5 * 2 ** 32 + 3)).toBe("0x500000003");
    expect(spokenToken("zab", l.token!)).toBe("2");
    expect(formatTokenShort("raft", 7)).toBe("7");
    // Its token is not written as a frozen zxid; its last zxid (its history) is (review 16b #3).
    const name = nodeName(l, { label: termLabel("zab"), protocol: "zab" });
    expect(name).not.toMatch(/0x|2:0\b/);
    expect(name).toContain("last zxid 2:8");
    // The follower cut off since 5 s is behind, and its name says by how much.
    const n4 = f.nodes.find((n) => n.id === "n4")!;
    expect(nodeName(n4, { label: termLabel("zab"), protocol: "zab" })).toContain("last zxid 1:8");
  });

  it("a follower that rejoined shows the history its sync gave it, not (epoch, 0) (review 18b #6: n4 read 2:0 at 21.35 s)", () => {
    const f = frameAt("zab-failover", 21_350);
    const line = (id: string) =>
      nodeNumberLine(
        termLabel("zab"),
        f,
        f.nodes.find((n) => n.id === id)!,
      );
    expect(line("n3")).toBe("epoch 2 · zxid 2:26");
    expect(line("n4")).toBe("epoch 2 · zxid 2:26");
    expect(line("n1")).toBe("epoch 2 · zxid 2:24");
  });
});
