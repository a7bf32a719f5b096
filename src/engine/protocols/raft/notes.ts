// Raft's own notes (core/trace.ts NoteKinds) and how the sandbox narrates Raft: an election is
// told from the candidate's vote for itself, so the later terms of a split vote show too.
import type { NarrationSpec } from "../spec.ts";

declare module "../../core/trace.ts" {
  interface NoteKinds {
    /** CheckQuorum: the leader heard from too few nodes in an election timeout */
    "check-quorum": { heard: number; of: number };
    /** a majority refused this (pre-)candidate; it steps back (etcd VoteLost) */
    "vote-lost": { term: number; pre: boolean };
    "vote-ignored": { message: string; from: string; leader: string };
  }
}

export const raftNarration: NarrationSpec = {
  notes: {
    "check-quorum": (n, node) => ({
      text: `${node} heard from only ${n.heard} of ${n.of} nodes in the last election timeout and stepped down (CheckQuorum)`,
      tone: "info",
    }),
    "vote-ignored": (n, node) => ({
      text: `${node} ignored ${n.from}'s ${n.message}: it heard from leader ${n.leader} recently`,
      tone: "info",
    }),
    "vote-lost": (n, node) => ({
      text: `${node} lost its ${n.pre ? "pre-vote" : "election"} in term ${n.term}: a majority refused, so it steps back and waits again`,
      tone: "info",
    }),
  },
  event(e, a) {
    if (e.type === "vote") {
      // A node's vote for itself is the start of its election (raft.go becomeCandidate, then
      // campaign votes for itself). A candidate that times out again stays a candidate, so no
      // role event follows; this line is what shows the later terms of a split vote.
      if (e.pre || !e.granted || e.candidate !== e.node) return null;
      const again = a.memo.get(e.node) === e.term - 1;
      a.memo.set(e.node, e.term);
      const term = e.term;
      const text = again
        ? (nodes: string) =>
            `${nodes} timed out again, as nobody won term ${term - 1}, and started ${nodes.includes(" and ") ? "elections" : "an election"} for term ${term}`
        : (nodes: string) =>
            `${nodes} timed out and started ${nodes.includes(" and ") ? "elections" : "an election"} for term ${term}`;
      return {
        text: text(e.node),
        tone: "info",
        merge: { key: `election:${term}:${again}`, nodes: [e.node], text },
      };
    }
    if (e.type === "role" && e.to === "candidate") {
      // Already narrated by the node's vote for itself at this term.
      if (a.memo.get(e.node) === e.term) return null;
      return { text: `${e.node} timed out and started an election for term ${e.term}`, tone: "info" };
    }
    if (e.type === "role" && e.to === "precandidate")
      return { text: `${e.node} asked for a pre-vote before an election`, tone: "info" };
    if (e.type === "leader-start")
      return { text: `${e.node} became leader in term ${e.term}`, tone: "leader", important: true };
    return undefined;
  },
};
