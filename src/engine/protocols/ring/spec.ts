// The ring algorithm (Chang and Roberts, "An improved algorithm for decentralized extrema-finding
// in circular configurations of processes", CACM 1979): the highest id goes round the ring.
import type { ProtocolSpec } from "../spec.ts";
import { ring } from "./protocol.ts";
import { ringConfig } from "./config.ts";
import { presets } from "./presets.ts";
import { ringCard } from "./card.ts";
import { ringChain } from "./why-chain.ts";
import { presumedDeadNotes } from "../notes-common.ts";
import { epochToken } from "../epoch-token.ts";
import { ringRules } from "./why.ts";

export const ringSpec = {
  rules: ringRules,
  card: ringCard,
  chain: ringChain,
  narration: { notes: presumedDeadNotes },
  name: "ring",
  order: 5,
  title: "Ring",
  summary:
    "Ring (Chang-Roberts): election messages travel one way round a logical ring; only the highest id survives a full lap and is announced.",
  protocol: ring,
  config: ringConfig,
  fields: [
    {
      group: "timing",
      key: "answer",
      kind: "duration",
      unit: "ms",
      label: "Successor answer timeout (ms)",
      help: "How long a node waits for its successor to acknowledge before it skips to the next one.",
    },
    {
      group: "timing",
      key: "round",
      kind: "duration",
      unit: "ms",
      label: "Round timeout (ms)",
      help: "How long a participant waits for the election to finish before it starts another.",
    },
    {
      group: "timing",
      key: "ping",
      kind: "duration",
      unit: "ms",
      label: "Ping every (ms)",
      help: "How often each node checks its successor is alive.",
    },
  ],
  token: () => epochToken,
  roles: {
    follower: "knows the elected node",
    candidate: "takes part in an election round",
    leader: "its id came all the way round the ring",
  },
  server: null,
  lockService: false,
  transport: {
    kind: "datagram",
    why: "The paper's model: each process sends only to its successor, and messages are not lost.",
    description: "Datagrams: a message caught by a cut or a lost packet is gone; the paper assumes none are.",
  },
  nodes: { initial: 5 },
  sandbox: { protocol: "ring", nodes: 5, seed: 1, until: "60s" },
  presets,
  periodic: ["timing.answer", "timing.ping"],
} satisfies ProtocolSpec;
