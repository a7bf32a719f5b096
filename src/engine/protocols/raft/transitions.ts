// Raft role transitions (Ongaro & Ousterhout 2014, Fig. 2 "Rules for Servers"; etcd-io/raft
// becomeFollower/becomeCandidate/becomePreCandidate/becomeLeader). Kept apart from message
// handling (raft.ts) so each file stays small.
import type { Ctx } from "../../core/protocol.ts";
import { causeLayout } from "../../core/cause-record.ts";
import type { RaftOptions, RaftTiming } from "./config.ts";
import type { RaftState } from "./state.ts";
import { electionTimeout, quorum } from "./rules.ts";

export const T = (ctx: Ctx) => ctx.scenario.timing as RaftTiming;
export const O = (ctx: Ctx) => ctx.scenario.options as RaftOptions;

export function armElection(ctx: Ctx): void {
  ctx.setTimer("election", electionTimeout(T(ctx).electionTimeout, ctx.random()));
}

export function broadcast(ctx: Ctx, kind: string, body: unknown): void {
  for (let i = 0; i < ctx.n; i++) if (i !== ctx.self) ctx.send(i, kind, body);
}

export function count(votes: number[], v: number): number {
  let c = 0;
  for (const x of votes) if (x === v) c++;
  return c;
}

/** Term rule (Fig. 2 "All servers"; etcd becomeFollower raft.go:1127-1130). */
export function becomeFollower(ctx: Ctx, st: RaftState, term: number, leader: number): void {
  const wasLeader = st.role === "leader";
  if (term > st.d.term) {
    st.d.term = term;
    st.d.votedFor = -1;
  }
  st.role = "follower";
  st.leader = leader;
  if (wasLeader) {
    ctx.cancelTimer("heartbeat");
    ctx.cancelTimer("checkQuorum");
  }
  // A candidate keeps its running timer (the paper resets only on AppendEntries or a granted vote).
  if (!ctx.hasTimer("election")) armElection(ctx);
}

const SELF_VOTE_VALUES = causeLayout(["term", "candidate"]);

/** §5.2: increment the term, vote for self, ask everyone. */
export function campaign(ctx: Ctx, st: RaftState): void {
  st.d.term++;
  st.d.votedFor = ctx.self;
  st.role = "candidate";
  st.leader = -1;
  st.votes.fill(0);
  st.votes[ctx.self] = 1;
  if (ctx.recordsAll) ctx.voteBecause(st.d.term, ctx.self, true, false, "raft.vote.self", SELF_VOTE_VALUES, [st.d.term, ctx.id]);
  else ctx.vote(st.d.term, ctx.self, true, false);
  armElection(ctx);
  broadcast(ctx, "RequestVote", { term: st.d.term, lastIndex: st.d.lastIndex, lastTerm: st.d.lastTerm });
  if (1 >= quorum(ctx.n)) {
    ctx.because("raft.election.won", { granted: 1, quorum: quorum(ctx.n), term: st.d.term });
    becomeLeader(ctx, st);
  }
}

/** Thesis §9.6; etcd becomePreCandidate raft.go:917-931: ask for term+1 without bumping ours. */
export function preCampaign(ctx: Ctx, st: RaftState): void {
  st.role = "precandidate";
  st.leader = -1;
  st.votes.fill(0);
  st.votes[ctx.self] = 1;
  armElection(ctx);
  broadcast(ctx, "PreVote", { term: st.d.term + 1, lastIndex: st.d.lastIndex, lastTerm: st.d.lastTerm });
  if (1 >= quorum(ctx.n)) campaign(ctx, st);
}

export function sendHeartbeats(ctx: Ctx, st: RaftState): void {
  broadcast(ctx, "AppendEntries", { term: st.d.term, lastIndex: st.d.lastIndex, lastTerm: st.d.lastTerm });
}

/** Fig. 2 Leaders; etcd becomeLeader appends an empty entry of its term (raft.go:933-971, §5.4.2). */
export function becomeLeader(ctx: Ctx, st: RaftState, noop = true): void {
  st.role = "leader";
  st.leader = ctx.self;
  if (noop) {
    st.d.lastIndex++;
    st.d.lastTerm = st.d.term;
  }
  ctx.cancelTimer("election");
  st.active.fill(false);
  sendHeartbeats(ctx, st);
  ctx.setTimer("heartbeat", T(ctx).heartbeat);
  if (O(ctx).checkQuorum) ctx.setTimer("checkQuorum", T(ctx).electionTimeout[0]);
}

