// The Raft presets: named scenarios the lessons, tours and quizzes open. Names are
// referenced by content and must not change. Each is kept in its JSON form (durations as
// strings), exactly as a learner would write it; parseScenario() validates them all.
import type { Preset } from "../spec.ts";

// Raft with a few nodes and the paper's recommended 150-300 ms timeouts, for the first steps,
// on the paper's rules (continuous timers; options.variant, config.ts).
const raftSmall = (nodes: number, until: string, faults: unknown[]) => ({
  protocol: "raft",
  nodes,
  seed: 1,
  until,
  timing: { electionTimeout: ["150ms", "300ms"], heartbeat: "50ms" },
  options: { variant: "paper" },
  faults,
});

// etcd's default Raft timing, slow enough to watch an election at normal speed (see start-leader).
// Without `writes` the leader writes nothing, so a screen about electing shows no resource.
const raftWatch = (nodes: number, until: string, faults: unknown[], writes = false) => ({
  protocol: "raft",
  nodes,
  seed: 1,
  until,
  timing: { electionTimeout: ["1s", "2s"], heartbeat: "100ms" },
  ...(writes ? {} : { work: { every: 0 } }),
  faults,
});

export const presets: Preset[] = [
  {
    name: "raft-basic",
    title: "Raft: the leader crashes",
    description:
      "Five Raft nodes elect a leader; it crashes, a follower's timer runs out first and it wins the next term with three votes.",
    // The paper's timing on the paper's rules: its timers run continuously (Fig. 2, §5.2).
    scenario: {
      protocol: "raft",
      nodes: 5,
      seed: 1,
      until: "4s",
      timing: { electionTimeout: ["150ms", "300ms"], heartbeat: "50ms" },
      options: { variant: "paper" },
      faults: [{ at: "2s", do: "crash", node: "leader" }],
    },
  },
  {
    name: "raft-split-vote",
    title: "Raft: identical timeouts split the vote",
    description:
      "Every election timeout is exactly 150 ms, so candidates start together and split the vote term after term; widen the range to settle it.",
    // The paper's rules (Fig. 2, §5.2): continuous timers, so identical timeouts fire together,
    // and a refused candidate waits out its own timeout. etcd's VoteLost step-back would
    // restart each timer when the last refusal lands, and network jitter alone would then
    // break the tie (about 3.4 s in with this seed); etcd's tickers, each with its own phase,
    // would rarely fire in the same tick at all.
    scenario: {
      protocol: "raft",
      nodes: 5,
      seed: 1,
      until: "3s",
      timing: { electionTimeout: ["150ms", "150ms"], heartbeat: "50ms" },
      options: { variant: "paper", voteLost: false },
      faults: [],
    },
  },
  {
    name: "raft-partition",
    title: "Raft: the old leader in a minority partition",
    description:
      "The leader is cut off with one follower: it keeps believing, the majority elects a higher term, fencing rejects the old leader's writes, and it steps down on heal.",
    // Seed 13: n2 leads when the cut comes, so "leader" and n1 are two nodes (etcd's rules).
    scenario: {
      protocol: "raft",
      nodes: 5,
      seed: 13,
      until: "8s",
      faults: [
        {
          at: "2s",
          do: "partition",
          groups: [
            ["leader", "n1"],
            ["n3", "n4", "n5"],
          ],
        },
        { at: "6s", do: "heal" },
      ],
    },
  },
  {
    name: "raft-prevote",
    title: "Raft: an isolated follower rejoins (Pre-Vote off)",
    description:
      "An isolated follower times out again and again, raising its term; on rejoining it deposes a healthy leader. Turn options.preVote on to compare.",
    scenario: {
      protocol: "raft",
      nodes: 5,
      seed: 1,
      until: "6s",
      options: { preVote: false },
      faults: [{ at: "1s", do: "isolate", node: "n5", for: "2.5s" }],
    },
  },
  {
    name: "stripe-2019",
    title: "Incident tour: Stripe 2019, a shard that cannot elect a primary",
    description:
      "A database shard's replica set runs a Raft-style election. Two of its five members stall, then the primary fails: the two that remain cannot gather three votes and keep timing out term after term, so the shard has no primary until the stalled members come back. Approximated: the shard is a 5-node Raft group, the stall is a 25 s pause of two followers (the upgrade's election fault itself is not modelled), and 27 minutes become seconds.",
    scenario: {
      // Seed 5: n2 is the primary, so n1 and n5 are the two left standing (the tour names them).
      protocol: "raft",
      nodes: 5,
      seed: 5,
      until: "40s",
      faults: [
        { at: "5s", do: "pause", node: "n3", for: "25s" },
        { at: "5s", do: "pause", node: "n4", for: "25s" },
        { at: "6s", do: "crash", node: "leader" },
      ],
    },
  },
  // For the "Going deeper" lessons and the first ten minutes (/start).
  {
    name: "raft-figure16",
    title: "Raft: one trial of the paper's Figure 16",
    description:
      "Five servers with logs of different lengths (10, 10, 9, 9, 8 entries), timeouts drawn from 150-155 ms and heartbeats every 75 ms; the leader n1 crashes between two heartbeats. Three candidates can win: n2, whose log is complete, most often, and n3 or n4 when they time out first and gather votes from servers whose logs are no longer than theirs; n5, with the shortest log, is refused by every other server. Widen the timeout range in the run settings and compare.",
    scenario: {
      protocol: "raft",
      nodes: 5,
      seed: 1,
      until: "3s",
      timerNoise: 0.2,
      network: { delay: "2ms", jitter: "1ms", loss: 0 },
      timing: { electionTimeout: ["150ms", "155ms"], heartbeat: "75ms" },
      // The paper's experiment ran LogCabin: continuous timers, so the 150-155 ms range holds
      // (on 75 ms ticks it would be two ticks for everyone).
      options: {
        variant: "paper",
        initialLeader: "n1",
        logs: [10, 10, 9, 9, 8],
        replicate: false,
        appendWrites: false,
        persist: "10ms",
      },
      work: { every: 0 },
      faults: [{ at: "1.031s", do: "crash", node: "n1" }],
    },
  },
  {
    name: "raft-even-split",
    title: "Raft: four nodes split two and two",
    description:
      "A four-node cluster needs three votes. Cut it into two halves of two: the leader hears from only two of four and steps down (CheckQuorum is on), the other half cannot win an election, and the cluster has no leader until the network heals.",
    scenario: {
      protocol: "raft",
      nodes: 4,
      seed: 1,
      until: "6s",
      options: { checkQuorum: true, preVote: true },
      faults: [
        {
          at: "1s",
          do: "partition",
          groups: [
            ["n1", "n2"],
            ["n3", "n4"],
          ],
        },
        { at: "4s", do: "heal" },
      ],
    },
  },
  {
    name: "raft-odd-split",
    title: "Raft: five nodes split three and two",
    description:
      "The same cut in a five-node cluster: the old leader on the two-node side steps down (CheckQuorum is on) while the three-node side, still a majority, elects a new one within a few hundred milliseconds and keeps it after the heal (Pre-Vote is on).",
    scenario: {
      protocol: "raft",
      nodes: 5,
      seed: 1,
      until: "6s",
      options: { checkQuorum: true, preVote: true },
      faults: [
        {
          at: "1s",
          do: "partition",
          groups: [
            ["n1", "n2"],
            ["n3", "n4", "n5"],
          ],
        },
        { at: "4s", do: "heal" },
      ],
    },
  },
  {
    name: "first-leader",
    title: "Three computers pick one to lead",
    description:
      "Three Raft nodes start with no leader; the first whose timer runs out asks the others for their votes and leads.",
    scenario: raftSmall(3, "1.5s", []),
  },
  {
    name: "first-crash",
    title: "The leader stops; the others pick a new one",
    description:
      "Three Raft nodes; the leader crashes at 1 s, the others stop hearing from it and elect a new leader within a few hundred milliseconds.",
    scenario: raftSmall(3, "3s", [{ at: "1s", do: "crash", node: "leader" }]),
  },
  {
    name: "first-new-term",
    title: "The old leader comes back and follows",
    description:
      "The leader crashes at 1 s and the others elect a new one in a higher term; when the old leader restarts at 2.5 s it hears the higher term and follows.",
    scenario: raftSmall(3, "4s", [
      { at: "1s", do: "crash", node: "leader" },
      { at: "2.5s", do: "restart", node: "n2" },
    ]),
  },
  // The guided first ten minutes (/start, one idea per screen), watched at normal speed: etcd's
  // default Raft timing, a heartbeat every 100 ms and an election timeout of 1000 ms (etcd
  // server/embed/config.go DefaultTickMs, DefaultElectionMs), which etcd-io/raft draws at random
  // from [electionTimeout, 2 x electionTimeout) whole ticks (raft.go resetRandomizedElectionTimeout),
  // on etcd-io/raft's rules (the default variant, ticks.ts). Each seed is the first whose run
  // shows its screen's idea and nothing else, with the nodes its screen names
  // (presets-depth.test.ts, src/course/first-steps/screens.ts).
  {
    name: "start-leader",
    title: "Three nodes choose a leader",
    description:
      "Three Raft nodes start as followers with no leader. The first whose random election timer runs out asks the other two for their votes, gets them, and leads term 1.",
    scenario: { ...raftWatch(3, "6s", []), seed: 2 },
  },
  {
    name: "start-heartbeats",
    title: "The leader's heartbeats keep the others waiting",
    description:
      "Five Raft nodes elect a leader, which then sends a heartbeat every 100 ms; each heartbeat restarts the followers' election timers, so nobody else stands while the leader is alive.",
    scenario: { ...raftWatch(5, "8s", []), seed: 2 },
  },
  {
    name: "start-crash",
    title: "The leader crashes; a follower takes over",
    description:
      "Three Raft nodes; the leader crashes at 3 s. The heartbeats stop, and the first follower whose timer runs out stands in term 2, gets the other's vote and its own, and leads.",
    scenario: { ...raftWatch(3, "9s", [{ at: "3s", do: "crash", node: "leader" }]), seed: 9 },
  },
  {
    name: "start-term",
    title: "The old leader returns to a higher term",
    description:
      "The leader of term 1 crashes at 3 s and a follower wins term 2. When the old leader restarts at 6.5 s it still holds term 1; the new leader's first heartbeat carries term 2, so it takes that term and follows.",
    scenario: {
      ...raftWatch(3, "10s", [
        { at: "3s", do: "crash", node: "leader" },
        { at: "6.5s", do: "restart", node: "n2" },
      ]),
      seed: 9,
    },
  },
  {
    name: "start-majority",
    title: "Two nodes of five cannot elect anyone",
    description:
      "Five Raft nodes; at 3 s the network splits n4 and n5 from the other three. The leader keeps its side of three; n4 and n5 time out and stand again and again, each time in a higher term, but two votes are never three.",
    scenario: {
      ...raftWatch(5, "12s", [
        {
          at: "3s",
          do: "partition",
          groups: [
            ["n1", "n2", "n3"],
            ["n4", "n5"],
          ],
        },
      ]),
      seed: 9,
    },
  },
  {
    name: "start-late-write",
    title: "Raft: a paused leader's late write is refused by its term",
    description:
      "Three Raft nodes writing to a resource once a second, each write stamped with the leader's term. The leader of term 1 pauses at 3 s just as it writes; a follower wins term 2 and writes with it. When the paused leader wakes at about 7 s its write still carries term 1, and the resource, which has seen term 2, refuses it.",
    scenario: {
      ...raftWatch(3, "11s", [{ at: "3s", do: "pause", node: "leader", for: "4s", during: "write" }], true),
      seed: 13,
    },
  },
  {
    name: "start-split-vote",
    title: "Two candidates split the vote, and random timers settle it",
    description:
      "Four Raft nodes, so a leader needs three votes. At about 0.9 s n2 and n1 time out in the same tick of their clocks, half a millisecond apart, and both stand for term 1; each gets two votes, so term 1 has no leader. Every node then waits a new random time: n1's runs out first, and it wins term 2.",
    // Four nodes: with five, two candidates cannot split the votes evenly (one always gets three).
    // etcd's timeouts are whole ticks of each node's own ticker, so two nodes stand in the same
    // tick only when their tickers' phases nearly coincide: about one seed in two thousand,
    // and this one also has a candidate of the split (not a voter) win the next term.
    scenario: { ...raftWatch(4, "7s", []), seed: 5046 },
  },
  {
    name: "start-your-turn",
    title: "Your turn: pause the leader",
    description:
      "Three Raft nodes writing to a resource once a second, with nothing planned: pause the leader yourself and watch a follower take a higher term and the resource refuse the paused leader's late write.",
    scenario: raftWatch(3, "40s", [], true),
  },
];
