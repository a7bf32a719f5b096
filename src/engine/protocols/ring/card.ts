// The ring rules card, in the spirit of the Raft paper's Figure 2: the state a node keeps,
// the messages, the rules, the timers and the fencing token on one printable page (/rules/ring).
// Timer values are never written here: the card names each timer and what it means, and the
// course reads the values from this protocol's config (course/rules/engine-defaults.ts).
import type { RulesCard } from "../card.ts";

export const ringCard = {
  protocol: "ring",
  title: "Ring election (Chang and Roberts)",
  lesson: "bully-and-ring",
  preset: "ring-basic",
  state: ["Your successor on the ring, whether you are taking part in an election, the leader's id."],
  messages: [
    "ELECTION(id) to the successor; ELECTED(id) once around the ring; PING and PONG to the successor.",
  ],
  rules: [
    "An initiator marks itself participating and sends ELECTION(own id).",
    "ELECTION(j) with j larger than your id: forward it and mark yourself participating.",
    "ELECTION(j) with j smaller: if not yet participating, send ELECTION(own id) instead; otherwise drop it.",
    "ELECTION(own id) comes back: you lead; send ELECTED(own id) around the ring.",
    "No PONG from the successor in time: skip it and send to the next one.",
  ],
  timers: {
    answer: { label: "Answer wait", meaning: "how long to wait for the successor's PONG before skipping it" },
    round: {
      label: "Round wait",
      meaning: "how long an initiator waits for its election to finish before starting again",
    },
    ping: { label: "Ping interval", meaning: "how often each node pings its successor" },
  },
  sources: [
    'Chang and Roberts 1979, "An improved algorithm for decentralized extrema-finding in circular configurations of processes"',
  ],
} satisfies RulesCard;
