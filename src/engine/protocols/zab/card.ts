// The zab rules card, in the spirit of the Raft paper's Figure 2: the state a node keeps,
// the messages, the rules, the timers and the fencing token on one printable page (/rules/zab).
// Timer values are never written here: the card names each timer and what it means, and the
// course reads the values from this protocol's config (course/rules/engine-defaults.ts).
import type { RulesCard } from "../card.ts";

export const zabCard = {
  protocol: "zab",
  title: "ZooKeeper's own election (Zab, fast leader election)",
  lesson: "zab",
  preset: "zab-failover",
  state: [
    "Saved: the last logged zxid (epoch in the high 32 bits, counter in the low 32), acceptedEpoch, currentEpoch.",
    "In memory: state (LOOKING, FOLLOWING, LEADING), the current vote (proposed leader's epoch, zxid, server id), the logical clock of this election round.",
  ],
  messages: [
    "Notification(vote: leader id, zxid, epoch; election round; sender state), sent to every server.",
    "Then discovery and sync: FOLLOWERINFO → LEADERINFO(new epoch) → ACKEPOCH, NEWLEADER → ACK, UPTODATE.",
  ],
  rules: [
    "LOOKING: vote for yourself and send the vote to everyone.",
    "A received vote beats yours if its (epoch, zxid, server id) is larger, compared in that order: adopt it and send it on.",
    "When a quorum holds the same vote, wait finalizeWait for a better one; if none comes, the named server leads and the rest follow.",
    "The leader proposes an epoch higher than any follower has accepted, and leads only once a quorum has acknowledged it and synchronised.",
    "A follower whose leader's TCP connection closes goes LOOKING at once; a silent leader is dropped after syncLimit ticks.",
  ],
  timers: {
    tickTime: { label: "tickTime", meaning: "ZooKeeper's basic unit of time" },
    initLimit: {
      label: "initLimit",
      meaning: "ticks a follower may take to connect to and sync with a new leader",
      unit: "ticks",
    },
    syncLimit: {
      label: "syncLimit",
      meaning: "ticks of silence before a follower and its leader give up on each other",
      unit: "ticks",
    },
    finalizeWait: {
      label: "finalizeWait",
      meaning: "wait after a quorum agrees, in case a better vote arrives",
    },
    maxNotificationInterval: {
      label: "Maximum notification interval",
      meaning: "cap on the back-off between rounds of notifications",
    },
    snapshotWrite: {
      label: "Snapshot write",
      meaning: "time the winner spends saving a snapshot of its data before it lets followers connect",
    },
    epochWrite: {
      label: "Epoch write",
      meaning: "time to put an accepted or current epoch on disk, before it is announced or acknowledged",
    },
    serverStartup: {
      label: "Server start",
      meaning: "time a server takes to start handling requests once it is synchronised",
    },
  },
  sources: [
    "apache/zookeeper FastLeaderElection.java, Leader.java, Learner.java, ZooKeeperServer.java; conf/zoo_sample.cfg",
  ],
} satisfies RulesCard;
