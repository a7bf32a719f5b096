// Narration of leaders, writes, the store, elections and hazards, and Bully's own words.
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../engine/index.ts";
import { narrate, narrateAll, newNarrationContext } from "./narration.ts";

const raft = () => newNarrationContext("raft", "token");
const etcd = (fencing = "token") => newNarrationContext("etcd", fencing);
const say = (e: TraceEvent, ctx = raft()) => narrate(e, ctx)?.text ?? null;

describe("narration", () => {
  it("names new leaders by term (Raft) or by token (lease protocols)", () => {
    expect(say({ t: 1, type: "leader-start", node: "n3", token: 4, term: 4 })).toBe(
      "n3 became leader in term 4",
    );
    // etcd's says where its token comes from (review 5b #15: "why token 2, not 1?").
    // Its reason is its Why? step's (review 14b #3): the first leader found no key ahead of its
    // own; a later one leads because every key made before its own is gone.
    const won = (rev: number, atRev: number) => ({
      t: 1,
      type: "leader-start" as const,
      node: "n3",
      token: rev,
      term: rev,
      why: {
        rule: "etcd.election.noPredecessor",
        values: { rev, predecessors: 0, atRev },
        clock: { kind: "none" as const },
      },
    });
    expect(say(won(2, 2), etcd())).toBe(
      "n3 became leader: no key was ahead of its own when it asked etcd, so it writes with token 2",
    );
    expect(say(won(3, 5), etcd())).toBe(
      "n3 became leader: every key made before its own is gone, so it writes with token 3",
    );
    expect(say({ t: 1, type: "leader-start", node: "n3", token: 3, term: 3 }, etcd())).toBe(
      "n3 became leader: its key is first in line, so it writes with token 3",
    );
  });

  it("says a queue recipe's leader that lost its lease goes back in line, as its label does (review 8a #2)", () => {
    const end = { t: 1, type: "leader-end", node: "n2", cause: "role-change", to: "candidate" } as TraceEvent;
    expect(say(end, etcd())).toBe("n2 stopped leading and goes back in line");
    expect(say(end)).toBe("n2 stopped leading (now a candidate)");
  });

  it("tells a crashed leader once, by its fault's line, not again as a leader that stopped (review 9a #7)", () => {
    expect(say({ t: 1, type: "leader-end", node: "n2", cause: "crash" } as TraceEvent)).toBeNull();
    expect(say({ t: 1, type: "leader-end", node: "n2", cause: "shutdown" } as TraceEvent)).toBe(
      "n2 stopped leading (shut down)",
    );
  });

  it("explains a refused write by its tokens", () => {
    // A Raft leader writes with its term, and the refusal says so.
    expect(
      say({ t: 1, type: "write", node: "n1", token: 41, result: "rejected", maxSeen: 42, sentAt: 0 }),
    ).toBe("The resource refused n1's write: token 41 (its term) is older than 42");
  });

  it("in sequencer mode says what the lock service answered, not a token comparison", () => {
    const w = {
      t: 1,
      type: "write",
      node: "n1",
      token: 0,
      result: "rejected",
      maxSeen: 0,
      sentAt: 0,
      detail: "words nobody reads",
      sequencer: "not-current",
      lockHolder: "n2",
      lockToken: 1,
    } as const;
    const zk = newNarrationContext("zookeeper", "sequencer");
    const text = say(w, zk);
    expect(text).toBe(
      "The resource refused n1's write: the lock service says n2 holds the lock at generation 1, not n1 at 0",
    );
    expect(text).not.toMatch(/older than/);
    expect(say({ ...w, lockHolder: null, lockToken: undefined }, zk)).toBe(
      "The resource refused n1's write: the lock service says nobody holds the lock (n1's generation 0 is gone)",
    );
    expect(say({ ...w, sequencer: "no-answer" }, zk)).toBe(
      "The resource refused n1's write: the lock service did not answer in time, so the write is refused",
    );
    expect(say({ ...w, result: "stale-accepted", sequencer: "current", lockHolder: undefined }, zk)).toBe(
      "The resource accepted n1's stale write: the lock service confirmed n1 still holds the lock at generation 0",
    );
  });

  it("keeps the database's zero-row UPDATE beside the token comparison", () => {
    const w = {
      t: 1,
      type: "write",
      node: "n2",
      token: 1,
      result: "rejected",
      maxSeen: 2,
      sentAt: 0,
      detail: "words nobody reads",
      rows: 0,
    } as const;
    expect(say(w, newNarrationContext("database", "token"))).toBe(
      // The database's token is its epoch, named once as Raft's is its term (review 15a #1).
      "The resource refused n2's write: token 1 (its epoch) is older than 2 (the fenced UPDATE changed 0 rows)",
    );
  });

  it("names the store by what it stands for", () => {
    const zk = newNarrationContext("zookeeper", "token");
    expect(
      say(
        { t: 1, type: "lease", action: "expire", node: "n3", judge: "store", ttlMs: 10_000 } as TraceEvent,
        zk,
      ),
    ).toMatch(/^ZooKeeper expired n3's session: 10 s passed on the server's clock/);
    expect(say({ t: 1, type: "store", op: "recovered", rev: 4 }, etcd())).toBe("etcd is back up");
    expect(
      say(
        {
          t: 1,
          type: "note",
          node: "store",
          text: "words nobody reads",
          note: { kind: "fence-request", by: "n2", target: "n1" },
        },
        newNarrationContext("heartbeat", "token"),
      ),
    ).toBe("Power switch: n2 asks to power off n1");
    expect(
      say(
        { t: 1, type: "fault", fault: "store-outage", detail: "", effect: "applied", for: 20_000 },
        newNarrationContext("kubernetes", "token"),
      ),
    ).toBe("The API server went down for 20 s");
    expect(
      say(
        { t: 1, type: "leader-start", node: "n3", token: 2 * 2 ** 32, term: 2 },
        newNarrationContext("zab", "token"),
      ),
    ).toBe("n3 became leader of epoch 2, so it writes with token 2 (its epoch)");
  });

  it("says which (epoch, zxid, id) won Zab's vote, from the run itself (review 16b #3)", async () => {
    const engine = await import("../engine/index.ts");
    const run = engine.runScenario(engine.parseScenario(engine.presets["zab-failover"].scenario));
    const ctx = newNarrationContext("zab", "token");
    const lines = narrateAll(run.trace, ctx)
      .map((l) => l.text)
      .filter((x) => x.includes(" follow"));
    // One line per round: n1 and n2 (zxid 1:14, like n3) follow n3 (equal epochs and zxids, so
    // the higher id decides); n4, cut off, joins it later.
    expect(lines).toEqual([
      "n2, n1, n3 and n4 follow n5: highest (epoch, zxid, id) is (0, 0:0, n5)",
      "n2 and n1 follow n3: highest (epoch, zxid, id) is (1, 1:14, n3)",
      "n4 follows n3: highest (epoch, zxid, id) is (1, 1:14, n3)",
    ]);
  });

  it("tells a stale write applied after a newer one (red) from one that beat the new leader's first write (amber)", () => {
    const early = {
      t: 1,
      type: "write",
      node: "n2",
      token: 2,
      result: "stale-accepted",
      maxSeen: 2,
      sentAt: 0,
    } as const;
    // Nothing higher had been applied: two leaders acting, a hazard, whatever the fencing.
    for (const fencing of ["none", "token"]) {
      const l = narrate(early, etcd(fencing))!;
      expect(l.tone).toBe("hazard");
      expect(l.text).toMatch(
        /^The resource accepted n2's write with token 2\b.*has not written yet, so nothing newer was overwritten/,
      );
    }
    // Applied after token 3: fencing's promise broken (only an unfenced resource lets it in).
    const late = { ...early, maxSeen: 3 } as const;
    const l = narrate(late, etcd("none"))!;
    expect(l.tone).toBe("bad");
    expect(l.text).toMatch(
      /^The resource applied n2's write with token 2\b.* after a write with token 3: an older write overwrote a newer one, as nothing here refuses it$/,
    );
  });

  it("narrates only a leader's first accepted write", () => {
    const ctx = raft();
    const w = {
      t: 1,
      type: "write",
      node: "n2",
      token: 2,
      result: "accepted",
      maxSeen: 2,
      sentAt: 0,
    } as const;
    // a Raft leader writes with its term, and the line says so (the spec's one word)
    expect(narrate(w, ctx)?.text).toBe("n2 wrote to the resource with token 2 (its term)");
    expect(narrate({ ...w, t: 2 }, ctx)).toBeNull();
  });

  it("says when an election starts, and stays quiet about heartbeats and renewals", () => {
    expect(say({ t: 1, type: "role", node: "n4", from: "follower", to: "candidate", term: 5 })).toBe(
      "n4 timed out and started an election for term 5",
    );
    expect(
      say({ t: 1, type: "send", id: 1, from: "n1", to: "n2", kind: "AppendEntries", arriveAt: 2 }),
    ).toBeNull();
    expect(say({ t: 1, type: "lease", action: "renew", node: "n1", judge: "store" }, etcd())).toBeNull();
  });

  it("calls two believers two leaders, a hazard (amber) not a violation, naming them from the event's fields", () => {
    const overlap: TraceEvent = {
      t: 1,
      type: "violation",
      property: "overlap",
      detail: "words nobody reads",
      leaders: [
        { node: "n2", token: 2 },
        { node: "n3", token: 3 },
      ],
    };
    expect(say(overlap)).toBe("Two leaders: n2 (term 2) and n3 (term 3) both believe they lead");
    expect(narrate(overlap, newNarrationContext("etcd", "token"))?.tone).toBe("hazard");
    expect(
      say({
        t: 1,
        type: "violation",
        property: "one-vote-per-term",
        detail: "",
        node: "n1",
        token: 4,
        other: "n2",
        candidate: "n3",
      }),
    ).toBe("Safety check failed: n1 voted for both n2 and n3 in term 4");
  });
});

describe("bully in the picture's words (review 4b #6)", () => {
  const bully = () => newNarrationContext("bully", "token");
  it("says the token with the epoch it comes from, and why every node is a candidate at boot", () => {
    expect(say({ t: 0, type: "leader-start", node: "n5", token: 105, term: 1 } as TraceEvent, bully())).toBe(
      "n5 became leader in epoch 1, so its writes carry token 105 (epoch × 100 + its number: 1 × 100 + 5)",
    );
    expect(
      say({ t: 0, type: "start", nodes: 5, protocol: "bully", fencing: "token" } as TraceEvent, bully()),
    ).toBe(
      "5 nodes start (Bully, fencing on); each calls an election as it boots, and the highest id, with nobody above it to ask, leads at once",
    );
  });
  it("calls the coordinator a leader when its pings go unanswered", () => {
    const line = say(
      {
        t: 1,
        type: "note",
        node: "n1",
        text: "",
        note: { kind: "presumed-dead", peer: "n5", role: "coordinator", waitedMs: 20 },
      },
      bully(),
    );
    expect(line).toMatch(/^n1 got no PONG from its leader n5 within/);
  });
});
