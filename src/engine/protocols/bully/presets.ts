// The bully presets: named scenarios the lessons, tours and quizzes open. Names are
// referenced by content and must not change. Each is kept in its JSON form (durations as
// strings), exactly as a learner would write it; parseScenario() validates them all.
import type { Preset } from "../spec.ts";

const bully = (faults: unknown[], until: string, nodes = 5) => ({
  protocol: "bully",
  nodes,
  seed: 1,
  until,
  faults,
});

export const presets: Preset[] = [
  {
    name: "bully-basic",
    title: "Bully: the coordinator crashes",
    description:
      "Five nodes, n5 coordinates; it crashes, a ping times out, ELECTIONs climb the ids and n4, the highest live id, announces itself with COORDINATOR.",
    scenario: bully([{ at: "1s", do: "crash", node: "leader" }], "2s"),
  },
  {
    name: "bully-restart",
    title: "Bully: the highest id comes back and takes over",
    description:
      "n5 crashes and n4 takes over; when n5 restarts it calls an election, hears no higher id and bullies its way back with COORDINATOR, deposing a working n4.",
    scenario: bully(
      [
        { at: "1s", do: "crash", node: "n5" },
        { at: "2s", do: "restart", node: "n5" },
      ],
      "3s",
    ),
  },
  {
    name: "bully-partition",
    title: "Bully: a partition gives each side its own coordinator",
    description:
      "n1, n2, n3 are cut off from n4 and n5: their pings to n5 time out and n3 declares itself, so two coordinators run at once; after the heal nothing calls an election, so both stay.",
    scenario: bully(
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
