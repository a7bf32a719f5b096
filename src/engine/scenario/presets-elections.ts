// Presets for the elections that need no store: bully, ring (Chang–Roberts), Zab, the
// heartbeat/STONITH pair, and the incident tours built from them. Each description says what
// happens; the incident tours also say what is approximated.
import type { Preset } from "./presets.ts";

const ring = (faults: unknown[], until: string) => ({ protocol: "ring", nodes: 5, seed: 1, until, options: { ring: "random" }, faults });
const pair = (stonith: string, faults: unknown[], until: string) => ({
  protocol: "heartbeat", nodes: 2, seed: 1, until, timing: { heartbeat: "1s", timeout: "5s", fence: "2s" }, options: { stonith }, faults,
});
const bully = (faults: unknown[], until: string, nodes = 5) => ({ protocol: "bully", nodes, seed: 1, until, faults });

export const electionPresets: Preset[] = [
  {
    name: "bully-basic",
    title: "Bully: the coordinator crashes",
    description: "Five nodes, n5 coordinates; it crashes, a ping times out, ELECTIONs climb the ids and n4, the highest live id, announces itself with COORDINATOR.",
    scenario: bully([{ at: "1s", do: "crash", node: "leader" }], "2s"),
  },
  {
    name: "bully-restart",
    title: "Bully: the highest id comes back and takes over",
    description: "n5 crashes and n4 takes over; when n5 restarts it calls an election, hears no higher id and bullies its way back with COORDINATOR, deposing a working n4.",
    scenario: bully([{ at: "1s", do: "crash", node: "n5" }, { at: "2s", do: "restart", node: "n5" }], "3s"),
  },
  {
    name: "bully-partition",
    title: "Bully: a partition gives each side its own coordinator",
    description: "n1, n2, n3 are cut off from n4 and n5: their pings to n5 time out and n3 declares itself, so two coordinators run at once; after the heal nothing calls an election, so both stay.",
    scenario: bully([{ at: "1s", do: "partition", groups: [["n1", "n2", "n3"], ["n4", "n5"]] }, { at: "3s", do: "heal" }], "4s"),
  },
  {
    name: "ring-basic",
    title: "Ring: Chang–Roberts elects the highest id, then fails over",
    description: "Five nodes on a shuffled ring all start an election; only the highest id survives the trip round and announces itself. It crashes, its predecessor's ping goes unanswered, and one lap later n4 leads.",
    scenario: ring([{ at: "1s", do: "crash", node: "leader" }], "2s"),
  },
  {
    name: "ring-partition",
    title: "Ring: a partition makes two rings and two leaders",
    description: "n1, n2, n3 lose n4 and n5: they skip the silent nodes, close a ring of their own and elect n3 while n5 still leads the other side; the monitors show the overlap, and nothing merges the rings after the heal.",
    scenario: ring([{ at: "1s", do: "partition", groups: [["n1", "n2", "n3"], ["n4", "n5"]] }, { at: "3s", do: "heal" }], "4s"),
  },
  {
    name: "zab-failover",
    title: "Zab: the leader crashes while a follower is behind",
    description: "Five ZooKeeper servers (tickTime 2 s, syncLimit 5); n4 is cut off and misses transactions, then leader n5 crashes. The followers give up on it after 10 s, vote by (epoch, zxid, id), and n3 wins over the higher but stale n4, leading epoch 2.",
    scenario: {
      protocol: "zab", nodes: 5, seed: 1, until: "40s", work: { every: "500ms" },
      faults: [{ at: "5s", do: "isolate", node: "n4", for: "12s" }, { at: "8s", do: "crash", node: "leader" }],
    },
  },
  {
    name: "zab-histories",
    title: "Zab: different histories, the most complete wins",
    description: "Servers start with different last zxids: n2 has epoch 3 up to counter 12, n4 has more transactions but from epoch 2, n5 the highest id but fewer. Fast leader election picks n2 and discovery makes epoch 4. Syncing gives every follower n2's history, so when n2 crashes the tie goes to the highest id, n5, for epoch 5.",
    scenario: {
      protocol: "zab", nodes: 5, seed: 1, until: "40s",
      options: { histories: [[3, 10], [3, 12], [3, 11], [2, 40], [3, 9]], appendWrites: false },
      faults: [{ at: "10s", do: "crash", node: "leader" }],
    },
  },
  {
    name: "heartbeat-pair-partition",
    title: "Failover pair: a partition, and each node shoots the other",
    description: "Two nodes exchange heartbeats every second (deadtime 5 s) and fence with STONITH through a power switch both can reach. The link between them is cut: each declares the other dead, the standby takes over, both ask the switch to power the other off, and 2 s later both are down.",
    scenario: pair("fire", [{ at: "10s", do: "partition", groups: [["n1"], ["n2"]] }], "30s"),
  },
  {
    name: "sre-file-server",
    title: "Incident tour: the SRE book's file-server pair",
    description: "Google SRE book, ch. 23: a pair of file servers elected a master by heartbeat timeout and STONITH. Here the network degrades so that neither heartbeats nor the power switch get through: both serve as master, each shot is lost, and only fencing at the storage limits the damage; when the network returns the older master stands down. Approximated: the degradation is a clean partition, and the pair is the heartbeat protocol with 1 s heartbeats and a 5 s deadtime.",
    scenario: pair("fire", [{ at: "10s", do: "partition", groups: [["n1"], ["n2"], ["store"]], for: "20s" }], "40s"),
  },
  {
    name: "github-2012",
    title: "Incident tour: GitHub 2012, failover under load, then a stale master",
    description: "GitHub's MySQL cluster under Pacemaker and Percona Replication Manager. Migration load slows the active node until it misses health checks, so the role moves to a standby with a cold buffer pool, which misses them too and hands it back: a failover loop. The next day a Pacemaker crash partitions the cluster: on the majority side MySQL is stopped, and the minority of one makes itself master although its data is known to be out of date, until it is powered off and operators take over. Approximated: two nodes stand for the three, health checks are heartbeats (deadtime 5 s), load and the cold buffer pool are slow faults on whichever node is active, the segfault is a network partition, stopping MySQL on the majority side is a crash of n1, n2 is the out-of-date node, no STONITH, and hours become seconds.",
    // GitHub, "GitHub availability this week" (14 Sept 2012): the majority side's election was
    // interrupted and MySQL stopped; the single node elected itself and was powered off 7 min later.
    scenario: pair("off", [
      { at: "10s", do: "slow", node: "leader", factor: 20, for: "12s" },
      { at: "25s", do: "slow", node: "leader", factor: 20, for: "12s" },
      { at: "50s", do: "partition", groups: [["n1"], ["n2"]], for: "20s" },
      { at: "50s", do: "crash", node: "n1" },
      { at: "66s", do: "crash", node: "n2" },
    ], "75s"),
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
