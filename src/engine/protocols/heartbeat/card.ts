// The heartbeat rules card, in the spirit of the Raft paper's Figure 2: the state a node keeps,
// the messages, the rules, the timers and the fencing token on one printable page (/rules/heartbeat).
// Timer values are never written here: the card names each timer and what it means, and the
// course reads the values from this protocol's config (course/rules/engine-defaults.ts).
import type { RulesCard } from "../card.ts";

export const heartbeatCard = {
  protocol: "heartbeat",
  title: "A heartbeat failover pair with STONITH",
  lesson: "bully-and-ring",
  preset: "heartbeat-pair-partition",
  state: ["Which node is active; when the peer was last heard; whether a fence is in progress."],
  messages: ["Heartbeats to the peer; a fence request to the power switch and its confirmation."],
  rules: [
    "The active node sends heartbeats; the standby watches for them.",
    "Nothing from the peer for the deadtime: declare it dead and fence it (shoot the other node in the head).",
    "Take over: at once (fire), only after the fence device confirms (confirm), or with no fence at all (off).",
    "A cut network with fire: both nodes shoot each other, and both go down or both end up active.",
  ],
  timers: {
    heartbeat: { label: "Heartbeat (keepalive)", meaning: "how often each node sends a heartbeat" },
    timeout: { label: "Deadtime", meaning: "silence after which the peer is declared dead" },
    fence: { label: "Fence time", meaning: "how long the fence device takes to power the peer off" },
  },
  sources: ["Linux-HA heartbeat ha.cf (keepalive, deadtime); Google SRE book, chapter 23"],
} satisfies RulesCard;
