// The rules Raft decides by, for the "Why?" panel and `sim explain` (issue 20). Values are the
// ones the rule read; `holds` says how they reproduce the decision (property-tested).
import type { RuleTable } from "../spec.ts";
import { num } from "../why-common.ts";

const PAPER = "Ongaro & Ousterhout 2014";
// With etcd's ticks a timeout of k ticks counts from the next tick boundary, so it can run
// out up to one tick (tickMs) sooner than k whole ticks of time (ticks.ts).
const tickOf = (v: Record<string, unknown>) => (num(v.tickMs) ? v.tickMs : 0);
const behind = (v: Record<string, unknown>) =>
  num(v.candidateLastTerm) &&
  num(v.ownLastTerm) &&
  num(v.candidateLastIndex) &&
  num(v.ownLastIndex) &&
  (v.candidateLastTerm < v.ownLastTerm ||
    (v.candidateLastTerm === v.ownLastTerm && v.candidateLastIndex < v.ownLastIndex));

export const raftRules: RuleTable = {
  "raft.election.timeout": {
    says: "{node} heard no leader for a whole election timeout, so it became a candidate for a new term",
    lesson: "raft-election#an-election-step-by-step",
    source: `${PAPER}, section 5.2; etcd-io/raft raft.go tickElection (v3.6.0)`,
    holds: (v, ms) =>
      num(v.minTimeoutMs) &&
      (v.lastHeardMs === null ||
        (num(ms) && num(v.lastHeardMs) && ms - v.lastHeardMs >= v.minTimeoutMs - tickOf(v) - 1e-6)),
  },
  "raft.prevote.timeout": {
    says: "{node} heard no leader for a whole election timeout, so it asked for pre-votes before raising its term",
    lesson: "raft-election#the-deposed-leader-in-a-minority",
    source: "Ongaro 2014 thesis, section 9.6 (Pre-Vote); etcd-io/raft raft.go becomePreCandidate (v3.6.0)",
    holds: (v, ms) =>
      num(v.minTimeoutMs) &&
      (v.lastHeardMs === null ||
        (num(ms) && num(v.lastHeardMs) && ms - v.lastHeardMs >= v.minTimeoutMs - tickOf(v) - 1e-6)),
  },
  "raft.prevote.won": {
    says: "{granted} of {cluster} pre-votes: a majority (it needed {quorum}), so {node} started a real election",
    lesson: "raft-election#the-deposed-leader-in-a-minority",
    source: "Ongaro 2014 thesis, section 9.6; etcd-io/raft raft.go stepCandidate (v3.6.0)",
    holds: (v) => num(v.granted) && num(v.quorum) && v.granted >= v.quorum,
  },
  "raft.election.won": {
    says: "{granted} of {cluster} votes: a majority (it needed {quorum}), so {node} became leader of term {term}",
    lesson: "raft-election#at-most-one-leader-per-term",
    source: `${PAPER}, section 5.2 and Figure 2 (Candidates)`,
    holds: (v) => num(v.granted) && num(v.quorum) && v.granted >= v.quorum,
  },
  "raft.initialLeader": {
    says: "{node} started as the configured leader of term {term}",
    lesson: "raft-election#raft-in-one-paragraph",
    source: `${PAPER}, Figure 2`,
    holds: (v) => num(v.term),
  },
  "raft.term.higher": {
    says: "a message with term {msgTerm} arrived, above {node}'s own term {ownTerm}, so it stepped back to follower",
    lesson: "role-state-machine#terms",
    source: `${PAPER}, Figure 2 (Rules for Servers, all servers); etcd-io/raft raft.go Step (v3.6.0)`,
    holds: (v) => num(v.msgTerm) && num(v.ownTerm) && v.msgTerm > v.ownTerm,
  },
  "raft.appendEntries.leader": {
    says: "a leader of {node}'s own term {ownTerm} sent it a heartbeat (a log append), so the candidate became its follower",
    lesson: "raft-election#an-election-step-by-step",
    source: `${PAPER}, section 5.2`,
    holds: (v) => v.msgTerm === v.ownTerm,
  },
  "raft.vote.self": {
    says: "{node} voted for itself in term {term}, as every candidate does",
    lesson: "role-state-machine#one-vote-per-term",
    source: `${PAPER}, section 5.2`,
    holds: (v) => num(v.term),
  },
  "raft.vote.grant": {
    says: "{node} gave its vote to {candidate}: it had not voted for anyone else, and the candidate's log (last term {candidateLastTerm}, index {candidateLastIndex}) is at least as up to date as its own (term {ownLastTerm}, index {ownLastIndex})",
    lesson: "raft-election#the-up-to-date-check",
    source: `${PAPER}, section 5.4.1; etcd-io/raft log.go isUpToDate (v3.6.0)`,
    holds: (v) => !behind(v) && (v.votedFor === null || v.votedFor === v.candidate || v.pre === true),
  },
  "raft.vote.logUpToDate": {
    says: "{node} refused its vote to {candidate}: the candidate's log ends at term {candidateLastTerm}, index {candidateLastIndex}, behind its own term {ownLastTerm}, index {ownLastIndex}",
    lesson: "raft-election#the-up-to-date-check",
    source: `${PAPER}, section 5.4.1; etcd-io/raft log.go isUpToDate (v3.6.0)`,
    holds: (v) => behind(v),
  },
  "raft.vote.alreadyVoted": {
    says: "{node} refused its vote to {candidate}: in this term it already voted for {votedFor} (or follows leader {leader})",
    lesson: "role-state-machine#one-vote-per-term",
    source: `${PAPER}, Figure 2 (RequestVote RPC, receiver step 2); etcd-io/raft raft.go canVote (v3.6.0)`,
    holds: (v) =>
      !behind(v) &&
      !(v.pre === true && num(v.msgTerm) && num(v.ownTerm) && v.msgTerm > v.ownTerm) &&
      ((v.votedFor !== null && v.votedFor !== v.candidate) || (v.votedFor === null && v.leader !== null)),
  },
  "raft.vote.lost": {
    says: "{refused} voters refused, a majority of {quorum}, so {node} gave up the election and went back to follower",
    lesson: "raft-election#randomized-timeouts-and-split-votes",
    source: "etcd-io/raft raft.go stepCandidate, quorum.VoteLost (v3.6.0)",
    holds: (v) => num(v.refused) && num(v.quorum) && v.refused >= v.quorum,
  },
  "raft.vote.inLease": {
    says: "{node} ignored a vote request for term {msgTerm}: it still heard from a live leader within the election timeout, so it will not help unseat that leader",
    lesson: "raft-election#the-deposed-leader-in-a-minority",
    source: "Ongaro 2014 thesis, section 6.2; etcd-io/raft raft.go Step, inLease (v3.6.0)",
    holds: (v, ms) =>
      v.leading === true ||
      (num(ms) && num(v.lastHeardMs) && num(v.minTimeoutMs) && ms - v.lastHeardMs < v.minTimeoutMs),
  },
  "raft.checkQuorum": {
    says: "{node} heard from only {heard} of {of} servers in the last election timeout, fewer than the majority of {quorum}, so it stepped down",
    lesson: "raft-election#the-deposed-leader-in-a-minority",
    source: "Ongaro 2014 thesis, section 6.2; etcd-io/raft raft.go MsgCheckQuorum (v3.6.0)",
    holds: (v) => num(v.heard) && num(v.quorum) && v.heard < v.quorum,
  },
};
