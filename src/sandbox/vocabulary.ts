// One name per protocol for the number the learner watches. In the two queue recipes, etcd's
// election (client/v3/concurrency/election.go: Campaign puts a key under the election prefix and
// waits for every key with a lower create revision to go, waitDeletes) and ZooKeeper's recipe
// (each candidate creates an ephemeral sequential znode; the lowest leads, the others watch the
// one just below their own), every node's key carries a number, but only the leader's is the
// fencing token. The picture, the node panel, Latest and the last writes all call the leader's
// number "token" (as the narration does); the legend glosses once what the real system calls it.
// A waiting node says where it waits ("queued behind n1"), never a second number.
import type { Frame, FrameNode, TokenSpec } from "../engine/index.ts";

type Words = TokenSpec & { queue: true };

/** The sandbox's words for a queue recipe, or null for every other protocol (whose spec words
 *  already name one number: Raft's term, the database's epoch...). Chubby-style sequencers keep
 *  the spec's words: there the number is the lock's generation, checked with the lock service. */
export function queueWords(protocol: string, sequencer: boolean): Words | null {
  if (protocol === "etcd") {
    return {
      word: "token",
      none: "no election key",
      tokenWord: "token",
      queue: true,
      meaning: "token: the revision etcd gave the leader's election key when it was made. Keys wait in line by revision: the lowest leads, the others queue behind it.",
    };
  }
  if (protocol === "zookeeper" && !sequencer) {
    return {
      word: "token",
      none: "no znode",
      tokenWord: "token",
      queue: true,
      meaning: "token: the sequence number ZooKeeper gave the leader's znode. Znodes wait in line by it: the lowest leads, each other node watches the one just before its own.",
    };
  }
  return null;
}

/** The node whose key is just ahead of `n`'s in line (the one it waits on); "" when `n`'s key is
 *  first in line but `n` does not lead (a crashed leader whose key the store still keeps); null
 *  if `n` has no key in the store now. The line is ordered by each key's create revision, which for a
 *  ZooKeeper znode follows its sequence number. */
export function queuedBehind(f: Frame, n: Pick<FrameNode, "id">): string | null {
  const keys = (f.store?.keys ?? []).filter((k) => typeof k.value === "string" && f.nodes.some((x) => x.id === k.value));
  const mine = keys.find((k) => k.value === n.id);
  if (!mine) return null;
  let best: (typeof keys)[number] | null = null;
  for (const k of keys) if (k.createRev < mine.createRev && (!best || k.createRev > best.createRev)) best = k;
  return best ? (best.value as string) : "";
}

/** The store's line in a queue recipe: who holds the lead and its token, in the picture's words
 *  (the store's own revision counter is a different number, and a second one beside the token). */
export function queueStoreLine(protocol: string, st: NonNullable<Frame["store"]>): { line: string; spoken: string } | null {
  if (protocol !== "etcd" && !(protocol === "zookeeper" && st.kind === "zookeeper")) return null;
  const who = protocol === "etcd" ? "holder" : "leader";
  if (!st.holder) return { line: `${who} none`, spoken: `no ${who === "holder" ? "lease holder" : "leader"}` };
  return {
    line: `${who} ${st.holder} · token ${st.holderToken}`,
    spoken: `${who === "holder" ? "lease holder" : "leader"} ${st.holder} with token ${st.holderToken}`,
  };
}
