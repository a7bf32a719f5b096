// The ring presets: named scenarios the lessons, tours and quizzes open. Names are
// referenced by content and must not change. Each is kept in its JSON form (durations as
// strings), exactly as a learner would write it; parseScenario() validates them all.
import type { Preset } from "../spec.ts";

const ring = (faults: unknown[], until: string) => ({
  protocol: "ring",
  nodes: 5,
  seed: 1,
  until,
  options: { ring: "random" },
  faults,
});

export const presets: Preset[] = [
  {
    name: "ring-basic",
    title: "Ring: Chang–Roberts elects the highest id, then fails over",
    description:
      "Five nodes on a shuffled ring all start an election; only the highest id survives the trip round and announces itself. It crashes, its predecessor's ping goes unanswered, and one lap later n4 leads.",
    scenario: ring([{ at: "1s", do: "crash", node: "leader" }], "2s"),
  },
  {
    name: "ring-partition",
    title: "Ring: a partition makes two rings and two leaders",
    description:
      "n1, n2, n3 lose n4 and n5: they skip the silent nodes, close a ring of their own and elect n3 while n5 still leads the other side; the monitors show the overlap, and nothing merges the rings after the heal.",
    scenario: ring(
      [
        {
          at: "1s",
          do: "partition",
          groups: [
            ["n1", "n2", "n3"],
            ["n4", "n5"],
          ],
        },
        { at: "3s", do: "heal" },
      ],
      "4s",
    ),
  },
];
