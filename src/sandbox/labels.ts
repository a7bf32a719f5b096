// What each protocol's numbers really are, and what the store process stands for, in the words
// the sandbox shows. A node's `term` field is a different thing per protocol (a Raft term, an
// etcd create revision, a znode's sequence number...), so the label says which.
import type { FrameNode, Scenario } from "../engine/index.ts";

export interface TermLabel {
  /** the short word before the number: "term", "rev", "seq"... */
  word: string;
  /** the word for a node that holds the token, when it differs (Kubernetes coordinated election) */
  leaderWord?: string;
  /** one line for the legend: what the number is, and how it relates to the fencing token */
  meaning: string;
  /** what the fencing token is called in narration ("token", "zxid") */
  tokenWord: string;
}

type Opts = { coordinated?: boolean; fencing?: string };

export function termLabel(protocol: string, opts: Opts = {}): TermLabel {
  const seq = opts.fencing === "sequencer";
  switch (protocol) {
    case "raft":
      return { word: "term", tokenWord: "token", meaning: "term: the Raft term; a leader writes with its term as the fencing token" };
    case "etcd":
      return { word: "rev", tokenWord: "token", meaning: "rev: the create revision of the node's election key in etcd; the lowest leads, and the leader's is its fencing token" };
    case "kubernetes":
      return opts.coordinated
        ? {
            word: "transitions",
            leaderWord: "rv",
            tokenWord: "token",
            meaning: "rv: the Lease's resourceVersion when the election controller named this leader, its fencing token; transitions: the Lease's leaseTransitions, which coordinated election never bumps",
          }
        : { word: "transitions", tokenWord: "token", meaning: "transitions: the Lease's leaseTransitions as the node last read it; the leader's is its fencing token" };
    case "bully":
    case "ring":
      return {
        word: "epoch",
        tokenWord: "token",
        meaning: "epoch: an election counter this course adds (an extension: the classic algorithm has none); the token is epoch × 100 + the node's number",
      };
    case "heartbeat":
      return {
        word: "epoch",
        tokenWord: "token",
        meaning: "epoch: the pair's failover counter, raised by each takeover (an extension of this course); the token is epoch × 100 + the node's number",
      };
    case "zab":
      return { word: "epoch", tokenWord: "zxid", meaning: "epoch: the Zab epoch, the high 32 bits of every zxid; an established leader's token is the zxid (epoch, 0)" };
    case "zookeeper":
      return {
        word: "seq",
        tokenWord: "token",
        meaning: seq
          ? "seq: the sequence number of the node's ephemeral sequential znode; the lowest holds the lock, and its seq is the sequencer's generation, which the storage checks with ZooKeeper"
          : "seq: the sequence number of the node's ephemeral sequential znode; the lowest leads, and the leader's is its fencing token",
      };
    case "database":
      return { word: "epoch", tokenWord: "token", meaning: "epoch: the lease row's epoch column, bumped by each takeover; the holder's is its fencing token" };
    default:
      return { word: "term", tokenWord: "token", meaning: "term: the node's term" };
  }
}

/** The label for a scenario (coordinated election and sequencer fencing change the words). */
export function termLabelOf(sc: Scenario | null, protocol?: string): TermLabel {
  const p = protocol ?? sc?.protocol ?? "raft";
  const coordinated = sc?.protocol === "kubernetes" ? (sc.options as { coordinated?: boolean }).coordinated === true : false;
  return termLabel(p, { coordinated, fencing: sc?.fencing });
}

/** "rev 3", "seq 0", "term 4": the node's number with its own word. */
export function termText(label: TermLabel, n: Pick<FrameNode, "term" | "token">): string {
  const word = label.leaderWord && n.token !== null ? label.leaderWord : label.word;
  return `${word} ${n.term}`;
}

/** A fencing token as the protocol writes it: Zab's zxid in hex (epoch in the high 32 bits). */
export function formatToken(protocol: string, token: number): string {
  if (protocol === "zab") return `0x${token.toString(16)}`;
  return String(token);
}

/** What the store process stands for, by the frame's `store.kind`. */
export function storeLabel(kind: string | undefined | null): string {
  switch (kind) {
    case "etcd": return "etcd";
    case "apiserver": return "API server";
    case "zookeeper": return "ZooKeeper";
    case "database": return "database";
    case "power-switch": return "power switch";
    default: return "store";
  }
}

/** The same, to start a sentence. */
export function storeLabelCap(kind: string | undefined | null): string {
  const s = storeLabel(kind);
  return s === "etcd" ? s : s.charAt(0).toUpperCase() + s.slice(1);
}

/** The store in a sentence: "etcd" (a name takes no article) or "the API server". */
export function theStore(kind: string | undefined | null, capital = false): string {
  const s = storeLabel(kind);
  if (s === "etcd" || s === "ZooKeeper") return s;
  return `${capital ? "The" : "the"} ${s}`;
}

/** The store kind each protocol's store stands for (for narration before any frame exists). */
export function storeKindOf(protocol: string): string | null {
  switch (protocol) {
    case "etcd": return "etcd";
    case "kubernetes": return "apiserver";
    case "zookeeper": return "zookeeper";
    case "database": return "database";
    case "heartbeat": return "power-switch";
    default: return null;
  }
}
