// One name per protocol for the number the learner watches. In the two queue recipes, etcd's
// election (client/v3/concurrency/election.go: Campaign puts a key under the election prefix and
// waits for every key with a lower create revision to go, waitDeletes) and ZooKeeper's recipe
// (each candidate creates an ephemeral sequential znode; the lowest leads, the others watch the
// one just below their own), every node's key carries a number, but only the leader's is the
// fencing token. The picture, the node panel, Latest and the last writes all call the leader's
// number "token" (as the narration does); the legend glosses once what the real system calls it.
// A waiting node says where it waits ("waiting behind n1"), never a second number; a live node
// with no key (or znode) in line says just that (review 9b #7: "follower · not in line yet" after
// its session ended read as a follower outside the election); a crashed one says only "crashed".
import type { Frame, FrameNode, TokenSpec } from "../engine/index.ts";

type Words = TokenSpec & { queue: true; noneMeans: string };

/** One wording per state (review 14 #2: after a heal a node read "candidate · no key" in the
 *  picture, "waiting to rejoin the line" in Latest and "not in line yet" in the legend). A live
 *  node whose key (etcd) or znode (ZooKeeper) is not in the store is a candidate with "no key
 *  yet" / "no znode yet", in the picture, the node panel, Latest and the legend alike. */
export const NO_KEY = { etcd: "no key yet", zookeeper: "no znode yet" } as const;

/** The sandbox's words for a queue recipe, or null for every other protocol (whose spec words
 *  already name one number: Raft's term, the database's epoch...). Chubby-style sequencers keep
 *  the spec's words: there the number is the lock's generation, checked with the lock service. */
export function queueWords(protocol: string, sequencer: boolean): Words | null {
  if (protocol === "etcd") {
    return {
      word: "token",
      none: NO_KEY.etcd,
      noneMeans: "a candidate, not yet in line",
      tokenWord: "token",
      queue: true,
      meaning:
        "token: the number the leader writes with, so the resource can refuse an older leader's writes. Each node puts a key in etcd (its election key); etcd numbers every change, and the keys wait in line by that number. The lowest leads, and its token is that number, the key's revision (etcd's create revision). “waiting behind n3” means this node's key is next after n3's: it watches that key and moves up when it is deleted.",
    };
  }
  if (protocol === "zookeeper" && !sequencer) {
    return {
      word: "token",
      none: NO_KEY.zookeeper,
      noneMeans: "a candidate, not yet in line",
      tokenWord: "token",
      queue: true,
      meaning:
        "token: the number the leader writes with, so the resource can refuse an older leader's writes. Each node creates a znode in ZooKeeper (an ephemeral sequential znode) and ZooKeeper numbers them in order; the lowest leads, and its number is its token. “waiting behind n3” means this node's znode is next after n3's: it watches that one and moves up when it is deleted.",
    };
  }
  return null;
}

/** The word the resource's box, the last writes and a write's line use for the number a write
 *  carries: "token" in every protocol (review 6a #2, 8a #1), and the legend says once which of
 *  the protocol's own numbers it is (tokenGloss). */
export const BOX_TOKEN = "token";

/** The legend's line saying which number the token is, where the protocol names it otherwise
 *  (review 14 #3: Raft's legend read "max term" under a box reading "max token"): Raft's token
 *  is the leader's term (Ongaro & Ousterhout 2014 §5.1), Zab's the epoch (a zxid's high 32 bits). Null where the nodes
 *  already say "token", or where the derived-token line says it (bully, ring, heartbeat). */
export function tokenGloss(protocol: string, tokenWord: string): string | null {
  if (tokenWord === BOX_TOKEN || DERIVED_TOKEN.has(protocol)) return null;
  return `${BOX_TOKEN}: the leader's ${tokenWord}`;
}

/** Kubernetes in the sandbox's one word. client-go's elector (tools/leaderelection/resourcelock,
 *  LeaderElectionRecord.LeaderTransitions) counts each change of holder in the Lease's
 *  leaseTransitions, and our fencing uses the holder's count as its token; under coordinated
 *  election (KEP-4355) the token is the Lease's resourceVersion when the controller named the
 *  leader. The nodes, the API server's line and the resource once said "transitions", "rev" and
 *  "token" for that one idea: now all say "token", and the legend glosses the real field once. */
export function kubernetesWords(coordinated: boolean): TokenSpec {
  return coordinated
    ? {
        word: "token",
        none: "no token",
        tokenWord: "token",
        // A follower's number is the Lease's leaseTransitions as it last read it, which coordinated
        // election never bumps: not a token (review 15b #4: "token N" under a follower unexplained).
        followerWord: "handovers seen",
        followerMeans: "how many times the Lease had changed holder when this node last read it",
        meaning:
          "token: the Lease's resourceVersion (Kubernetes' name) when the election controller named the leader; a node that was never named has none.",
      }
    : {
        word: "token",
        tokenWord: "token",
        // A follower's number is the token in the Lease when it last read it, not one of its own:
        // after a cut it lags the API server's until its next read (review 15b #4).
        followerWord: "last saw token",
        followerMeans: "the token in the Lease when this node last read it; it catches up at its next read",
        meaning:
          "token: the Lease's leaseTransitions (Kubernetes' name), raised each time the Lease changes holder; each node shows the count it last read, the leader writes with its own.",
      };
}

/** The API server's line in the same word: who holds the Lease and its token (the server's own
 *  resourceVersion counter, "rev", was a second number beside it). */
export function kubernetesStoreLine(st: NonNullable<Frame["store"]>): { line: string; spoken: string } {
  if (!st.holder) return { line: "no leader yet", spoken: "no lease holder: no leader yet" };
  return {
    line: `leader ${st.holder} · token ${st.holderToken}`,
    spoken: `lease holder ${st.holder} with token ${st.holderToken}`,
  };
}

/** Protocols whose token this course derives from the node's number (epoch-token.ts: epoch ×
 *  100 + the node's number): the picture shows one number per node, the epoch, and the legend
 *  says once how the token follows from it. */
const DERIVED_TOKEN = new Set(["bully", "ring", "heartbeat"]);

export function tokenDerived(protocol: string): boolean {
  return DERIVED_TOKEN.has(protocol);
}

/** The node whose key is just ahead of `n`'s in line (the one it waits on); "" when `n`'s key is
 *  first in line but `n` does not lead (a crashed leader whose key the store still keeps); null
 *  if `n` has no key in the store now. The line is ordered by each key's create revision, which for a
 *  ZooKeeper znode follows its sequence number. */
export function queuedBehind(f: Frame, n: Pick<FrameNode, "id">): string | null {
  const keys = (f.store?.keys ?? []).filter(
    (k) => typeof k.value === "string" && f.nodes.some((x) => x.id === k.value),
  );
  const mine = keys.find((k) => k.value === n.id);
  if (!mine) return null;
  let best: (typeof keys)[number] | null = null;
  for (const k of keys) if (k.createRev < mine.createRev && (!best || k.createRev > best.createRev)) best = k;
  return best ? (best.value as string) : "";
}

/** The store's line in a queue recipe: who holds the lead and its token, in the picture's words
 *  (the store's own revision counter is a different number, and a second one beside the token). */
export function queueStoreLine(
  protocol: string,
  st: NonNullable<Frame["store"]>,
  nodes?: readonly Pick<FrameNode, "id" | "role" | "token">[],
): { line: string; spoken: string } | null {
  if (protocol !== "etcd" && !(protocol === "zookeeper" && st.kind === "zookeeper")) return null;
  // "leader", not etcd's "holder" (review 6b #8: "holder none" on the first screen); the spoken
  // form keeps the lease for whoever listens.
  const who = protocol === "etcd" ? "holder" : "leader";
  if (!st.holder)
    return {
      line: "no leader yet",
      spoken: `no ${who === "holder" ? "lease holder" : "leader"}: no leader yet`,
    };
  // The store's line is its own state: the key first in line. Until the answer saying so reaches
  // that node, the node does not lead yet (review 10b #2: "leader n2 · token 2" above a node still
  // drawn as a follower), so the box says "first", and the node's label says it waits for word.
  const holder = nodes?.find((n) => n.id === st.holder);
  if (holder && holder.role !== "crashed" && holder.role !== "leader" && holder.token === null)
    return {
      line: `${st.holder} first · token ${st.holderToken}`,
      spoken: `${who === "holder" ? "lease holder" : "leader"} ${st.holder}, not told yet: its key is first in line with token ${st.holderToken}`,
    };
  return {
    line: `leader ${st.holder} · token ${st.holderToken}`,
    spoken: `${who === "holder" ? "lease holder" : "leader"} ${st.holder} with token ${st.holderToken}`,
  };
}

/** A sentence in the run's own words. One rule across protocols (review 9a #5): a node's number
 *  is the protocol's own (Raft's term, Zab's epoch), and the number a write carries and the
 *  resource checks is always "token"; the glossary and the rules cards say once how they meet
 *  ("a Raft leader's token is its term"). So only a leadership sentence takes the protocol's
 *  word, "n3 became leader in term 2" (Ongaro & Ousterhout 2014 §5.1), where the number is the
 *  node's own; a write's "token 2" stays "token". */
export function inTokenWord(text: string, tokenWord: string): string {
  if (tokenWord === "token") return text;
  return text
    .replace(/\bbecame leader with token\b/g, `became leader in ${tokenWord}`)
    .replace(/\bstarted leading with token\b/g, `started leading in ${tokenWord}`);
}

/** ZooKeeper's recipe steps, as the node panel says them beside the node's state (the phase's
 *  own name, "connecting" or "listing", was a field of the model, not a word of the picture).
 *  Steps the number line already says ("waiting behind n3", "token 2") add nothing. */
const ZK_STEPS: Record<string, string> = {
  connecting: "opening a session",
  creating: "creating its znode",
  listing: "reading the line",
  checking: "reading the line",
  disconnected: "disconnected from ZooKeeper",
};

/** The engine's detail of a node as the node panel shows it after its state, or "" for none. */
/** Zab's phases in words (the role chip already says leader, follower or candidate): discovery
 *  and synchronisation are Zab's first two phases before broadcast (Junqueira, Reed and Serafini,
 *  "Zab: High-performance broadcast for primary-backup systems", DSN 2011, section IV). The
 *  internal "following" or "leading" repeat the role and are dropped. */
const ZAB_STEPS: Record<string, string> = {
  looking: "voting for a leader",
  "leading (discovery)": "gathering a quorum of followers",
  "following (sync)": "catching up with the leader",
};

export function detailWords(protocol: string, detail: string, role: string): string {
  if (!detail || detail === role) return "";
  if (protocol === "zookeeper") return ZK_STEPS[detail] ?? "";
  if (protocol === "zab") return ZAB_STEPS[detail] ?? "";
  return detail;
}
