// A learner's own elector (issue 37): the module the learner writes decides; the engine's
// network, faults, store, resource and monitors judge it like any built-in protocol.
import type { ProtocolSpec } from "../spec.ts";
import { learner } from "./protocol.ts";
import { learnerConfig } from "./config.ts";
import { learnerRules } from "./why.ts";

export const learnerSpec = {
  rules: learnerRules,
  name: "learner",
  order: 10,
  title: "Your elector",
  summary:
    "Your elector: your own handlers decide who leads; the network, faults, store and monitors are the same as for every other protocol.",
  protocol: learner,
  config: learnerConfig,
  fields: [],
  token: () => ({
    word: "term",
    tokenWord: "token",
    meaning:
      "term: the highest token this node has led with; the token is the number your code passed to lead()",
  }),
  roles: {
    follower: "your code called follow(), or has not declared anything",
    candidate: "your code called campaign()",
    leader: "your code called lead(token)",
  },
  // The store is always there, so a design may use it; one that does not simply never talks to it.
  server: { label: "etcd", choose: () => ({ kind: "etcd", prefix: "/election" }) },
  lockService: true,
  transport: {
    kind: "datagram",
    why: "Like the classic election algorithms' model (and Maelstrom's network): a message arrives after a delay, or is lost.",
    description:
      "Datagrams: a message caught by a cut or a lost packet is gone; your code has to notice the silence.",
  },
  nodes: { initial: 3 },
  sandbox: { protocol: "learner", nodes: 3, seed: 1, until: "60s" },
  presets: [],
  periodic: [],
} satisfies ProtocolSpec;
