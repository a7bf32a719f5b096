// The etcd election presets: named scenarios the lessons, tours and quizzes open. Names are
// referenced by content and must not change. Each is kept in its JSON form (durations as
// strings), exactly as a learner would write it; parseScenario() validates them all.
import type { Preset } from "../spec.ts";

// The course's worked example: a billing job on 3 replicas, an etcd lease with TTL 10 s, kept
// alive as clientv3 does it (no timing.renew, which clientv3 cannot set): the first pass of its
// 500 ms keepalive loop after TTL/3, so every 3.5 s at TTL 10 s (every 1 s at TTL 2 s).
// Every preset turns on the course's self-demotion rule (options.selfDemote; clientv3 has none).
const billing = (ttl: string, faults: unknown[], until = "40s") => ({
  protocol: "etcd",
  nodes: 3,
  seed: 1,
  until,
  boot: "3s",
  network: { delay: "2ms", jitter: "1ms", loss: 0 },
  timing: { ttl },
  options: { selfDemote: true },
  fencing: "token",
  work: { every: "1s" },
  faults,
});

// The course's billing job (3 replicas, etcd lease, TTL 10 s, clientv3's keepalives).
const billingWith = (fencing: string, faults: unknown[], until: string) => ({
  protocol: "etcd",
  nodes: 3,
  seed: 1,
  until,
  boot: "3s",
  network: { delay: "2ms", jitter: "1ms", loss: 0 },
  timing: { ttl: "10s" },
  options: { selfDemote: true },
  fencing,
  work: { every: "1s" },
  faults,
});

// A Linux suspend as CLOCK_MONOTONIC sees it (clock_gettime(2): it "does not count time that the
// system is suspended"): the process stops for `ms` and its monotonic clock stands still the
// whole time (a drift of -999999 ppm is a clock at one millionth of its rate), then runs at the
// normal rate again. CLOCK_BOOTTIME would have counted those seconds; a GC pause is the same
// stop with the clock still running. With seed 1 the leader is n2.
// At 11 s the suspend falls early in a keepalive interval (clientv3 sends on its 500 ms loop),
// so the woken leader's next keepalive, which brings the news, is a few writes away.
const suspendedLeader = (ms: number) => [
  { at: "11s", do: "pause", node: "n2", for: ms },
  { at: "11s", do: "clock", node: "n2", drift: -999999 },
  { at: 11_000 + ms, do: "clock", node: "n2", drift: 0 },
];

export const presets: Preset[] = [
  {
    name: "billing-crash",
    title: "Billing job: the leader crashes",
    description:
      "Three replicas, etcd lease TTL 10 s kept alive every 3.5 s; the leader crashes at 15.5 s, 1.1 s after its last keepalive, and a standby takes over when the lease runs out, at 24.5 s: 9 s after the crash.",
    scenario: billing("10s", [{ at: "15.5s", do: "crash", node: "leader" }]),
  },
  {
    name: "billing-blip",
    title: "Billing job: a 4 s network blip",
    description:
      "The leader is cut off for 4 s; one or two keepalives fail but the 10 s lease survives, so nobody else takes over.",
    scenario: billing("10s", [{ at: "15s", do: "isolate", node: "leader", for: "4s" }]),
  },
  {
    name: "billing-gc-short-ttl",
    title: "Billing job: 2 s TTL against a 2.5 s GC pause",
    description:
      "With the TTL cut to 2 s, a 2.5 s stop-the-world pause on the leader outlives its lease: a spurious failover.",
    scenario: billing("2s", [{ at: "10s", do: "pause", node: "leader", for: "2.5s" }], "20s"),
  },
  {
    name: "billing-gc-long-ttl",
    title: "Billing job: 10 s TTL against the same pause",
    description: "The same 2.5 s pause under a 10 s lease: the lease outlives the pause and nothing happens.",
    scenario: billing("10s", [{ at: "10s", do: "pause", node: "leader", for: "2.5s" }], "20s"),
  },
  {
    name: "fencing-diagram",
    title: "Fencing: the late write is rejected",
    description:
      "The leader pauses 15 s mid-write under a 10 s lease; another node takes over with a higher token, and the resource refuses the old leader's late write.",
    scenario: billing(
      "10s",
      [{ at: "10s", do: "pause", node: "leader", for: "15s", during: "write" }],
      "35s",
    ),
  },
  {
    name: "fencing-off",
    title: "No fencing: the late write lands",
    description:
      "The same 15 s pause with fencing turned off: the old leader's late write is accepted over its successor's work.",
    scenario: {
      ...billing("10s", [{ at: "10s", do: "pause", node: "leader", for: "15s", during: "write" }], "35s"),
      fencing: "none",
    },
  },
  {
    name: "etcd-store-outage",
    title: "etcd: the store goes down",
    description:
      "etcd is down for 20 s: the leader's keepalives go unanswered, it self-demotes on its own clock, and the job has no leader until the store returns and the old lease runs out.",
    scenario: billing("10s", [{ at: "15s", do: "store-outage", for: "20s" }], "60s"),
  },
  // For the "Going deeper" lessons and the first ten minutes (/start).
  {
    name: "suspend-monotonic",
    title: "Suspended for 15 s, and its monotonic clock did not notice",
    description:
      "The billing leader's machine is suspended for 15 s. Its lease runs out at the store and another node takes over, but the leader's CLOCK_MONOTONIC did not count the suspend, so on waking it believes 10 s of its lease are left and keeps writing. No fencing: the resource accepts every late write until a keepalive tells it the lease is gone.",
    scenario: billingWith("none", suspendedLeader(15_000), "40s"),
  },
  {
    name: "suspend-monotonic-fenced",
    title: "The same suspend, with fencing tokens",
    description:
      "The same 15 s suspend and the same fooled clock, but every write carries the lease's token: the resource has already seen the successor's higher token and refuses each late write from the woken leader.",
    scenario: billingWith("token", suspendedLeader(15_000), "40s"),
  },
  {
    name: "renewal-cost-etcd",
    title: "Renewal traffic: an etcd lease for a minute",
    description:
      "Three replicas on one etcd lease (TTL 15 s; the client sends a keepalive every 5.5 s, on the first pass of its half-second loop after a third of the TTL) and nothing going wrong for 60 s: followers wait on a watch instead of polling, and the keepalive is not a Raft write. Compare the message count with the Kubernetes minute.",
    scenario: {
      protocol: "etcd",
      nodes: 3,
      seed: 1,
      until: "60s",
      boot: "3s",
      network: { delay: "2ms", jitter: "1ms", loss: 0 },
      timing: { ttl: "15s" },
      options: { selfDemote: true },
      fencing: "token",
      work: { every: 0 },
      faults: [],
    },
  },
  {
    name: "first-late-write",
    title: "Lease: a paused leader's late write is refused",
    description:
      "Three replicas on an etcd lease of 3 s, renewed every 1.5 s. The leader pauses for 6 s in the middle of a write; its lease runs out and another node takes over with a higher number. When the paused leader wakes and sends its write, the resource refuses it.",
    scenario: {
      protocol: "etcd",
      nodes: 3,
      seed: 1,
      until: "14s",
      boot: "1s",
      network: { delay: "2ms", jitter: "1ms", loss: 0 },
      timing: { ttl: "3s" },
      options: { selfDemote: true },
      fencing: "token",
      work: { every: "1s" },
      faults: [{ at: "3s", do: "pause", node: "leader", for: "6s", during: "write" }],
    },
  },
];
