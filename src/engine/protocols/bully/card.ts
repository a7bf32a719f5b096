// The bully rules card, in the spirit of the Raft paper's Figure 2: the state a node keeps,
// the messages, the rules, the timers and the fencing token on one printable page (/rules/bully).
// Timer values are never written here: the card names each timer and what it means, and the
// course reads the values from this protocol's config (course/rules/engine-defaults.ts).
import type { RulesCard } from "../card.ts";

export const bullyCard = {
  protocol: "bully",
  title: "The bully algorithm",
  lesson: "bully-and-ring",
  preset: "bully-basic",
  state: [
    "The coordinator's id, whether an election is running, whether an ANSWER or COORDINATOR is awaited.",
  ],
  messages: [
    "ELECTION to every higher id; ANSWER back to a lower id; COORDINATOR to every lower id; PING and PONG to watch the coordinator.",
  ],
  rules: [
    "No PONG from the coordinator in time → start an election: send ELECTION to every higher id.",
    "No ANSWER within the answer wait → you are the highest live id: send COORDINATOR to all.",
    "An ANSWER arrived → wait for a COORDINATOR; if none comes in time, start again.",
    "ELECTION from a lower id → reply ANSWER and start your own election.",
    "A higher id that comes back starts an election and takes over, even from a working coordinator.",
  ],
  timers: {
    answer: { label: "Answer wait (Tanswer)", meaning: "how long to wait for an ANSWER or a PONG" },
    coordinator: {
      label: "Coordinator wait (Tcoord)",
      meaning: "how long to wait for COORDINATOR after an ANSWER",
    },
    ping: { label: "Ping interval", meaning: "how often each node pings the coordinator" },
  },
  sources: ['Garcia-Molina 1982, "Elections in a distributed computing system"'],
} satisfies RulesCard;
