// @vitest-environment happy-dom
// One name per protocol for the number the learner watches (issue 33, walk 2 items 3 and 5): in
// etcd's election and ZooKeeper's recipe only the leader's number is a token; a waiting node
// says whom it queues behind, the store's line names the holder's token (not its own revision
// counter), and only the node that leads, or that the store still names, has lease rings.
import { afterEach, describe, expect, it } from "vitest";
import { createSimulation, parseScenario, presets, type Frame } from "../engine/index.ts";
import { storeLine, termLabelOf, termText } from "./labels.ts";
import { BOX_TOKEN, NO_KEY, detailWords, queuedBehind, tokenGloss } from "./vocabulary.ts";
import { PROTOCOLS } from "../engine/index.ts";
import { narrateAll, newNarrationContext } from "./narration.ts";
import { DEFAULT_SCENARIO } from "./scenarios.ts";
import { leaseRings } from "./views/lease-rings.ts";
import { nodeName } from "./views/ClusterView.ts";
import { mountedCluster } from "./views/cluster-mount.fixture.ts";
import { readout } from "./ui/NodeReadout.tsx";

const frameAt = (preset: string, t: number): Frame =>
  createSimulation(presets[preset].scenario).runUntil(t).frame();
const node = (f: Frame, id: string) => f.nodes.find((n) => n.id === id)!;
const labelOf = (preset: string) => termLabelOf(parseScenario(presets[preset].scenario));

describe("queue recipes: one token, the others in line", () => {
  it("etcd: each waiting node queues behind the key just below its own, by create revision", () => {
    const f = frameAt("fencing-diagram", 9_000);
    const label = labelOf("fencing-diagram");
    const keys = f.store!.keys;
    const rev = (id: string) => keys.find((k) => k.value === id)!.createRev;
    // n2 leads with the lowest revision; n3's key is next, then n1's.
    expect(rev("n2")).toBeLessThan(rev("n3"));
    expect(rev("n3")).toBeLessThan(rev("n1"));
    expect(queuedBehind(f, node(f, "n1"))).toBe("n3");
    expect(queuedBehind(f, node(f, "n3"))).toBe("n2");
    // n2 leads, yet n1 waits on n3: the label says whose key it is queued behind (the one just
    // before its own, which it watches), so it does not read as waiting on a second leader.
    expect(termText(label, node(f, "n1"), queuedBehind(f, node(f, "n1")))).toBe("waiting behind n3");
    expect(termText(label, node(f, "n2"), queuedBehind(f, node(f, "n2")))).toBe(
      `token ${node(f, "n2").token}`,
    );
    // A follower's name never reads its key's revision as a number of its own.
    const name = nodeName(node(f, "n1"), { label, protocol: "etcd", ahead: "n3" });
    expect(name).toBe("n1, follower, waiting behind n3");
  });

  it("etcd: before its key's answer reaches it, the first node says so, and the store's box does not call it leader", () => {
    // Review 10b #2: at 0.40 s etcd's box said "leader n2 · token 2" over n2 drawn as not leading.
    const sc = parseScenario(DEFAULT_SCENARIO);
    const sim = createSimulation(DEFAULT_SCENARIO);
    let f = sim.frame();
    // The first moment etcd holds a key whose node has not heard back yet.
    while (f.t < 5_000) {
      f = sim.runUntil(f.t + 10).frame();
      const h = f.nodes.find((n) => n.id === f.store?.holder);
      if (h && h.token === null && h.role !== "crashed") break;
    }
    const holder = node(f, f.store!.holder!);
    expect(holder.role).not.toBe("leader");
    const label = termLabelOf(sc);
    const said = termText(label, holder, queuedBehind(f, holder));
    expect(said).not.toBe("no key");
    expect(["key made, not told yet", "first in line"]).toContain(said);
    const line = storeLine("etcd", f.store!, f.nodes).line;
    expect(line).toBe(`${holder.id} first · token ${f.store!.holderToken}`);
    // Once it has heard, it leads, and the box says leader.
    while (node(f, holder.id).role !== "leader" && f.t < 10_000) f = sim.runUntil(f.t + 10).frame();
    expect(storeLine("etcd", f.store!, f.nodes).line).toBe(
      `leader ${holder.id} · token ${f.store!.holderToken}`,
    );
  });

  it("etcd: the store's line names the leader and its token, in plain words, never the store's own revision", () => {
    const f = frameAt("fencing-diagram", 9_000);
    expect(f.store!.rev).not.toBe(f.store!.holderToken);
    expect(storeLine("etcd", f.store!).line).toBe(`leader n2 · token ${f.store!.holderToken}`);
    expect(storeLine("etcd", f.store!).line).not.toMatch(/rev|holder/);
    // Before anyone leads, the line says so plainly (review 6b #8: "holder none").
    expect(storeLine("etcd", { ...f.store!, holder: null }).line).toBe("no leader yet");
  });

  it("ZooKeeper: a crashed node with no znode says nothing beyond crashed; the others wait behind the one just below", () => {
    const f = frameAt("zk-recipe", 20_000);
    const label = labelOf("zk-recipe");
    const crashed = f.nodes.find((n) => n.role === "crashed")!;
    expect(queuedBehind(f, crashed)).toBeNull();
    // Not the booting words (review 9b #7: "crashed · not in line yet").
    expect(termText(label, crashed, queuedBehind(f, crashed))).toBe("");
    // A live node with no entry says so plainly.
    expect(termText(label, { ...crashed, role: "follower" }, null)).toBe("no znode yet");
    for (const n of f.nodes.filter((x) => x.role === "follower"))
      expect(termText(label, n, queuedBehind(f, n))).toMatch(/^waiting behind n\d$/);
  });

  it("Raft keeps its own word: every node's number is its term", () => {
    const f = frameAt("raft-basic", 3_000);
    const label = labelOf("raft-basic");
    for (const n of f.nodes) expect(termText(label, n, queuedBehind(f, n))).toBe(`term ${n.term}`);
  });
});

describe("one wording per state (review 14 #2)", () => {
  it("etcd: a live candidate with no key reads 'no key yet' in the label, and the legend glosses those same words", () => {
    const label = labelOf("billing-crash");
    const n = { term: 0, token: null, role: "candidate" as const };
    expect(termText(label, n, null)).toBe(NO_KEY.etcd);
    expect(label.none).toBe(NO_KEY.etcd);
    expect(label.noneMeans).toBe("a candidate, not yet in line");
    const zk = labelOf("zk-recipe");
    expect(termText(zk, n, null)).toBe(NO_KEY.zookeeper);
    expect(zk.none).toBe(NO_KEY.zookeeper);
  });

  it("the node panel says ZooKeeper's recipe step in words, never the model's phase name", () => {
    expect(detailWords("zookeeper", "connecting", "candidate")).toBe("opening a session");
    expect(detailWords("zookeeper", "watching", "follower")).toBe("");
    expect(detailWords("zookeeper", "creating", "candidate")).toBe("creating its znode");
    expect(detailWords("zookeeper", "listing", "candidate")).toBe("reading the line");
    expect(detailWords("zookeeper", "checking", "candidate")).toBe("reading the line");
    // The same detail as the role says nothing more.
    expect(detailWords("raft", "leader", "leader")).toBe("");
    expect(detailWords("raft", "booting", "crashed")).toBe("booting");
  });

  it("a queue recipe's leader that stops leading is one line in Latest, not two at one instant", () => {
    const sim = createSimulation(presets["etcd-store-outage"].scenario).runUntil(30_000);
    const lines = narrateAll(sim.trace, newNarrationContext("etcd", "token"))
      .filter((l) => l.t > 24_000 && l.t < 25_000)
      .map((l) => l.text);
    const said = lines.filter((t) => /n2 (stopped leading|lost its session)/.test(t));
    expect(said).toEqual(["n2 stopped leading and goes back in line"]);
  });
});

describe("one word for the number a write carries (review 14 #3)", () => {
  it("the box, the last writes and a write's line say token; the legend says once which number it is", () => {
    expect(BOX_TOKEN).toBe("token");
    // Raft's token is its term, Zab's its epoch (review 14b #8: the zxid's high 32 bits, constant within an epoch): one gloss line each, in the box's word.
    expect(tokenGloss("raft", labelOf("raft-basic").tokenWord)).toBe("token: the leader's term");
    expect(tokenGloss("zab", labelOf("zab-failover").tokenWord)).toBe("token: the leader's epoch");
    // The database's nodes and box say epoch (the lease row's column): its token is glossed the
    // same way (review 15a #1: "epoch" on the nodes, a bare "token" in Latest).
    expect(tokenGloss("database", labelOf("database-lease").tokenWord)).toBe("token: the leader's epoch");
    // etcd's and ZooKeeper's nodes already say token (the legend's "What is a token?" names the
    // create revision and the sequence number); bully's says how the token follows from its epoch.
    for (const p of ["billing-crash", "zk-recipe", "bully-basic", "k8s-defaults"])
      expect(tokenGloss(presets[p].scenario.protocol as string, labelOf(p).tokenWord)).toBeNull();
    for (const p of PROTOCOLS) {
      const g = tokenGloss(
        p,
        labelOf(Object.keys(presets).find((k) => presets[k].scenario.protocol === p) ?? "raft-basic")
          .tokenWord,
      );
      if (g) expect(g.startsWith(`${BOX_TOKEN}: `)).toBe(true);
    }
  });

  it("etcd: the token is glossed as the election key's create revision, and no etcd line says rev", () => {
    const label = labelOf("billing-crash");
    expect(label.word).toBe("token");
    expect(label.meaning).toMatch(/create revision/);
    const f = frameAt("billing-crash", 10_000);
    for (const n of f.nodes) expect(termText(label, n, queuedBehind(f, n))).not.toMatch(/\brev\b/);
    expect(storeLine("etcd", f.store!, f.nodes).line).not.toMatch(/\brev\b/);
  });
});

describe("lease rings: only the leader's", () => {
  it("followers keep a session lease in etcd, but show no ring; the leader shows both", () => {
    const f = frameAt("fencing-diagram", 9_000);
    for (const n of f.nodes) {
      expect(n.lease).not.toBeNull();
      const r = leaseRings(f, n);
      expect(r).toEqual(
        n.role === "leader" ? { holder: true, store: true } : { holder: false, store: false },
      );
    }
  });

  it("a crashed leader keeps the store's ring while the store still names it, and none of its own", () => {
    const f = frameAt("billing-crash", 20_000);
    const n2 = node(f, "n2");
    expect(n2.role).toBe("crashed");
    expect(f.store!.holder).toBe("n2");
    expect(leaseRings(f, n2)).toEqual({ holder: false, store: true });
    // Its key still leads the line (the store has not let its lease go): it says it is down and
    // that its key holds the lead until it expires, no number.
    expect(termText(labelOf("billing-crash"), n2, queuedBehind(f, n2))).toBe("down, still first in line");
    // Its panel reads only the store's countdown: a dead process has no view of its own.
    expect(readout(n2, f)).toMatch(
      /lease: the store's [\d.]+ s left \(a crashed node has no view of its own\)$/,
    );
    expect(readout(n2, f)).not.toMatch(/its own view/);
  });
});

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe("the picture draws it", () => {
  it("etcd: followers' labels say whom they queue behind, and their lease arcs are empty", async () => {
    const { host } = await mountedCluster("fencing-diagram", 9_000, cleanups);
    const label = (id: string) =>
      host.querySelector(`text.sb-node-label[data-node="${id}"]`)?.textContent ?? "";
    expect(label("n1")).toContain("waiting behind n3");
    expect(label("n1")).not.toMatch(/rev|token/);
    expect(label("n2")).toMatch(/token 2/);
    const arcs = (id: string) =>
      [
        ...host.querySelectorAll(
          `[data-node="${id}"][role="button"] .sb-arc-holder, [data-node="${id}"][role="button"] .sb-arc-store`,
        ),
      ].map((a) => a.getAttribute("d") ?? "");
    expect(arcs("n1").every((d) => d === "")).toBe(true);
    expect(arcs("n2").every((d) => d !== "")).toBe(true);
    const store = host.querySelector(".sb-store-line")?.textContent ?? "";
    expect(store).toBe("leader n2 · token 2");
    expect(host.querySelector(".sb-resource-line")?.textContent).toMatch(/^fencing on · max token 2$/);
    // Its name is said with single spaces (review 12b #12: "highest  token 0").
    const name = host.querySelector("g.sb-resource")?.getAttribute("aria-label") ?? "";
    expect(name).toMatch(/^Resource: fencing on, highest token 2, \d+ accepted/);
    expect(name).not.toMatch(/ {2}/);
  });
  it("etcd: two leaders before any stale write reads fencing on; 'stale write refused' is kept for a refusal", async () => {
    // review 12b #6: the box said "fencing holds" where the metrics said "fencing held"; one form
    // since, and in plain words (review 17a #10: "held" read as a lock being held). n2 is paused
    // and still believes it leads.
    const { host } = await mountedCluster("fencing-diagram", 20_000, cleanups);
    const name = host.querySelector("g.sb-resource")?.getAttribute("aria-label") ?? "";
    expect(name).toMatch(
      /^Resource \(two leaders, fencing on\): fencing on, highest token \d, \d+ accepted, 0 refused/,
    );
    expect(host.querySelector(".sb-resource-line")?.textContent).toBe("two leaders · fencing on");
  });
  it("etcd: after the late write is refused the box says so in plain words, never 'fencing held'", async () => {
    // review 17a #10: "fencing held · max token 2" read as a lock being held.
    const { host } = await mountedCluster("fencing-diagram", 26_000, cleanups);
    const words = [".sb-resource-line", ".sb-resource-last"].map(
      (sel) => host.querySelector(sel)?.textContent ?? "",
    );
    expect(words[0]).toMatch(/^fencing on · max token 3$/);
    expect(words[1]).toMatch(/^⊘ n2 token 2 refused$/);
    const name = host.querySelector("g.sb-resource")?.getAttribute("aria-label") ?? "";
    expect(name + words.join(" ")).not.toMatch(/held/);
  });
  it("Raft: the box says token, as the legend's line under it does, and the legend says the token is the term", async () => {
    const { host } = await mountedCluster("raft-basic", 6_000, cleanups);
    expect(host.querySelector(".sb-resource-line")?.textContent).toMatch(/^fencing on · max token \d+$/);
    expect(host.querySelector(`text.sb-node-label[data-node="n1"]`)?.textContent).toMatch(/term \d+/);
  });
});
