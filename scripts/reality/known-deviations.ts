// Where the engine is known to differ from the real servers, each named after the mechanism in
// the fidelity issue (issue 34) that causes it. The comparison names these in the report, and
// the recorded-results test allows exactly these and nothing else: when the engine is fixed the
// entry stops applying and the test says to remove it, so the check tightens.
import type { Discrete, Timing } from "./figures.ts";

export interface Deviation {
  /** a short name for the mechanism */
  id: string;
  /** the item of issue 34 that describes it */
  issue: string;
  mechanism: string;
  scenarios: string[];
  figure: Discrete | Timing;
  /** timings: how far (ms) beyond the recorded range the engine may fall while this stands */
  slack?: number;
}

export const KNOWN: Deviation[] = [
  {
    id: "self-demote default",
    issue: "1",
    mechanism: "the engine's etcd client stops leading at its own deadline (send time of the last answered keepalive + TTL), always before the server deletes the key; clientv3 has no such timer: Session.Done closes only when its 1 s deadline loop finds no answer for TTL since the last answer (lease.go deadlineLoop), so on the real servers the cut-off leader still believed when its successor started in some trials.",
    scenarios: ["etcd-cut"],
    figure: "overlap",
  },
  {
    id: "Raft's whole ticks and the followers' lease",
    issue: "10",
    mechanism: "etcd-io/raft counts time in 100 ms ticks, and with CheckQuorum a follower ignores a vote request while it heard the leader less than an election timeout ago (raft.go Step, inLease). On the real members the first candidate after a crash was ignored by the other follower, which had heard the old leader a tick later; both then waited out another timeout, and the election cost two terms. The engine's continuous timers never leave a candidate that early.",
    scenarios: ["raft-crash"],
    figure: "termDelta",
  },
  {
    id: "Zab discovery and synchronisation",
    issue: "12",
    mechanism: "after the vote, the real new leader establishes its epoch only once discovery (FOLLOWERINFO, LEADERINFO, ACKEPOCH) and synchronisation (DIFF, NEWLEADER, ACK, UPTODATE) have run, a few hundred ms on the JVM; the engine spends message delays only, so its failover is shorter.",
    scenarios: ["zab-crash"],
    figure: "failoverMs",
    slack: 300,
  },
];

export const knownFor = (scenario: string, figure: string): Deviation | undefined =>
  KNOWN.find((d) => d.figure === figure && d.scenarios.includes(scenario));
