// Presets for the "Going deeper" lessons, the first ten minutes (/start) and the sandboxes the
// older lessons were missing: one Figure 16 trial, an even-sized cluster split in half, a
// suspended leader whose monotonic clock did not count the suspend, one shard's lease, and the
// renewal traffic of a Kubernetes Lease against an etcd keepalive. Kept in one file so the move
// of presets into per-protocol folders can carry it over whole.
import type { Preset } from "./presets.ts";

// The billing job of the seeds (3 replicas, etcd lease, TTL 10 s renewed every 3 s).
const billing = (fencing: string, faults: unknown[], until: string) => ({
  protocol: "etcd", nodes: 3, seed: 1, until, boot: "3s",
  network: { delay: "2ms", jitter: "1ms", loss: 0 },
  timing: { ttl: "10s", renew: "3s" }, fencing, work: { every: "1s" }, faults,
});

// A Linux suspend as CLOCK_MONOTONIC sees it (clock_gettime(2): it "does not count time that the
// system is suspended"): the process stops for `ms` and its monotonic clock stands still the
// whole time (a drift of -999999 ppm is a clock at one millionth of its rate), then runs at the
// normal rate again. CLOCK_BOOTTIME would have counted those seconds; a GC pause is the same
// stop with the clock still running. With seed 1 the leader is n2.
const suspendedLeader = (ms: number) => [
  { at: "10s", do: "pause", node: "n2", for: ms },
  { at: "10s", do: "clock", node: "n2", drift: -999999 },
  { at: 10_000 + ms, do: "clock", node: "n2", drift: 0 },
];

// Raft with a few nodes and the paper's recommended 150-300 ms timeouts, for the first steps.
const raftSmall = (nodes: number, until: string, faults: unknown[]) => ({
  protocol: "raft", nodes, seed: 1, until, timing: { electionTimeout: ["150ms", "300ms"], heartbeat: "50ms" }, faults,
});

export const depthPresets: Preset[] = [
  {
    name: "raft-figure16",
    title: "Raft: one trial of the paper's Figure 16",
    description: "Five servers with logs of different lengths (10, 10, 9, 9, 8 entries), timeouts drawn from 150-155 ms and heartbeats every 75 ms; the leader n1 crashes between two heartbeats. Two candidates can win; the others are refused for their shorter logs. Widen the timeout range in the run settings and compare.",
    scenario: {
      protocol: "raft", nodes: 5, seed: 1, until: "3s", timerNoise: 0.2,
      network: { delay: "2ms", jitter: "1ms", loss: 0 },
      timing: { electionTimeout: ["150ms", "155ms"], heartbeat: "75ms" },
      options: { initialLeader: "n1", logs: [10, 10, 9, 9, 8], replicate: false, appendWrites: false, persist: "10ms" },
      work: { every: 0 },
      faults: [{ at: "1.031s", do: "crash", node: "n1" }],
    },
  },
  {
    name: "raft-even-split",
    title: "Raft: four nodes split two and two",
    description: "A four-node cluster needs three votes. Cut it into two halves of two: the leader hears from only two of four and steps down (CheckQuorum is on), the other half cannot win an election, and the cluster has no leader until the network heals.",
    scenario: {
      protocol: "raft", nodes: 4, seed: 1, until: "6s", options: { checkQuorum: true, preVote: true },
      faults: [{ at: "1s", do: "partition", groups: [["n1", "n2"], ["n3", "n4"]] }, { at: "4s", do: "heal" }],
    },
  },
  {
    name: "raft-odd-split",
    title: "Raft: five nodes split three and two",
    description: "The same cut in a five-node cluster: the old leader on the two-node side steps down (CheckQuorum is on) while the three-node side, still a majority, elects a new one within a few hundred milliseconds and keeps it after the heal (Pre-Vote is on).",
    scenario: {
      protocol: "raft", nodes: 5, seed: 1, until: "6s", options: { checkQuorum: true, preVote: true },
      faults: [{ at: "1s", do: "partition", groups: [["n1", "n2"], ["n3", "n4", "n5"]] }, { at: "4s", do: "heal" }],
    },
  },
  {
    name: "suspend-monotonic",
    title: "Suspended for 15 s, and its monotonic clock did not notice",
    description: "The billing leader's machine is suspended for 15 s. Its lease runs out at the store and another node takes over, but the leader's CLOCK_MONOTONIC did not count the suspend, so on waking it believes 10 s of its lease are left and keeps writing. No fencing: the storage accepts every late write until a keepalive tells it the lease is gone.",
    scenario: billing("none", suspendedLeader(15_000), "40s"),
  },
  {
    name: "suspend-monotonic-fenced",
    title: "The same suspend, with fencing tokens",
    description: "The same 15 s suspend and the same fooled clock, but every write carries the lease's token: the storage has already seen the successor's higher token and refuses each late write from the woken leader.",
    scenario: billing("token", suspendedLeader(15_000), "40s"),
  },
  {
    name: "shard-lease-crash",
    title: "One shard's lease: its worker dies",
    description: "One shard of many, as a database row lease (TTL 5 s, renewed every 1.5 s, standbys poll every 1 s): a 1.5 s blip at 12 s moves nothing, and when the holder dies at 30 s this shard moves to a standby within about 5 s. Every other shard is its own row with its own holder, untouched by this crash.",
    scenario: {
      protocol: "database", nodes: 3, seed: 1, until: "50s", timing: { ttl: "5s", renew: "1.5s", poll: "1s" },
      faults: [{ at: "12s", do: "isolate", node: "leader", for: "1.5s" }, { at: "30s", do: "crash", node: "leader" }],
    },
  },
  {
    name: "renewal-cost-k8s",
    title: "Renewal traffic: a Kubernetes Lease for a minute",
    description: "Three controllers on one Lease with client-go's defaults and nothing going wrong for 60 s: the leader writes the Lease every 2 s and each follower reads it every 2 s. Note the message count, then open the etcd version of the same minute.",
    scenario: { protocol: "kubernetes", nodes: 3, seed: 1, until: "60s", faults: [] },
  },
  {
    name: "renewal-cost-etcd",
    title: "Renewal traffic: an etcd lease for a minute",
    description: "Three replicas on one etcd lease (TTL 15 s, keepalive every third of it) and nothing going wrong for 60 s: followers wait on a watch instead of polling, and the keepalive is not a Raft write. Compare the message count with the Kubernetes minute.",
    scenario: {
      protocol: "etcd", nodes: 3, seed: 1, until: "60s", boot: "3s",
      network: { delay: "2ms", jitter: "1ms", loss: 0 }, timing: { ttl: "15s" }, fencing: "token", work: { every: 0 }, faults: [],
    },
  },
  // The first ten minutes (/start): one behaviour per screen, three or five Raft nodes.
  {
    name: "first-leader",
    title: "Three computers pick one to lead",
    description: "Three Raft nodes start with no leader; the first whose timer runs out asks the others for their votes and leads.",
    scenario: raftSmall(3, "1.5s", []),
  },
  {
    name: "first-crash",
    title: "The leader stops; the others pick a new one",
    description: "Three Raft nodes; the leader crashes at 1 s, the others stop hearing from it and elect a new leader within a few hundred milliseconds.",
    scenario: raftSmall(3, "3s", [{ at: "1s", do: "crash", node: "leader" }]),
  },
  {
    name: "first-new-term",
    title: "The old leader comes back and follows",
    description: "The leader crashes at 1 s and the others elect a new one in a higher term; when the old leader restarts at 2.5 s it hears the higher term and follows.",
    scenario: raftSmall(3, "4s", [{ at: "1s", do: "crash", node: "leader" }, { at: "2.5s", do: "restart", node: "n2" }]),
  },
  {
    name: "first-late-write",
    title: "A frozen leader's late write is refused",
    description: "Three replicas on an etcd lease of 3 s renewed every second. The leader freezes for 6 s in the middle of a write; its lease runs out and another node takes over with a higher number. When the frozen leader wakes and sends its write, the storage refuses it.",
    scenario: {
      protocol: "etcd", nodes: 3, seed: 1, until: "14s", boot: "1s",
      network: { delay: "2ms", jitter: "1ms", loss: 0 }, timing: { ttl: "3s", renew: "1s" }, fencing: "token", work: { every: "1s" },
      faults: [{ at: "3s", do: "pause", node: "leader", for: "6s", during: "write" }],
    },
  },
];
