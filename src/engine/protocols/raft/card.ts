// The raft rules card, in the spirit of the Raft paper's Figure 2: the state a node keeps,
// the messages, the rules, the timers and the fencing token on one printable page (/rules/raft).
// Timer values are never written here: the card names each timer and what it means, and the
// course reads the values from this protocol's config (course/rules/engine-defaults.ts).
import type { RulesCard } from "../card.ts";

export const raftCard = {
  protocol: "raft",
  title: "Raft leader election",
  lesson: "raft-election",
  preset: "raft-basic",
  state: [
    "Saved to disk before replying: currentTerm, votedFor (for this term), the log.",
    "In memory: role (follower, candidate, leader), commitIndex, the current leader's id.",
  ],
  messages: [
    "RequestVote(term, candidateId, lastLogIndex, lastLogTerm) → (term, voteGranted).",
    "AppendEntries(term, leaderId, prevLogIndex, prevLogTerm, entries, leaderCommit) → (term, success); with no entries it is the heartbeat.",
  ],
  rules: [
    "Any message with a higher term: adopt the term, clear votedFor, become follower.",
    "Follower: no AppendEntries from the current leader and no vote granted for one election timeout → candidate.",
    "Candidate: increment the term, vote for yourself, draw a new timeout, send RequestVote to all.",
    "Grant a vote only if the request's term is current, you have not voted for someone else in it, and the candidate's log is at least as up to date (higher last term, or the same last term and at least as long).",
    "Votes from a majority of the whole cluster → leader; send heartbeats at once and every heartbeat interval.",
    "AppendEntries from a leader of the current term → back to follower. Timeout without a winner → a new election in a higher term.",
    "Options: Pre-Vote asks for would-be votes before raising the term; CheckQuorum makes a leader that has not heard from a majority within an election timeout step down.",
  ],
  timers: {
    electionTimeout: {
      label: "Election timeout",
      meaning: "drawn at random from this range, fresh for every election",
    },
    heartbeat: { label: "Heartbeat interval", meaning: "the leader's empty AppendEntries" },
  },
  sources: [
    "Ongaro and Ousterhout 2014, Figure 2 and sections 5.2, 5.4.1, 9.3",
    "Ongaro 2014 dissertation, sections 6.2 and 9.6",
  ],
} satisfies RulesCard;
