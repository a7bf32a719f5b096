import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../engine/index.ts";
import { Announcer, narrate, newNarrationContext, type Line } from "./narration.ts";

const raft = () => newNarrationContext("raft", "token");
const etcd = (fencing = "token") => newNarrationContext("etcd", fencing);
const say = (e: TraceEvent, ctx = raft()) => narrate(e, ctx)?.text ?? null;

describe("narration", () => {
  it("names new leaders by term (Raft) or by token (lease protocols)", () => {
    expect(say({ t: 1, type: "leader-start", node: "n3", token: 4, term: 4 })).toBe("n3 became leader in term 4");
    expect(say({ t: 1, type: "leader-start", node: "n3", token: 3, term: 3 }, etcd())).toBe("n3 became leader with token 3");
  });

  it("explains a refused write by its tokens", () => {
    expect(say({ t: 1, type: "write", node: "n1", token: 41, result: "rejected", maxSeen: 42, sentAt: 0 })).toBe("the resource rejected n1's write: token 41 is older than 42".replace(/^t/, "T"));
  });

  it("in sequencer mode says what the lock service answered, not a token comparison", () => {
    const w = { t: 1, type: "write", node: "n1", token: 0, result: "rejected", maxSeen: 0, sentAt: 0, detail: "CheckSequencer: the lock is held by n2 at generation 1, not n1 at 0" } as const;
    const text = say(w, newNarrationContext("zookeeper", "sequencer"));
    expect(text).toBe("The resource rejected n1's write: CheckSequencer: the lock is held by n2 at generation 1, not n1 at 0");
    expect(text).not.toMatch(/older than/);
  });

  it("keeps the database's zero-row UPDATE beside the token comparison", () => {
    const w = { t: 1, type: "write", node: "n2", token: 1, result: "rejected", maxSeen: 2, sentAt: 0, detail: "UPDATE jobs SET owner='n2', fence=1 WHERE id=1 AND fence <= 1 -- 0 rows (fence is 2)" } as const;
    expect(say(w, newNarrationContext("database", "token"))).toBe("The resource rejected n2's write: token 1 is older than 2 (UPDATE jobs SET owner='n2', fence=1 WHERE id=1 AND fence <= 1 -- 0 rows (fence is 2))");
  });

  it("names the store by what it stands for", () => {
    const zk = newNarrationContext("zookeeper", "token");
    expect(say({ t: 1, type: "lease", action: "expire", node: "n3", judge: "store", ttlMs: 10_000 } as TraceEvent, zk)).toMatch(/^ZooKeeper expired n3's session: 10 s passed on the server's clock/);
    expect(say({ t: 1, type: "store", op: "recovered", rev: 4 }, etcd())).toBe("etcd is back up");
    expect(say({ t: 1, type: "note", node: "store", text: "fence device: n2 asks to power off n1" }, newNarrationContext("heartbeat", "token"))).toBe("Power switch: fence device: n2 asks to power off n1");
    expect(say({ t: 1, type: "fault", fault: "store-outage", detail: "for 20000 ms" }, newNarrationContext("kubernetes", "token"))).toBe("The API server went down for 20 s");
    expect(say({ t: 1, type: "leader-start", node: "n3", token: 2 * 2 ** 32, term: 2 }, newNarrationContext("zab", "token"))).toBe("n3 became leader of epoch 2 (token: zxid 0x200000000)");
  });

  it("says why a stale write landed: fencing off, or it beat the new leader's first write", () => {
    const w = { t: 1, type: "write", node: "n2", token: 2, result: "stale-accepted", maxSeen: 2, sentAt: 0 } as const;
    expect(say(w, etcd("none"))).toBe("The resource accepted n2's stale write with token 2: a newer leader had been chosen, and fencing is off");
    expect(say(w, etcd("token"))).toMatch(/arrived before any write from the newer leader/);
  });

  it("narrates only a leader's first accepted write", () => {
    const ctx = raft();
    const w = { t: 1, type: "write", node: "n2", token: 2, result: "accepted", maxSeen: 2, sentAt: 0 } as const;
    expect(narrate(w, ctx)?.text).toBe("n2 wrote to the resource with token 2");
    expect(narrate({ ...w, t: 2 }, ctx)).toBeNull();
  });

  it("describes faults in plain words, resolving 'the leader'", () => {
    expect(say({ t: 1, type: "fault", fault: "crash", node: "leader", resolved: "n2", detail: "" })).toBe("n2 (the leader) crashed");
    expect(say({ t: 1, type: "fault", fault: "pause", node: "leader", resolved: "n2", detail: "for 15000 ms, during write; armed: strikes at n2's next write decision" }))
      .toBe("n2 (the leader) will freeze for 15 s at its next write, after deciding to write");
    expect(say({ t: 1, type: "fault", fault: "pause", node: "n2", detail: "paused 15000 ms mid-write (write with token 2 decided, not yet sent)" }))
      .toBe("n2 froze for 15 s in the middle of a write: token 2 decided, not yet sent");
    expect(say({ t: 1, type: "fault", fault: "partition", detail: 'groups [["n1","n2"],["n3","store"]]' })).toBe("The network was partitioned: n1 n2 | n3 store");
    expect(say({ t: 1, type: "fault", fault: "clock", node: "n1", detail: "drift 500000 ppm" })).toBe("n1's clock now runs fast by 50%");
    expect(say({ t: 1, type: "fault", fault: "store-outage", detail: "for 20000 ms" }, etcd())).toBe("etcd went down for 20 s");
    expect(say({ t: 1, type: "fault", fault: "crash", node: "leader", resolved: "nobody", detail: "skipped: no node believes it leads" })).toMatch(/No node believed it led/);
  });

  it("says when an election starts, and stays quiet about heartbeats and renewals", () => {
    expect(say({ t: 1, type: "role", node: "n4", from: "follower", to: "candidate", term: 5 })).toBe("n4 timed out and started an election for term 5");
    expect(say({ t: 1, type: "send", id: 1, from: "n1", to: "n2", kind: "AppendEntries", arriveAt: 2 })).toBeNull();
    expect(say({ t: 1, type: "lease", action: "renew", node: "n1", judge: "store" }, etcd())).toBeNull();
  });

  it("calls two believers split brain", () => {
    expect(say({ t: 1, type: "violation", property: "overlap", detail: "2 nodes believe they lead: n2(2), n3(3)" })).toBe("Split brain: 2 nodes believe they lead: n2(2), n3(3)");
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
