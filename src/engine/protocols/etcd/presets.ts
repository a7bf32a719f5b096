// The etcd election presets: named scenarios the lessons, tours and quizzes open. Names are
// referenced by content and must not change. Each is kept in its JSON form (durations as
// strings), exactly as a learner would write it; parseScenario() validates them all.
import type { Preset } from "../spec.ts";

// The course's worked example: a billing job on 3 replicas, an etcd lease with TTL 10 s, renewed every 3 s.
const billing = (ttl: string, renew: string | undefined, faults: unknown[], until = "40s") => ({
  protocol: "etcd", nodes: 3, seed: 1, until, boot: "3s",
  network: { delay: "2ms", jitter: "1ms", loss: 0 },
  timing: renew ? { ttl, renew } : { ttl },
  fencing: "token", work: { every: "1s" }, faults,
});

export const presets: Preset[] = [
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
    name: "etcd-store-outage",
    title: "etcd: the store goes down",
    description: "etcd is down for 20 s: the leader's keepalives go unanswered, it self-demotes on its own clock, and the job has no leader until the store returns and the old lease runs out.",
    scenario: billing("10s", "3s", [{ at: "15s", do: "store-outage", for: "20s" }], "60s"),
  },
];
