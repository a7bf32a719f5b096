// How "Why?" steps back from Raft's decisions (explain/chain.ts, through the registry): a won
// election goes back to the timeout that started it, a vote to the candidate's election, a
// higher term to the node whose message carried it.
import type { ChainSpec, StepBack } from "../spec.ts";

const toElectionStart: StepBack = (c) =>
  c.lastBefore(
    (x) =>
      x.type === "role" &&
      x.node === c.node &&
      (c.ruleOf(x) === "raft.election.timeout" || c.ruleOf(x) === "raft.prevote.timeout"),
  );
const toCandidacy: StepBack = (c) =>
  c.lastBefore(
    (x) => x.type === "role" && x.node === c.v.candidate && (x.to === "candidate" || x.to === "precandidate"),
  ) ?? c.fault(null);

export const raftChain: ChainSpec = {
  back: {
    "raft.election.won": toElectionStart,
    "raft.prevote.won": toElectionStart,
    "raft.vote.grant": toCandidacy,
    "raft.vote.logUpToDate": toCandidacy,
    "raft.vote.alreadyVoted": toCandidacy,
    "raft.term.higher": (c) => {
      const arm = c.arm;
      return arm?.kind === "message"
        ? (c.lastBefore((x) => x.type === "role" && x.node === arm.from) ?? c.fault(null))
        : c.fault(null);
    },
  },
};
