// Narration of faults and notes: each fault and each note kind told in plain words from the event's fields.
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../engine/index.ts";
import { narrate, newNarrationContext } from "./narration.ts";

const raft = () => newNarrationContext("raft", "token");
const etcd = (fencing = "token") => newNarrationContext("etcd", fencing);
const say = (e: TraceEvent, ctx = raft()) => narrate(e, ctx)?.text ?? null;

describe("narration of faults and notes", () => {
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
    // Armed on a follower: only a leader writes, so it says it waits until that node leads
    // (review 12a #1: the line read as a button that did nothing); on the leader it does not.
    const ctx = etcd();
    say({ t: 0.5, type: "leader-start", node: "n2", token: 2, term: 2 }, ctx);
    const armed = { ...f, fault: "pause", effect: "armed", for: 15_000, during: "write" } as const;
    expect(say({ ...armed, node: "n3" }, ctx)).toBe(
      "n3 will pause for 15 s at its next write; only a leader writes, so this waits until n3 leads",
    );
    expect(say({ ...armed, node: "n2" }, ctx)).toBe(
      "n2 will pause for 15 s at its next write, after deciding to write",
    );
    expect(say({ ...f, fault: "pause", node: "n2", for: 15_000, during: "write", token: 2 })).toBe(
      // The write's number is its token in every protocol (review 9a #5), Raft's too.
      "n2 paused for 15 s in the middle of a write: token 2 decided, not yet sent",
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
