// The heartbeat pair presets: named scenarios the lessons, tours and quizzes open. Names are
// referenced by content and must not change. Each is kept in its JSON form (durations as
// strings), exactly as a learner would write it; parseScenario() validates them all.
import type { Preset } from "../spec.ts";

const pair = (stonith: string, faults: unknown[], until: string) => ({
  protocol: "heartbeat",
  nodes: 2,
  seed: 1,
  until,
  timing: { heartbeat: "1s", timeout: "5s", fence: "2s" },
  options: { stonith },
  faults,
});

export const presets: Preset[] = [
  {
    name: "heartbeat-pair-partition",
    title: "Failover pair: a partition, and each node shoots the other",
    description:
      "Two nodes exchange heartbeats every second (deadtime 5 s) and fence with STONITH through a power switch both can reach. The link between them is cut: each declares the other dead, the standby takes over, both ask the switch to power the other off, and 2 s later both are down.",
    scenario: pair("fire", [{ at: "10s", do: "partition", groups: [["n1"], ["n2"]] }], "30s"),
  },
  {
    name: "sre-file-server",
    title: "Incident tour: the SRE book's file-server pair",
    description:
      "Google SRE book, ch. 23: a pair of file servers elected a master by heartbeat timeout and STONITH. Here the network degrades so that neither heartbeats nor the power switch get through: both serve as master, each shot is lost, and only fencing at the resource limits the damage; when the network returns the older master stands down. Approximated: the degradation is a clean partition, and the pair is the heartbeat protocol with 1 s heartbeats and a 5 s deadtime.",
    scenario: pair(
      "fire",
      [{ at: "10s", do: "partition", groups: [["n1"], ["n2"], ["store"]], for: "20s" }],
      "40s",
    ),
  },
  {
    name: "github-2012",
    title: "Incident tour: GitHub 2012, failover under load, then a stale master",
    description:
      "GitHub's MySQL cluster under Pacemaker and Percona Replication Manager. Migration load slows the active node until it misses health checks, so the role moves to a standby with a cold buffer pool, which misses them too and hands it back: a failover loop. The next day a Pacemaker crash partitions the cluster: on the majority side MySQL is stopped, and the minority of one makes itself master although its data is known to be out of date, until it is powered off and operators take over. Approximated: two nodes stand for the three, health checks are heartbeats (deadtime 5 s), load and the cold buffer pool are slow faults on whichever node is active, the segfault is a network partition, stopping MySQL on the majority side is a crash of n1, n2 is the out-of-date node, no STONITH, and hours become seconds.",
    // GitHub, "GitHub availability this week" (14 Sept 2012): the majority side's election was
    // interrupted and MySQL stopped; the single node elected itself and was powered off 7 min later.
    scenario: pair(
      "off",
      [
        { at: "10s", do: "slow", node: "leader", factor: 20, for: "12s" },
        { at: "25s", do: "slow", node: "leader", factor: 20, for: "12s" },
        { at: "50s", do: "partition", groups: [["n1"], ["n2"]], for: "20s" },
        { at: "50s", do: "crash", node: "n1" },
        { at: "66s", do: "crash", node: "n2" },
      ],
      "75s",
    ),
  },
];
