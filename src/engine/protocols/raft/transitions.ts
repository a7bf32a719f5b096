// Raft role transitions (Ongaro & Ousterhout 2014, Fig. 2 "Rules for Servers"; etcd-io/raft
// becomeFollower/becomeCandidate/becomePreCandidate/becomeLeader). Kept apart from message
// handling (raft.ts) so each file stays small.
import type { Ctx } from "../../core/protocol.ts";
import { causeLayout } from "../../core/cause-record.ts";
import type { RaftOptions, RaftTiming } from "./config.ts";
import type { RaftState } from "./state.ts";
import { electionTimeout, quorum } from "./rules.ts";
import { drawElectionTicks, electionTicks, msToTick } from "./ticks.ts";

export const T = (ctx: Ctx) => ctx.scenario.timing as RaftTiming;
export const O = (ctx: Ctx) => ctx.scenario.options as RaftOptions;

/** Is this run on etcd-io/raft's rules (options.variant, config.ts)? */
export const etcd = (ctx: Ctx): boolean => O(ctx).variant === "etcd";

/** A fresh randomized election timeout. etcd: reset() draws randomizedElectionTimeout and
 *  zeroes electionElapsed, so the timer fires on the rto-th tick of this server's ticker
 *  (raft.go reset, resetRandomizedElectionTimeout at cdfbeed3149e6dd1c7881853d8ed5993ffcd6be2).
 *  Paper §5.2: a uniform draw from the range. */
export function armElection(ctx: Ctx, st: RaftState): void {
  if (etcd(ctx)) {
    st.rto = drawElectionTicks(ctx);
    ctx.setTimer("election", msToTick(ctx, st.phase, st.rto));
  } else ctx.setTimer("election", electionTimeout(T(ctx).electionTimeout, ctx.random()));
}

/** Restart the election timer. etcd zeroes electionElapsed and keeps the timeout drawn at the
 *  last reset(): stepFollower on MsgApp/MsgHeartbeat, a granted MsgVote (Step), tickElection
 *  before MsgHup. The paper (Fig. 2 Followers) restarts with a fresh draw. */
export function restartElection(ctx: Ctx, st: RaftState): void {
  if (etcd(ctx)) ctx.setTimer("election", msToTick(ctx, st.phase, st.rto));
  else armElection(ctx, st);
}

/** The leader's next heartbeat: every tick (etcd tickHeartbeat, HeartbeatTick 1) or every
 *  heartbeat interval (paper). */
export function armHeartbeat(ctx: Ctx, st: RaftState): void {
  ctx.setTimer("heartbeat", etcd(ctx) ? msToTick(ctx, st.phase, 1) : T(ctx).heartbeat);
}

/** The leader's next CheckQuorum: every electionTimeout ticks of tickHeartbeat (etcd) or every
 *  minimum election timeout (thesis §6.2). */
export function armCheckQuorum(ctx: Ctx, st: RaftState): void {
  ctx.setTimer(
    "checkQuorum",
    etcd(ctx) ? msToTick(ctx, st.phase, electionTicks(ctx)) : T(ctx).electionTimeout[0],
  );
}

export function broadcast(ctx: Ctx, kind: string, body: unknown): void {
  for (let i = 0; i < ctx.n; i++) if (i !== ctx.self) ctx.send(i, kind, body);
}

export function count(votes: number[], v: number): number {
  let c = 0;
  for (const x of votes) if (x === v) c++;
  return c;
}

/** Term rule (Fig. 2 "All servers"; etcd-io/raft becomeFollower). */
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
  // etcd-io/raft becomeFollower calls reset(term), which draws a fresh randomized timeout
  // (raft.go at cdfbeed3149e6dd1c7881853d8ed5993ffcd6be2). The paper's rules reset only on
  // AppendEntries or a granted vote, so a candidate keeps its running timer.
  if (etcd(ctx) || !ctx.hasTimer("election")) armElection(ctx, st);
}

const SELF_VOTE_VALUES = causeLayout(["term", "candidate"], ["candidate"]);

/** §5.2: increment the term, vote for self, ask everyone. */
export function campaign(ctx: Ctx, st: RaftState): void {
  st.d.term++;
  st.d.votedFor = ctx.self;
  st.role = "candidate";
  st.leader = -1;
  st.votes.fill(0);
  st.votes[ctx.self] = 1;
  if (ctx.recordsAll)
    ctx.voteBecause(st.d.term, ctx.self, true, false, "raft.vote.self", SELF_VOTE_VALUES, [
      st.d.term,
      ctx.self,
    ]);
  else ctx.vote(st.d.term, ctx.self, true, false);
  armElection(ctx, st); // etcd becomeCandidate: reset(r.Term + 1)
  broadcast(ctx, "RequestVote", { term: st.d.term, lastIndex: st.d.lastIndex, lastTerm: st.d.lastTerm });
  if (1 >= quorum(ctx.n)) {
    ctx.because("raft.election.won", { granted: 1, quorum: quorum(ctx.n), term: st.d.term });
    becomeLeader(ctx, st);
  }
}

/** Thesis §9.6; etcd-io/raft becomePreCandidate: ask for term+1 without bumping ours. */
export function preCampaign(ctx: Ctx, st: RaftState): void {
  st.role = "precandidate";
  st.leader = -1;
  st.votes.fill(0);
  st.votes[ctx.self] = 1;
  // etcd: becomePreCandidate does not reset(); tickElection zeroed electionElapsed before
  // MsgHup, so the same randomized timeout runs again.
  restartElection(ctx, st);
  broadcast(ctx, "PreVote", { term: st.d.term + 1, lastIndex: st.d.lastIndex, lastTerm: st.d.lastTerm });
  if (1 >= quorum(ctx.n)) campaign(ctx, st);
}

export function sendHeartbeats(ctx: Ctx, st: RaftState): void {
  broadcast(ctx, "AppendEntries", { term: st.d.term, lastIndex: st.d.lastIndex, lastTerm: st.d.lastTerm });
}

/** Fig. 2 Leaders; etcd-io/raft becomeLeader appends an empty entry of its term (§5.4.2). */
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
  armHeartbeat(ctx, st);
  if (O(ctx).checkQuorum) armCheckQuorum(ctx, st);
}
