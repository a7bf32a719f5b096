// The Zab presets: named scenarios the lessons, tours and quizzes open. Names are
// referenced by content and must not change. Each is kept in its JSON form (durations as
// strings), exactly as a learner would write it; parseScenario() validates them all.
import type { Preset } from "../spec.ts";

export const presets: Preset[] = [
  {
    name: "zab-failover",
    title: "Zab: the leader crashes while a follower is behind",
    description:
      "Five ZooKeeper servers (tickTime 2 s, syncLimit 5); n4 is cut off and misses transactions, then leader n5 crashes at 8 s. Its connections close with its process, so the followers that hear it look again at once, vote by (epoch, zxid, id), and n3 wins over the higher but stale n4, leading epoch 2 a fraction of a second later; n4, still cut off, only gives up after syncLimit ticks of silence.",
    scenario: {
      protocol: "zab",
      nodes: 5,
      seed: 1,
      until: "40s",
      work: { every: "500ms" },
      faults: [
        { at: "5s", do: "isolate", node: "n4", for: "12s" },
        { at: "8s", do: "crash", node: "leader" },
      ],
    },
  },
  {
    name: "zab-histories",
    title: "Zab: different histories, the most complete wins",
    description:
      "Servers start with different last zxids: n2 has epoch 3 up to counter 12, n4 has more transactions but from epoch 2, n5 the highest id but fewer. Fast leader election picks n2 and discovery makes epoch 4. Syncing gives every follower n2's history, so when n2 crashes the tie goes to the highest id, n5, for epoch 5.",
    scenario: {
      protocol: "zab",
      nodes: 5,
      seed: 1,
      until: "40s",
      options: {
        histories: [
          [3, 10],
          [3, 12],
          [3, 11],
          [2, 40],
          [3, 9],
        ],
        appendWrites: false,
      },
      faults: [{ at: "10s", do: "crash", node: "leader" }],
    },
  },
];
