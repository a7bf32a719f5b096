// Named scenarios the lessons use. Names are referenced by lessons and must not change.
// The classic algorithms, Zab, the failover pair and the incident tours live in
// presets-elections.ts; the ZooKeeper recipe, the row lease, coordinated election and
// sequencers in presets-stores.ts.
// Scenarios are kept in their JSON form (durations as strings), exactly as a learner would
// write them; parseScenario() validates them (see presets.test.ts).

import { electionPresets } from "./presets-elections.ts";
import { storePresets } from "./presets-stores.ts";
import { depthPresets } from "./presets-depth.ts";

export interface Preset {
  name: string;
  title: string;
  /** one line */
  description: string;
  scenario: Record<string, unknown>;
}

// The seeds' worked example: a billing job on 3 replicas, an etcd lease with TTL 10 s, renewed every 3 s.
const billing = (ttl: string, renew: string | undefined, faults: unknown[], until = "40s") => ({
  protocol: "etcd", nodes: 3, seed: 1, until, boot: "3s",
  network: { delay: "2ms", jitter: "1ms", loss: 0 },
  timing: renew ? { ttl, renew } : { ttl },
  fencing: "token", work: { every: "1s" }, faults,
});

const list: Preset[] = [
  {
    name: "billing-crash",
    title: "Billing job: the leader crashes",
    description: "Three replicas, etcd lease TTL 10 s renewed every 3 s; the leader crashes and a standby takes over when the lease expires (about 7 to 10.1 s later).",
    scenario: billing("10s", "3s", [{ at: "15.5s", do: "crash", node: "leader" }]),
  },
  {
    name: "billing-blip",
    title: "Billing job: a 4 s network blip",
    description: "The leader is cut off for 4 s; one or two keepalives fail but the 10 s lease survives, so nobody else takes over.",
    scenario: billing("10s", "3s", [{ at: "15s", do: "isolate", node: "leader", for: "4s" }]),
  },
  {
    name: "billing-gc-short-ttl",
    title: "Billing job: 2 s TTL against a 2.5 s GC pause",
    description: "With the TTL cut to 2 s, a 2.5 s stop-the-world pause on the leader outlives its lease: a spurious failover.",
    scenario: billing("2s", undefined, [{ at: "10s", do: "pause", node: "leader", for: "2.5s" }], "20s"),
  },
  {
    name: "billing-gc-long-ttl",
    title: "Billing job: 10 s TTL against the same pause",
    description: "The same 2.5 s pause under a 10 s lease: the lease outlives the pause and nothing happens.",
    scenario: billing("10s", "3s", [{ at: "10s", do: "pause", node: "leader", for: "2.5s" }], "20s"),
  },
  {
    name: "fencing-diagram",
    title: "Fencing: the late write is rejected",
    description: "The leader pauses 15 s mid-write under a 10 s lease; another node takes over with a higher token, and the storage rejects the old leader's late write.",
    scenario: billing("10s", "3s", [{ at: "10s", do: "pause", node: "leader", for: "15s", during: "write" }], "35s"),
  },
  {
    name: "fencing-off",
    title: "No fencing: the late write lands",
    description: "The same 15 s pause with fencing turned off: the old leader's late write is accepted over its successor's work.",
    scenario: { ...billing("10s", "3s", [{ at: "10s", do: "pause", node: "leader", for: "15s", during: "write" }], "35s"), fencing: "none" },
  },
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
    scenario: { protocol: "raft", nodes: 5, seed: 1, until: "3s", timing: { electionTimeout: ["150ms", "150ms"], heartbeat: "50ms" }, faults: [] },
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
    name: "k8s-defaults",
    title: "Kubernetes: client-go defaults, the leader crashes",
    description: "Three controllers on a Lease with 15 s / 10 s / 2 s; the leader crashes and a follower takes over 15 to 23.8 s after the last renewal.",
    scenario: { protocol: "kubernetes", nodes: 3, seed: 1, until: "70s", faults: [{ at: "30s", do: "crash", node: "leader" }] },
  },
  {
    name: "k8s-apiserver-cut",
    title: "Kubernetes: the leader loses the API server",
    description: "The leader is cut off from the API server: it stops leading within 12 s of its last renewal, and nobody can take over before 15 s, so there is no overlap.",
    scenario: {
      protocol: "kubernetes", nodes: 3, seed: 1, until: "80s",
      faults: [{ at: "30s", do: "partition", groups: [["leader"], ["store"]], for: "40s" }],
    },
  },
  {
    name: "k8s-clock-drift",
    title: "Kubernetes: the followers' clocks run fast",
    description: "The followers' monotonic clocks run 1.5x fast; when the leader loses the API server they count 15 s in 10 real seconds and take over while it still leads.",
    scenario: {
      protocol: "kubernetes", nodes: 3, seed: 1, until: "70s",
      // With seed 1, n1 leads; n2 and n3 are the followers.
      clocks: { n2: { drift: 500000 }, n3: { drift: 500000 } },
      faults: [{ at: "30s", do: "partition", groups: [["leader"], ["store"]], for: "30s" }],
    },
  },
  {
    name: "k8s-long-pause",
    title: "Kubernetes: a pause longer than the margin",
    description: "The leader stops the world for 20 s mid-write, far beyond the 3 s margin: a follower takes over, the old leader wakes still leading, and fencing rejects its stale write.",
    scenario: {
      protocol: "kubernetes", nodes: 3, seed: 1, until: "70s",
      faults: [{ at: "30s", do: "pause", node: "leader", for: "20s", during: "write" }],
    },
  },
  {
    name: "etcd-store-outage",
    title: "etcd: the store goes down",
    description: "etcd is down for 20 s: the leader's keepalives go unanswered, it self-demotes on its own clock, and the job has no leader until the store returns and the old lease runs out.",
    scenario: billing("10s", "3s", [{ at: "15s", do: "store-outage", for: "20s" }], "60s"),
  },
];

list.push(...electionPresets, ...storePresets, ...depthPresets);

export const presets: Record<string, Preset> = Object.fromEntries(list.map((p) => [p.name, p]));
export const presetNames: string[] = list.map((p) => p.name);
