// ZooKeeper's own leader election and Zab's discovery and sync (Junqueira, Reed and Serafini,
// "Zab: High-performance broadcast for primary-backup systems", DSN 2011; ZooKeeper 3.9
// FastLeaderElection.java, Leader.java, Learner.java).
import type { ProtocolSpec } from "../spec.ts";
import { zab } from "./protocol.ts";
import { zabConfig } from "./config.ts";
import { presets } from "./presets.ts";
import { zabCard } from "./card.ts";
import { zabChain } from "./why-chain.ts";
import { zabNarration } from "./notes.ts";
import { zabRules } from "./why.ts";

/** A zxid as ZooKeeper logs it: hex. */
const zxidHex = (t: number) => `0x${t.toString(16)}`;
/** A zxid's two halves: the epoch in the high 32 bits, the counter in the low 32 (ZooKeeper's
 *  ZxidUtils.getEpochFromZxid and getCounterFromZxid). Arithmetic, as a zxid passes 2^32. */
const zxidParts = (zxid: number) => ({ epoch: Math.floor(zxid / 2 ** 32), counter: zxid % 2 ** 32 });
/** A leader's token as the epoch it carries: (epoch, 0) is the epoch; a zxid with a counter
 *  (none is written as a token here) keeps its hex. */
const epochOf = (t: number) => (zxidParts(t).counter === 0 ? String(zxidParts(t).epoch) : zxidHex(t));

export const zabSpec = {
  rules: zabRules,
  card: zabCard,
  chain: zabChain,
  narration: zabNarration,
  name: "zab",
  order: 6,
  title: "Zab",
  summary:
    "Zab: servers vote for the most complete history (epoch, zxid, id); the winner becomes leader of a new epoch once a quorum has synced with it.",
  protocol: zab,
  config: zabConfig,
  fields: [
    {
      group: "timing",
      key: "tickTime",
      kind: "duration",
      unit: "s",
      label: "Tick (s)",
      help: "ZooKeeper's basic time unit (zoo.cfg tickTime); the limits below count in ticks.",
    },
    {
      group: "timing",
      key: "initLimit",
      kind: "count",
      label: "initLimit (ticks)",
      help: "How long followers have to connect and sync with a new leader.",
    },
    {
      group: "timing",
      key: "syncLimit",
      kind: "count",
      label: "syncLimit (ticks)",
      help: "How long a follower may go without acking the leader before the leader drops it, and a follower waits on a silent leader.",
    },
  ],
  // The token is the leader's epoch (review 14b #8). A ZooKeeper zxid is epoch << 32 | counter,
  // and the counter rises with every committed transaction (ZxidUtils.makeZxid; Junqueira et al.
  // 2011, section III); this model's leader fences every write with (epoch, 0), a number that
  // never moves within an epoch: the epoch, so it is named and written as the epoch ("epoch 1"),
  // never as a frozen "zxid 0x100000000". A vote's zxid (a real zxid) keeps its (epoch, counter).
  token: () => ({
    word: "epoch",
    tokenWord: "epoch",
    meaning:
      "epoch: the Zab epoch, the high 32 bits of every zxid (a zxid is the epoch and a counter that rises with each committed change). A leader fences its writes with its epoch, and the resource box's “max token” is the highest epoch it has seen",
  }),
  formatToken: epochOf,
  tokenForms: {
    // ZooKeeper's own short form of a zxid, epoch:counter (its logs print the hex; the 4-letter
    // "srvr" reports the whole number): "1:3" for 0x100000003.
    short: (t) => `${zxidParts(t).epoch}:${zxidParts(t).counter}`,
    spoken: epochOf,
  },
  // A side of a cut elects only with a majority of all servers (Raft §5.2; Zab quorum).
  quorum: "majority",
  roles: {
    follower: "FOLLOWING a leader",
    candidate: "LOOKING: voting in fast leader election, or leading a not yet established epoch",
    leader: "LEADING an epoch a quorum has acknowledged",
  },
  server: null,
  lockService: false,
  transport: {
    kind: "connection",
    why: "ZooKeeper servers talk over one TCP connection per pair (QuorumCnxManager); a learner follows its leader over another.",
    description:
      "TCP between every pair of servers: a cut or a lost packet only delays bytes; a follower drops a silent leader after syncLimit ticks.",
    breaks:
      "A follower's socket read timeout is tickTime x syncLimit (Learner.java); a leader that loses its quorum closes its learners' sockets; a dead process's kernel closes its at once.",
    resume:
      "A server that looks again votes over its election connections and connects to the new leader afresh.",
  },
  nodes: { initial: 5 },
  sandbox: { protocol: "zab", nodes: 5, seed: 1, until: "60s" },
  presets,
  periodic: ["timing.tickTime", "timing.finalizeWait"],
  // pings both ways each tick (3.9 events per node measured at 101 nodes); FLE's notifications
  // go all-to-all, again on every vote change
  load: { perPeriod: 4.5, election: 8 },
} satisfies ProtocolSpec;
