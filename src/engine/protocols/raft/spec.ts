// Raft (Ongaro & Ousterhout, "In Search of an Understandable Consensus Algorithm", 2014; the
// thesis for Pre-Vote and CheckQuorum; etcd-io/raft for the details): everything about it.
import type { ProtocolSpec } from "../spec.ts";
import { raft } from "./protocol.ts";
import { raftConfig } from "./config.ts";
import { presets } from "./presets.ts";
import { raftCard } from "./card.ts";
import { raftChain } from "./why-chain.ts";
import { raftNarration } from "./notes.ts";
import { raftRules } from "./why.ts";

export const raftSpec = {
  rules: raftRules,
  card: raftCard,
  chain: raftChain,
  narration: raftNarration,
  name: "raft",
  order: 1,
  title: "Raft",
  summary:
    "Raft: servers elect a leader by majority vote in numbered terms; the leader's heartbeats hold the others back.",
  protocol: raft,
  config: raftConfig,
  fields: [
    {
      group: "timing",
      key: "electionTimeout",
      kind: "range",
      unit: "ms",
      label: "Election timeout (ms)",
      help: "Each follower waits a random time in this range without hearing a leader before it stands (paper section 5.2).",
    },
    {
      group: "timing",
      key: "heartbeat",
      kind: "duration",
      unit: "ms",
      label: "Heartbeat every (ms)",
      help: "How often the leader sends AppendEntries to hold its followers; it must be shorter than the election timeout.",
    },
    {
      group: "options",
      key: "preVote",
      kind: "boolean",
      label: "Pre-Vote",
      help: "A node first asks whether it could win before it raises its term (thesis section 9.6).",
    },
    {
      group: "options",
      key: "checkQuorum",
      kind: "boolean",
      label: "CheckQuorum",
      help: "A leader that has not heard from a majority within an election timeout steps down (thesis section 6.2).",
    },
  ],
  token: () => ({
    // A Raft leader's fencing token is its term. A node's number and a leadership say "term";
    // a write's number says "token", as in every protocol, and this line says once how they
    // meet (sandbox/vocabulary.ts inTokenWord; review 9a #5).
    word: "term",
    tokenWord: "term",
    meaning:
      "term: Raft's election number, one higher at each election. Raft uses its term as the token: a leader writes with its term, and the resource box's “max token” is the highest term it has seen",
  }),
  // A side of a cut elects only with a majority of all servers (Raft §5.2; Zab quorum).
  quorum: "majority",
  roles: {
    follower: "follows the leader of its term",
    precandidate: "asks whether it could win before raising its term (Pre-Vote)",
    candidate: "raised its term and asks for votes",
    leader: "won a majority of votes in its term",
  },
  server: null,
  lockService: false,
  transport: {
    kind: "datagram",
    why: "Raft's RPCs may be lost, delayed or reordered, and the protocol retries them itself (paper section 5.1).",
    description:
      "Datagrams: an RPC caught by a cut or a lost packet is gone, and Raft sends it again on its own timers.",
  },
  nodes: { initial: 5 },
  sandbox: { protocol: "raft", nodes: 5, seed: 1, until: "60s" },
  presets,
  periodic: ["timing.heartbeat", "timing.electionTimeout[0]"],
  // the leader's MsgApp to each follower and its answer per heartbeat (1.98 events per node
  // measured at 25 and 101 nodes); an election is each candidate's RequestVote to every node
  // and the answer (4 events per node), and split votes make it a few candidates and rounds:
  // linear in the cluster (1,001 nodes, a crash: 380,000 messages in 20 s at etcd's timing,
  // nearly all heartbeats and their answers)
  load: { perPeriod: 2.2, election: 40, electionGrows: "n" },
} satisfies ProtocolSpec;
