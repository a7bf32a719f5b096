// The kubernetes rules card, in the spirit of the Raft paper's Figure 2: the state a node keeps,
// the messages, the rules, the timers and the fencing token on one printable page (/rules/kubernetes).
// Timer values are never written here: the card names each timer and what it means, and the
// course reads the values from this protocol's config (course/rules/engine-defaults.ts).
import type { RulesCard } from "../card.ts";

export const kubernetesCard = {
  protocol: "kubernetes",
  title: "Kubernetes Lease election (client-go)",
  lesson: "kubernetes-leases",
  preset: "k8s-defaults",
  state: [
    "The Lease object: holderIdentity, leaseDurationSeconds, acquireTime, renewTime, leaseTransitions, and its resourceVersion.",
    "Each candidate: the record it last observed and the time, on its own clock, at which it observed a change.",
  ],
  messages: [
    "Get the Lease; Create it if missing; Update it with the resourceVersion last read (a conflict means someone else wrote first).",
  ],
  rules: [
    "Every retry period, try to acquire or renew.",
    "A follower takes over only when leaseDuration has passed on its own clock since it last saw the record change; taking over increments leaseTransitions.",
    "The leader renews every retry period; a round that has not succeeded within renewDeadline gives up. The round starts a retry period after the last success, so a cut-off leader stops about retryPeriod + renewDeadline (12 s with the defaults) after its last renewal.",
    "Release on cancel, clean shutdown: the caller cancels Run's context, the work's context (its child) is cancelled at once, and the leader empties holderIdentity so a follower can take over at its next try.",
    "Release on cancel, renewals failing: renew() cancels only its own context, then release() tries a Get and an Update for up to renewDeadline more; the work's context stays live until Run returns, up to about 22 s after the last renewal, while a follower may take over from 15 s. Without release on cancel the work stops at about 12 s.",
  ],
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
