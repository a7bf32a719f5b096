// The Raft presets: named scenarios the lessons, tours and quizzes open. Names are
// referenced by content and must not change. Each is kept in its JSON form (durations as
// strings), exactly as a learner would write it; parseScenario() validates them all.
import type { Preset } from "../spec.ts";

export const presets: Preset[] = [
  {
    name: "raft-basic",
    title: "Raft: the leader crashes",
    description: "Five Raft nodes elect a leader; it crashes, a follower's timer runs out first and it wins the next term with three votes.",
    scenario: { protocol: "raft", nodes: 5, seed: 1, until: "4s", timing: { electionTimeout: ["150ms", "300ms"], heartbeat: "50ms" }, faults: [{ at: "2s", do: "crash", node: "leader" }] },
  },
  {
    name: "raft-split-vote",
    title: "Raft: identical timeouts split the vote",
    description: "Every election timeout is exactly 150 ms, so candidates start together and split the vote term after term; widen the range to settle it.",
    // The paper's rules (Fig. 2, §5.2): a refused candidate waits out its own timeout. etcd's
    // VoteLost step-back would restart each timer when the last refusal lands, and network
    // jitter alone would then break the tie (about 3.4 s in with this seed).
    scenario: { protocol: "raft", nodes: 5, seed: 1, until: "3s", timing: { electionTimeout: ["150ms", "150ms"], heartbeat: "50ms" }, options: { voteLost: false }, faults: [] },
  },
  {
    name: "raft-partition",
    title: "Raft: the old leader in a minority partition",
    description: "The leader is cut off with one follower: it keeps believing, the majority elects a higher term, fencing rejects the old leader's writes, and it steps down on heal.",
    scenario: {
      protocol: "raft", nodes: 5, seed: 1, until: "8s",
      faults: [{ at: "2s", do: "partition", groups: [["leader", "n1"], ["n3", "n4", "n5"]] }, { at: "6s", do: "heal" }],
    },
  },
  {
    name: "raft-prevote",
    title: "Raft: an isolated follower rejoins (Pre-Vote off)",
    description: "An isolated follower times out again and again, raising its term; on rejoining it deposes a healthy leader. Turn options.preVote on to compare.",
    scenario: {
      protocol: "raft", nodes: 5, seed: 1, until: "6s", options: { preVote: false },
      faults: [{ at: "1s", do: "isolate", node: "n5", for: "2.5s" }],
    },
  },
  {
    name: "stripe-2019",
    title: "Incident tour: Stripe 2019, a shard that cannot elect a primary",
    description: "A database shard's replica set runs a Raft-style election. Two of its five members stall, then the primary fails: the two that remain cannot gather three votes and keep timing out term after term, so the shard has no primary until the stalled members come back. Approximated: the shard is a 5-node Raft group, the stall is a 25 s pause of two followers (the upgrade's election fault itself is not modelled), and 27 minutes become seconds.",
    scenario: {
      protocol: "raft", nodes: 5, seed: 1, until: "40s",
      faults: [{ at: "5s", do: "pause", node: "n3", for: "25s" }, { at: "5s", do: "pause", node: "n4", for: "25s" }, { at: "6s", do: "crash", node: "leader" }],
    },
  },
];
