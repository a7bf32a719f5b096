// The Kubernetes presets: named scenarios the lessons, tours and quizzes open. Names are
// referenced by content and must not change. Each is kept in its JSON form (durations as
// strings), exactly as a learner would write it; parseScenario() validates them all.
import type { Preset } from "../spec.ts";

export const presets: Preset[] = [
  {
    name: "k8s-defaults",
    title: "Kubernetes: client-go defaults, the leader crashes",
    description:
      "Three controllers on a Lease with 15 s / 10 s / 2 s; the leader crashes and a follower takes over 15 to 23.8 s after the last renewal.",
    scenario: {
      protocol: "kubernetes",
      nodes: 3,
      seed: 1,
      until: "70s",
      faults: [{ at: "30s", do: "crash", node: "leader" }],
    },
  },
  {
    name: "k8s-apiserver-cut",
    title: "Kubernetes: the leader loses the API server",
    description:
      "The leader is cut off from the API server: it stops leading within 12 s of its last renewal, and nobody can take over before 15 s, so there is no overlap.",
    scenario: {
      protocol: "kubernetes",
      nodes: 3,
      seed: 1,
      until: "80s",
      // client-go's own default (LeaderElectionConfig.ReleaseOnCancel is false): renew() returns as
      // soon as it gives up. With it on, its release() would block on the cut for up to
      // renewDeadline while the work goes on (kubernetes.test.ts shows that window).
      options: { releaseOnCancel: false },
      faults: [{ at: "30s", do: "partition", groups: [["leader"], ["store"]], for: "40s" }],
    },
  },
  {
    name: "k8s-clock-drift",
    title: "Kubernetes: the followers' clocks run fast",
    description:
      "The followers' monotonic clocks run 1.5x fast; when the leader loses the API server they count 15 s in 10 real seconds and take over while it still leads.",
    scenario: {
      protocol: "kubernetes",
      nodes: 3,
      seed: 1,
      until: "70s",
      // With seed 1, n1 leads; n2 and n3 are the followers.
      clocks: { n2: { drift: 500000 }, n3: { drift: 500000 } },
      options: { releaseOnCancel: false }, // client-go's default, as in k8s-apiserver-cut
      faults: [{ at: "30s", do: "partition", groups: [["leader"], ["store"]], for: "30s" }],
    },
  },
  {
    name: "k8s-long-pause",
    title: "Kubernetes: a pause longer than the margin",
    description:
      "The leader stops the world for 20 s mid-write, far beyond the 3 s margin: a follower takes over, the old leader wakes still leading, and fencing rejects its stale write.",
    scenario: {
      protocol: "kubernetes",
      nodes: 3,
      seed: 1,
      until: "70s",
      faults: [{ at: "30s", do: "pause", node: "leader", for: "20s", during: "write" }],
    },
  },
  {
    name: "k8s-coordinated",
    title: "Kubernetes coordinated election: a rolling upgrade keeps the oldest version leading",
    description:
      "Three control-plane components on 1.32 register LeaseCandidates and the API server's election controller picks the holder. The controller creates the Lease, and names each new holder, with leaseDurationSeconds 5; the holder's first client-go renewal then writes its own, 15. They are upgraded to 1.33 one at a time. When leader n2 comes back on 1.33 the controller marks n3, the last 1.32, as preferredHolder: n2 does not renew, its 15 s lease lapses on the controller's clock, and n3 leads. Once n3 is upgraded too, all are 1.33: the controller prefers the oldest candidate, n2, n3 stops renewing, and when its 15 s lapse n2 gets the lease back.",
    scenario: {
      protocol: "kubernetes",
      nodes: 3,
      seed: 1,
      until: "120s",
      options: {
        coordinated: true,
        releaseOnCancel: false,
        versions: { n1: ["1.32", "1.33"], n2: ["1.32", "1.33"], n3: ["1.32", "1.33"] },
      },
      faults: [
        { at: "20s", do: "shutdown", node: "n1" },
        { at: "22s", do: "restart", node: "n1" },
        { at: "40s", do: "shutdown", node: "n2" },
        { at: "42s", do: "restart", node: "n2" },
        { at: "80s", do: "shutdown", node: "n3" },
        { at: "82s", do: "restart", node: "n3" },
      ],
    },
  },
  // For the "Going deeper" lessons and the first ten minutes (/start).
  {
    name: "renewal-cost-k8s",
    title: "Renewal traffic: a Kubernetes Lease for a minute",
    description:
      "Three controllers on one Lease with client-go's defaults and nothing going wrong for 60 s: the leader writes the Lease every 2 s and each follower reads it every 2 s. Note the message count, then open the etcd version of the same minute.",
    scenario: { protocol: "kubernetes", nodes: 3, seed: 1, until: "60s", faults: [] },
  },
];
