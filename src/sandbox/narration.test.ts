import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../engine/index.ts";
import { narrate, newNarrationContext, type Line } from "./narration.ts";
import { Announcer } from "./announcer.ts";

const raft = () => newNarrationContext("raft", "token");
const etcd = (fencing = "token") => newNarrationContext("etcd", fencing);
const say = (e: TraceEvent, ctx = raft()) => narrate(e, ctx)?.text ?? null;

describe("narration", () => {
  it("names new leaders by term (Raft) or by token (lease protocols)", () => {
    expect(say({ t: 1, type: "leader-start", node: "n3", token: 4, term: 4 })).toBe(
      "n3 became leader in term 4",
    );
    // etcd's says where its token comes from (review 5b #15: "why token 2, not 1?").
    expect(say({ t: 1, type: "leader-start", node: "n3", token: 3, term: 3 }, etcd())).toBe(
      "n3 became leader with token 3 (etcd's count when its key was made)",
    );
  });

  it("explains a refused write by its tokens", () => {
    // A Raft leader writes with its term, and the refusal says so.
    expect(
      say({ t: 1, type: "write", node: "n1", token: 41, result: "rejected", maxSeen: 42, sentAt: 0 }),
    ).toBe("The resource refused n1's write: term 41 is older than 42");
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
      "The resource refused n2's write: token 1 is older than 2 (the fenced UPDATE changed 0 rows)",
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
    ).toBe("n3 became leader of epoch 2 (token: zxid 0x200000000)");
  });

  it("says why a stale write landed: fencing off, or it beat the new leader's first write", () => {
    const w = {
      t: 1,
      type: "write",
      node: "n2",
      token: 2,
      result: "stale-accepted",
      maxSeen: 2,
      sentAt: 0,
    } as const;
    expect(say(w, etcd("none"))).toBe(
      "The resource accepted n2's stale write with token 2: a newer leader had been chosen, and fencing is off",
    );
    expect(say(w, etcd("token"))).toMatch(/arrived before any write from the newer leader/);
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
    expect(narrate(w, ctx)?.text).toBe("n2 wrote to the resource with term 2");
    expect(narrate({ ...w, t: 2 }, ctx)).toBeNull();
  });

  it("describes faults in plain words from their fields, resolving 'the leader'", () => {
    const f = { t: 1, type: "fault", detail: "words nobody reads", effect: "applied" } as const;
    expect(say({ ...f, fault: "crash", node: "leader", resolved: "n2" })).toBe("n2 (the leader) crashed");
    expect(
      say({
        ...f,
        fault: "pause",
        node: "leader",
        resolved: "n2",
        effect: "armed",
        for: 15_000,
        during: "write",
      }),
    ).toBe("n2 (the leader) will pause for 15 s at its next write, after deciding to write");
    expect(say({ ...f, fault: "pause", node: "n2", for: 15_000, during: "write", token: 2 })).toBe(
      "n2 paused for 15 s in the middle of a write: term 2 decided, not yet sent",
    );
    expect(
      say(
        {
          ...f,
          fault: "partition",
          groups: [
            ["n1", "n2"],
            ["n3", "store"],
          ],
        },
        etcd(),
      ),
    ).toBe("The network split into 2 sides: n1 and n2 | n3 and etcd");
    // One link cut, and its heal, name the link, in the words the link tools use (cut, healed).
    expect(say({ ...f, fault: "partition", groups: [["n2"], ["store"]] }, etcd())).toBe(
      "The link between n2 and etcd was cut",
    );
    expect(say({ ...f, fault: "heal", groups: [["n2"], ["store"]] }, etcd())).toBe(
      "The link between n2 and etcd was healed",
    );
    expect(say({ ...f, fault: "heal" }, etcd())).toBe("Every cut link was healed");
    expect(say({ ...f, fault: "pause", node: "n1", for: 8900 })).toBe(
      "n1 paused for 8.9 s (a GC pause: the whole process stops)",
    );
    expect(
      say({
        ...f,
        fault: "partition",
        groups: [["n2"], ["n1", "n3"]],
        leader: "n2",
        oneWay: true,
        for: 5000,
      }),
    ).toBe("The links from n2 (the leader) to n1 and n3 were cut one way for 5 s");
    expect(say({ ...f, fault: "clock", node: "n1", drift: 500_000 })).toBe("n1's clock now runs fast by 50%");
    expect(say({ ...f, fault: "clock", node: "store", step: -2000 }, etcd())).toBe(
      "etcd's clock wall clock jumped back 2 s",
    );
    expect(say({ ...f, fault: "slow", node: "n3", factor: 4, for: 10_000 })).toBe(
      "n3 slowed down ×4 for 10 s",
    );
    expect(say({ ...f, fault: "store-outage", for: 20_000 }, etcd())).toBe("etcd went down for 20 s");
    expect(say({ ...f, fault: "network", delay: 50, loss: 0.1 })).toBe(
      "The network changed: delay 0.05 s, 10% of messages lost",
    );
    expect(
      say({
        ...f,
        fault: "crash",
        node: "leader",
        resolved: "nobody",
        effect: "no-effect",
        reason: "no-leader",
      }),
    ).toBe("No node believed it led, so the crash aimed at the leader did nothing");
    expect(
      say({ ...f, fault: "restart", node: "n1", effect: "no-effect", reason: "not-down", status: "up" }),
    ).toBe("n1 was already running; restart did nothing");
    expect(
      say({
        ...f,
        fault: "shutdown",
        node: "n1",
        effect: "no-effect",
        reason: "not-running",
        status: "crashed",
      }),
    ).toBe("n1 was not running; shutdown did nothing");
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

  it("narrates notes from their kind and fields", () => {
    const n = { t: 1, type: "note", node: "n2", text: "words nobody reads" } as const;
    expect(narrate({ ...n, note: { kind: "resumed", queued: 3 } }, raft())).toMatchObject({
      text: "n2 woke up from its pause, still acting on what it knew before, and handles what arrived while it was paused",
      tone: "fault",
      important: true,
    });
    expect(
      say(
        { ...n, note: { kind: "presumed-dead", peer: "n5", role: "successor", waitedMs: 200, next: "n1" } },
        newNarrationContext("ring", "token"),
      ),
    ).toBe("n2 got no PONG from its successor n5 within 0.2 s and presumes it dead; the ring now goes to n1");
    expect(say({ ...n, note: { kind: "check-quorum", heard: 1, of: 5 } })).toBe(
      "n2 heard from only 1 of 5 nodes in the last election timeout and stepped down (CheckQuorum)",
    );
    expect(
      say(
        { ...n, note: { kind: "looking", reason: "not-synced", synced: ["n2"] } },
        newNarrationContext("zab", "token"),
      ),
    ).toBe("n2 went back to looking for a leader: too few followers synced (only n2)");
    expect(
      say(
        { ...n, node: "resource", note: { kind: "write-refused", writer: "n1", token: 1, rows: 0 } },
        newNarrationContext("database", "token"),
      ),
    ).toBe("The resource's fenced UPDATE for n1 (token 1) changed 0 rows");
    expect(
      say(
        {
          ...n,
          node: "store",
          note: {
            kind: "controller-set",
            holder: "n3",
            leaseSeconds: 5,
            expired: { holder: "n1", leaseSeconds: 15 },
            emulationVersion: "1.33",
            binaryVersion: "1.34",
            among: ["n2", "n3"],
          },
        },
        newNarrationContext("kubernetes", "token"),
      ),
    ).toBe(
      "The election controller found n1's 15 s lease expired and set the holder to n3 (5 s): oldest emulation version 1.33 (binary 1.34) among n2, n3",
    );
    expect(say({ ...n, note: { kind: "killed", graceMs: 30_000 } })).toBe(
      "n2 was killed: its graceful shutdown ran past the 30 s grace period",
    );
    expect(say({ ...n, note: { kind: "watch-resumed", key: "/election/n1", fromRev: 5 } }, etcd())).toMatch(
      /^n2's watch stream to etcd broke; it watches \/election\/n1 again on a new stream, from etcd's count 5/,
    );
    expect(
      say({ ...n, note: { kind: "resumed-watch-event", key: "/election/n1", rev: 7, fromRev: 5 } }, etcd()),
    ).toBe(
      "n2's resumed watch delivered the delete of /election/n1 (at etcd's count 7) that happened while its stream was down",
    );
  });
});

describe("Announcer", () => {
  const line = (text: string, important = false): Line => ({ t: 0, text, tone: "info", important });

  it("announces at most once per gap, merging what arrived meanwhile", async () => {
    let now = 0;
    const said: string[] = [];
    const a = new Announcer((t) => said.push(t), { gap: 1000, now: () => now });
    a.push([line("one")]);
    a.flush();
    expect(said).toEqual(["one."]);
    a.push([line("two")]);
    a.push([line("three", true), line("four"), line("five", true)]);
    expect(said).toHaveLength(1);
    now = 1000;
    a.flush();
    expect(said[1]).toBe("three. five. (2 more in the event log.)");
    a.clear();
  });

  it("keeps short batches whole", () => {
    expect(Announcer.compose([line("a"), line("b")])).toBe("a. b.");
  });
});

describe("write log cells", () => {
  const w = {
    t: 1,
    type: "write",
    node: "n1",
    token: 1,
    result: "rejected",
    maxSeen: 2,
    sentAt: 0,
    detail: "words nobody reads",
  } as const;
  it("say why a write was refused from the event's fields", async () => {
    const { writeResult } = await import("./ui/Logs.tsx");
    expect(writeResult(w, "etcd")).toBe("refused: 1 < 2");
    expect(writeResult({ ...w, rows: 0 }, "database")).toBe("refused: 1 < 2 (0 rows)");
    expect(writeResult({ ...w, sequencer: "not-current", lockHolder: "n2", lockToken: 2 }, "zookeeper")).toBe(
      "refused: the lock is n2's (generation 2)",
    );
    expect(writeResult({ ...w, sequencer: "not-current", lockHolder: null }, "zookeeper")).toBe(
      "refused: nobody holds the lock",
    );
    expect(writeResult({ ...w, sequencer: "no-answer" }, "zookeeper")).toBe(
      "refused: the lock service did not answer",
    );
    expect(writeResult({ ...w, result: "stale-accepted" }, "etcd")).toBe("landed, stale");
  });
});

describe("bully in the picture's words (review 4b #6)", () => {
  const bully = () => newNarrationContext("bully", "token");
  it("says the token with the epoch it comes from, and why every node is a candidate at boot", () => {
    expect(say({ t: 0, type: "leader-start", node: "n5", token: 105, term: 1 } as TraceEvent, bully())).toBe(
      "n5 became leader in epoch 1: token 105 (epoch × 100 + its number)",
    );
    expect(
      say({ t: 0, type: "start", nodes: 5, protocol: "bully", fencing: "token" } as TraceEvent, bully()),
    ).toBe("5 nodes start (Bully, fencing on); each calls an election as it boots");
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
