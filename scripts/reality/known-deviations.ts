// Where the engine is known to differ from the real servers, each named after the mechanism in
// the fidelity issue (issue 34) that causes it. The comparison names these in the report, and
// the recorded-results test allows exactly these and nothing else. A discrete entry names the
// outcome the real servers give and the engine does not: when the engine gives it, the test says
// to remove the entry. A timing entry widens the range by its slack; removing it once the
// mechanism is fixed tightens the check (a timing cannot tell fixed from a lucky sample).
import type { Discrete, Timing } from "./figures.ts";

export interface Deviation {
  /** a short name for the mechanism */
  id: string;
  /** the item of issue 34 that describes it */
  issue: string;
  mechanism: string;
  scenarios: string[];
  figures: Array<Discrete | Timing>;
  /** timings: how far (ms) beyond the recorded range the engine may fall while this stands */
  slack?: number;
  /** discrete figures: an outcome the real servers give (sometimes or always) where the engine
   *  gives another; the engine giving the real one means the mechanism was fixed */
  outcome?: { real: string; engine: string };
}

export const KNOWN: Deviation[] = [
  {
    id: "self-demote default",
    issue: "1",
    mechanism: "the engine's etcd client stops leading at its own deadline (send time of the last answered keepalive + TTL), always before the server deletes the key; clientv3 has no such timer: Session.Done closes only when its 1 s deadline loop finds no answer for TTL since the last answer (lease.go deadlineLoop), so on the real servers the cut-off leader still believed when its successor started in some trials.",
    scenarios: ["etcd-cut"],
    figures: ["overlap"],
    outcome: { real: "true", engine: "false" },
  },
  {
    id: "Raft's whole ticks and the followers' lease",
    issue: "10",
    mechanism: "etcd-io/raft counts time in 100 ms ticks, and with CheckQuorum a follower ignores a vote request while it heard the leader less than an election timeout ago (raft.go Step, inLease). On the real members the first candidate after a crash or a stop was ignored by the other follower, which had heard the old leader a tick later; both then waited out another timeout, and the election cost two terms. The engine's continuous timers never leave a candidate that early.",
    scenarios: ["raft-crash", "raft-pause", "raft-crash-prevote", "raft-pause-prevote"],
    figures: ["termDelta"],
    outcome: { real: "2", engine: "1" },
  },
  {
    id: "Zab discovery and synchronisation",
    issue: "12",
    mechanism: "after the vote, the real new leader establishes its epoch only once discovery (FOLLOWERINFO, LEADERINFO, ACKEPOCH) and synchronisation (DIFF, NEWLEADER, ACK, UPTODATE) have run, a few hundred ms on the JVM; the engine spends message delays only, so its failover is shorter.",
    scenarios: ["zab-crash", "zab-pause"],
    figures: ["failoverMs", "overlapMs"],
    slack: 300,
  },
  {
    id: "ZooKeeper client's ping interval",
    issue: "11",
    mechanism: "the real Java client pings after readTimeout / 2 of idleness, a third of the negotiated session timeout (ClientCnxn SendThread: readTimeout is two thirds of it); the engine pings more often, so its last ping before a crash is more recent and the session expires later: at a 10 s session the real crash failed over in 7.5-9.9 s (median 8.1), the engine in 9.0-10.5 s (median 10.0).",
    scenarios: ["zk-crash", "zk-pause"],
    figures: ["failoverMs", "overlapMs"],
    slack: 500,
  },
];

export const knownFor = (scenario: string, figure: string): Deviation | undefined =>
  KNOWN.find((d) => (d.figures as string[]).includes(figure) && d.scenarios.includes(scenario));
