// The kubernetes rules card, in the spirit of the Raft paper's Figure 2: the state a node keeps,
// the messages, the rules, the timers and the fencing token on one printable page (/rules/kubernetes).
// Timer values are never written here: the card names each timer and what it means, and the
// course reads the values from this protocol's config (course/rules/engine-defaults.ts), or from
// the run the card was opened from, into the "{timer}" slots of the rules.
// Each line says what happens in the course's words first; client-go's names come second
// (kubernetes/client-go tools/leaderelection/leaderelection.go and resourcelock/interface.go).
import type { RulesCard } from "../card.ts";

export const kubernetesCard = {
  protocol: "kubernetes",
  gist: "One shared record names the leader; the leader keeps renewing it, and the others take it over once it has gone unrenewed for long enough by their own clocks.",
  title: "Kubernetes Lease election (client-go)",
  lesson: "kubernetes-leases",
  preset: "k8s-defaults",
  state: [
    {
      say: "One shared record, the Lease, kept by the API server: who leads, how long a silent leader still counts, when it last changed hands and was last renewed, and how many times it has changed hands (the token).",
      api: "holderIdentity, leaseDurationSeconds, acquireTime, renewTime, leaseTransitions; every write changes its resourceVersion",
    },
    {
      say: "Each node: the copy of the Lease it read last, and the moment, on its own clock, it last saw that copy change.",
      api: "observedRecord and observedTime in the elector",
    },
  ],
  messages: [
    {
      say: "Read the Lease; create it if there is none; write it back only if nobody wrote it since the read, otherwise the write is refused as a conflict.",
      api: "Get, Create, and Update carrying the resourceVersion last read (409 Conflict)",
    },
  ],
  rules: [
    {
      say: "Every {retryPeriod}, each node tries to take the Lease, or to renew it if it leads.",
      api: "retryPeriod; tryAcquireOrRenew",
    },
    {
      say: "A follower takes over only once the Lease has gone unchanged for {leaseDuration} on its own clock; taking over raises the token by one.",
      api: "leaseDuration; leaseTransitions + 1 when holderIdentity changes",
    },
    {
      say: "A leader that cannot renew keeps trying for {renewDeadline}, then stops leading. Each round starts {retryPeriod} after the last success, so a cut-off leader stops about {retryPeriod+renewDeadline} after its last renewal.",
      api: "renewDeadline bounds one renew round; wait.Until restarts it every retryPeriod",
    },
    {
      say: "On a clean shutdown with release turned on, the leader's work stops at once and it clears its name from the Lease, so a follower takes over at its next try.",
      api: "ReleaseOnCancel: the caller cancels Run's context; release() empties holderIdentity",
    },
    {
      say: "With release on and renewals failing, the leader spends up to {renewDeadline} more trying to release, and its work runs until about {retryPeriod+renewDeadline+renewDeadline} after the last renewal, while a follower may take over after {leaseDuration}. Without release the work stops at about {retryPeriod+renewDeadline}.",
      api: "renew() cancels only its own context; release() does a Get and an Update; the work's context ends when Run returns",
    },
  ],
  token: {
    say: "The token is the number of times the Lease has changed hands: each node shows the count it last read, and the leader writes with its own, so an older leader's writes carry a smaller number.",
    api: "leaseTransitions (under coordinated election, the Lease's resourceVersion when the controller named the leader)",
  },
  timers: {
    leaseDuration: {
      label: "Lease duration",
      meaning: "how long followers wait, on their own clocks, before taking over",
    },
    renewDeadline: {
      label: "Renew deadline",
      meaning: "how long the leader keeps trying to renew before it gives up",
    },
    retryPeriod: { label: "Retry period", meaning: "how often every candidate tries to acquire or renew" },
  },
  sources: [
    "kubernetes/client-go tools/leaderelection/leaderelection.go; kube-controller-manager --leader-elect-* flags",
  ],
} satisfies RulesCard;
