// client-go's leader election (tools/leaderelection) on a coordination.k8s.io Lease, and the
// API server's Coordinated Leader Election (KEP-4355) as an option.
import type { ProtocolSpec } from "../spec.ts";
import { kubernetes } from "./protocol.ts";
import { k8sConfig, type K8sTiming } from "./config.ts";
import { presets } from "./presets.ts";
import { kubernetesCard } from "./card.ts";
import { kubernetesChain } from "./why-chain.ts";
import { kubernetesNarration } from "./notes.ts";
import { kubernetesRules } from "./why.ts";

const coordinated = (sc: { options: object }) =>
  (sc.options as { coordinated?: boolean }).coordinated === true;

export const kubernetesSpec = {
  rules: kubernetesRules,
  card: kubernetesCard,
  chain: kubernetesChain,
  narration: kubernetesNarration,
  name: "kubernetes",
  order: 3,
  title: "Kubernetes Lease",
  summary:
    "Kubernetes Lease: each candidate reads and updates one Lease object through the API server; the holder renews it, the others wait for it to go stale on their own clocks.",
  protocol: kubernetes,
  config: k8sConfig,
  fields: [
    {
      group: "timing",
      key: "leaseDuration",
      kind: "duration",
      unit: "s",
      label: "Lease duration (s)",
      help: "How long a non-leader waits after it last saw the Lease change before it may take it (client-go LeaseDuration).",
    },
    {
      group: "timing",
      key: "renewDeadline",
      kind: "duration",
      unit: "s",
      label: "Renew deadline (s)",
      help: "How long the leader keeps retrying a failed renewal before it gives up leading (client-go RenewDeadline).",
    },
    {
      group: "timing",
      key: "retryPeriod",
      kind: "duration",
      unit: "s",
      label: "Retry period (s)",
      help: "How often every candidate tries to acquire or renew (client-go RetryPeriod, jittered by 1.2 for non-leaders).",
    },
  ],
  token: ({ coordinated: co }) =>
    co
      ? {
          word: "transitions",
          leaderWord: "rv",
          tokenWord: "token",
          meaning:
            "rv: the Lease's resourceVersion when the election controller named this leader, its fencing token; transitions: the Lease's leaseTransitions, which coordinated election never bumps",
        }
      : {
          word: "transitions",
          tokenWord: "token",
          meaning:
            "transitions: the Lease's leaseTransitions as the node last read it; the leader's is its fencing token",
        },
  roles: {
    follower: "watches the Lease and waits for it to go stale",
    leader: "holds the Lease and renews it",
  },
  server: { label: "API server", choose: (sc) => ({ kind: "apiserver", coordinated: coordinated(sc) }) },
  lockService: true,
  transport: {
    kind: "connection",
    why: "client-go sends each Get and Update as an HTTP request to the API server and retries on its own schedule (RetryPeriod).",
    description:
      "HTTP/2 to the API server: a cut or a lost packet only delays requests; a silent connection is dropped after 45 s and requests retry on a new one.",
    breaks:
      "client-go's HTTP/2 health check (apimachinery util/net http.go): no frame for ReadIdleTimeout 30 s, then a PING unanswered for PingTimeout 15 s, closes the connection.",
    resume:
      "The elector's next Get or Update dials a new connection; a request that timed out on the client may still be applied by the API server.",
  },
  nodes: { initial: 3 },
  sandbox: { protocol: "kubernetes", nodes: 3, seed: 1, until: "60s" },
  presets,
  periodic: ["timing.retryPeriod"],
  defaults: [
    {
      path: "timing.leaseDuration",
      value: 15_000,
      source:
        "kubernetes/component-base config/v1alpha1/defaults.go RecommendedDefaultLeaderElectionConfiguration: LeaseDuration 15 s",
    },
    {
      path: "timing.renewDeadline",
      value: 10_000,
      source: "kubernetes/component-base config/v1alpha1/defaults.go: RenewDeadline 10 s",
    },
    {
      path: "timing.retryPeriod",
      value: 2_000,
      source: "kubernetes/component-base config/v1alpha1/defaults.go: RetryPeriod 2 s",
    },
    {
      path: "options.releaseOnCancel",
      value: false,
      source:
        "kubernetes/client-go @32ce75a7d6bc tools/leaderelection/leaderelection.go:158 ReleaseOnCancel bool (zero value false)",
    },
  ],
  courseOptions: [
    {
      path: "options.releaseOnCancel",
      label: "the leader clears the Lease when it shuts down",
      on: (o) => o.releaseOnCancel === true,
    },
    {
      path: "options.checkBeforeWrite",
      label: "the leader checks its Lease before each write",
      on: (o) => o.checkBeforeWrite === true,
    },
  ],
  leaseLength: (t) => (t as K8sTiming).leaseDuration,
  tokenName: (sc) => (coordinated(sc) ? "resourceVersion" : "leaseTransitions"),
} satisfies ProtocolSpec;
