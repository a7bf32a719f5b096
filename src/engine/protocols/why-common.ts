// Rules every protocol shares (issue 20): the process faults, STONITH, and the fenced
// resource's checks. A protocol's own rules live in protocols/<name>/why.ts.
import type { RuleTable } from "./spec.ts";

/** A rule's values are read from traces: a number check every protocol's holds() uses. */
export const num = (x: unknown): x is number => typeof x === "number";

export const COMMON_RULES: RuleTable = {
  "process.crash": {
    says: "{node} crashed: its process stopped and its memory was lost; what it wrote to disk survives",
    lesson: "role-state-machine#the-state-diagram",
    source: "Ongaro & Ousterhout 2014, Figure 2 (persistent state on all servers)",
    holds: (v) => typeof v.node === "string",
  },
  "process.shutdown": {
    says: "{node} was shut down gracefully and released what it could",
    lesson: "role-state-machine#the-state-diagram",
    source: "etcd client/v3/concurrency/election.go Resign (v3.5.0)",
    holds: (v) => typeof v.node === "string",
  },
  "process.restart": {
    says: "{node} started again after being {was}, with only its durable state",
    lesson: "role-state-machine#the-state-diagram",
    source: "Ongaro & Ousterhout 2014, Figure 2 (persistent state on all servers)",
    holds: (v) => v.was === "crashed" || v.was === "stopped",
  },
  "stonith.poweredOff": {
    says: "{target} was powered off by the fence device on behalf of {by}",
    lesson: "in-the-wild#the-sre-books-file-server-pair",
    source: "ClusterLabs Pacemaker Explained, chapter Fencing (STONITH)",
    holds: (v) => typeof v.by === "string" && v.by !== v.target,
  },
  "stonith.shot": {
    says: "the fence device cut the power to {target}, as {by} asked",
    lesson: "in-the-wild#the-sre-books-file-server-pair",
    source: "ClusterLabs Pacemaker Explained, chapter Fencing (STONITH)",
    holds: (v, ms) => typeof v.due === "number" && (ms === undefined || ms >= v.due - 1e-6),
  },
  "fence.token.below": {
    says: "the resource refused the write: token {token} is below {maxSeen}, the highest it has accepted",
    lesson: "fencing-tokens#the-resources-check",
    source: "Kleppmann 2016, How to do distributed locking (fencing tokens)",
    holds: (v) =>
      typeof v.token === "number" &&
      typeof v.maxSeen === "number" &&
      v.token < v.maxSeen &&
      v.accepted === false,
  },
  "fence.token.atLeast": {
    says: "the resource took the write: token {token} is not below {maxSeen}, the highest it had accepted",
    lesson: "fencing-tokens#the-resources-check",
    source: "Kleppmann 2016, How to do distributed locking (fencing tokens)",
    holds: (v) =>
      typeof v.token === "number" &&
      typeof v.maxSeen === "number" &&
      v.token >= v.maxSeen &&
      v.accepted === true,
  },
  "fence.none": {
    says: "the resource took the write with token {token} without checking it: fencing is off",
    lesson: "fencing-tokens#the-zombie-leader",
    source: "Kleppmann 2016, How to do distributed locking (the unfenced lease)",
    holds: (v) => v.accepted === true,
  },
  "fence.sequencer.current": {
    says: "the lock service confirmed sequencer {token} is still the holder's, so the resource acted on it",
    lesson: "database-and-chubby#chubby-locks-with-a-sequence-number",
    source: "Burrows 2006, The Chubby lock service, section 2.4 (sequencers)",
    holds: (v) => v.accepted === true,
  },
  "fence.sequencer.not-current": {
    says: "the lock service said sequencer {token} is no longer current (holder {lockHolder}), so the write was refused",
    lesson: "database-and-chubby#chubby-locks-with-a-sequence-number",
    source: "Burrows 2006, The Chubby lock service, section 2.4 (CheckSequencer)",
    holds: (v) => v.accepted === false && (v.lockHolder === null || v.lockToken !== v.token),
  },
  "fence.sequencer.no-answer": {
    says: "the lock service did not answer about sequencer {token} in time, so the write was refused",
    lesson: "database-and-chubby#chubby-locks-with-a-sequence-number",
    source: "Burrows 2006, The Chubby lock service, section 2.4 (CheckSequencer)",
    holds: (v) => v.accepted === false,
  },
  "fence.sequencer.older": {
    says: "sequencer {token} is older than {maxSeen}, already seen, so the write was refused without asking",
    lesson: "database-and-chubby#chubby-locks-with-a-sequence-number",
    source: "Burrows 2006, The Chubby lock service, section 2.4 (sequencers)",
    holds: (v) =>
      typeof v.token === "number" &&
      typeof v.maxSeen === "number" &&
      v.token < v.maxSeen &&
      v.accepted === false,
  },
  "fence.sequencer.older-while-checked": {
    says: "a newer sequencer ({maxSeen}) landed while {token} was being checked, so the write was refused",
    lesson: "database-and-chubby#chubby-locks-with-a-sequence-number",
    source: "Burrows 2006, The Chubby lock service, section 2.4 (sequencers)",
    holds: (v) =>
      typeof v.token === "number" &&
      typeof v.maxSeen === "number" &&
      v.token < v.maxSeen &&
      v.accepted === false,
  },
};
