// The bully algorithm (Garcia-Molina, "Elections in a Distributed Computing System", IEEE
// Transactions on Computers, 1982): the highest live id wins.
import type { ProtocolSpec } from "../spec.ts";
import { bully } from "./protocol.ts";
import { bullyConfig } from "./config.ts";
import { presets } from "./presets.ts";
import { bullyCard } from "./card.ts";
import { bullyChain } from "./why-chain.ts";
import { bullyNarration } from "./notes.ts";
import { epochToken } from "../epoch-token.ts";
import { bullyRules } from "./why.ts";

export const bullySpec = {
  rules: bullyRules,
  card: bullyCard,
  chain: bullyChain,
  narration: bullyNarration,
  name: "bully",
  order: 4,
  title: "Bully",
  summary:
    "Bully: a node that misses the coordinator challenges every higher id; the highest one alive announces itself coordinator.",
  protocol: bully,
  config: bullyConfig,
  fields: [
    {
      group: "timing",
      key: "answer",
      kind: "duration",
      unit: "ms",
      label: "Answer timeout (ms)",
      help: "How long a challenger waits for any higher node to answer before it declares itself (Tanswer = 2 Ttrans + Tproc).",
    },
    {
      group: "timing",
      key: "coordinator",
      kind: "duration",
      unit: "ms",
      label: "Coordinator timeout (ms)",
      help: "After an answer, how long to wait for the COORDINATOR message before starting again.",
    },
    {
      group: "timing",
      key: "ping",
      kind: "duration",
      unit: "ms",
      label: "Ping every (ms)",
      help: "How often nodes check that the coordinator is alive (the failure detector the paper assumes).",
    },
  ],
  token: () => epochToken,
  roles: {
    follower: "knows a coordinator",
    candidate: "is electing, or waits for a coordinator to announce itself",
    leader: "announced itself coordinator",
  },
  server: null,
  lockService: false,
  transport: {
    kind: "datagram",
    why: "The paper's model: messages between live processes arrive within Ttrans, or the sender is taken to have failed.",
    description:
      "Datagrams: a message caught by a cut or a lost packet is gone; a missing answer reads as a failed process.",
  },
  nodes: { initial: 5 },
  sandbox: { protocol: "bully", nodes: 5, seed: 1, until: "60s" },
  presets,
  periodic: ["timing.answer", "timing.ping"],
} satisfies ProtocolSpec;
