// ZooKeeper's Fast Leader Election (FastLeaderElection.java @53a78e3).
// A LOOKING server bumps its round (logicalclock), votes for itself with (peerEpoch, zxid, sid)
// and tells everyone. It adopts any better vote (totalOrderPredicate, lines 717-745) and tells
// everyone again; once a quorum of the round's votes equals its own proposal it waits
// finalizeWait for a better one, and decides. A server that hears nothing doubles its wait
// (200 ms up to 60 s) and resends. FOLLOWING/LEADING servers answer a LOOKING one with the
// leader they follow, so a rebooted server joins an established ensemble (lines 1140-1180).
// Deciding is only a vote: leading needs discovery to succeed (zab-discovery.ts).
import type { Ctx } from "../../core/protocol.ts";
import type { ZabTiming } from "./config.ts";
import type { Notification, Vote, VoteRec, ZabState } from "./state.ts";

const T = (ctx: Ctx) => ctx.scenario.timing as ZabTiming;
export const quorum = (n: number) => Math.floor(n / 2) + 1;

/** totalOrderPredicate: is (a) better than (b)? Higher epoch, then higher zxid, then higher sid. */
export function better(a: Vote, b: Vote): boolean {
  return (
    a.epoch > b.epoch ||
    (a.epoch === b.epoch && (a.zxid > b.zxid || (a.zxid === b.zxid && a.leader > b.leader)))
  );
}

const selfVote = (ctx: Ctx, st: ZabState): Vote => ({
  leader: ctx.self,
  zxid: st.d.lastZxid,
  epoch: st.d.currentEpoch,
});

function sendNotifications(ctx: Ctx, st: ZabState): void {
  const p = st.proposal;
  const body: Notification = {
    state: "LOOKING",
    leader: p.leader,
    zxid: p.zxid,
    round: st.logicalclock,
    peerEpoch: p.epoch,
  };
  for (let i = 0; i < ctx.n; i++) if (i !== ctx.self) ctx.send(i, "NOTIFICATION", body);
  // ZooKeeper also queues the notification to itself: our own vote is in the round's recvset.
  st.recvset[ctx.self] = {
    leader: p.leader,
    zxid: p.zxid,
    epoch: p.epoch,
    round: st.logicalclock,
    state: "LOOKING",
  };
}

function updateProposal(st: ZabState, v: Vote): void {
  st.proposal = { leader: v.leader, zxid: v.zxid, epoch: v.epoch };
}

/** lookForLeader (lines 907-944): a new round, vote for myself, tell everyone. */
export function lookForLeader(ctx: Ctx, st: ZabState): void {
  st.state = "LOOKING";
  st.established = false;
  st.logicalclock++;
  st.recvset = {};
  st.outofelection = {};
  st.finalizing = false;
  updateProposal(st, selfVote(ctx, st));
  sendNotifications(ctx, st);
  st.notTimeout = T(ctx).finalizeWait;
  ctx.setTimer("poll", st.notTimeout);
}

/** No notification within notTimeout: resend, and wait twice as long next time (lines 958-974). */
export function pollTimeout(ctx: Ctx, st: ZabState): void {
  if (st.state !== "LOOKING" || st.finalizing) return;
  sendNotifications(ctx, st);
  st.notTimeout = Math.min(st.notTimeout * 2, T(ctx).maxNotificationInterval);
  ctx.setTimer("poll", st.notTimeout);
}

/** How many recorded votes agree with v (termPredicate's voteSet, lines 750-785). */
function agreeing(set: Record<string, VoteRec>, v: Vote, round: number, looking: boolean): number {
  let n = 0;
  for (const k in set) {
    const x = set[k];
    if (
      x.leader === v.leader &&
      x.epoch === v.epoch &&
      (!looking || (x.zxid === v.zxid && x.round === round))
    )
      n++;
  }
  return n;
}

/** checkLeader (lines 787-808): the leader itself said LEADING, or it is me and the round matches. */
function checkLeader(
  ctx: Ctx,
  st: ZabState,
  votes: Record<string, VoteRec>,
  leader: number,
  round: number,
): boolean {
  if (leader !== ctx.self) return votes[leader]?.state === "LEADING";
  return st.logicalclock === round;
}

/** The WorkerReceiver and the lookForLeader loop, for one notification. Returns the leader it
 *  decided on (the caller enters that peer state, discovery.ts), or null while still looking. */
export function onNotification(ctx: Ctx, st: ZabState, from: number, n: Notification): number | null {
  if (st.state !== "LOOKING") {
    // Not looking: tell a looking peer whom we follow (WorkerReceiver, lines 433-460).
    if (n.state === "LOOKING")
      ctx.send(from, "NOTIFICATION", {
        state: st.state,
        leader: st.current.leader,
        zxid: st.current.zxid,
        round: st.current.round,
        peerEpoch: st.current.epoch,
      } satisfies Notification);
    return null;
  }
  // A looking peer in an older round gets our vote back so it catches up (lines 414-431).
  if (n.state === "LOOKING" && n.round < st.logicalclock) {
    const p = st.proposal;
    ctx.send(from, "NOTIFICATION", {
      state: "LOOKING",
      leader: p.leader,
      zxid: p.zxid,
      round: st.logicalclock,
      peerEpoch: p.epoch,
    } satisfies Notification);
  }
  ctx.setTimer("poll", st.notTimeout); // poll() returned something: the wait starts over
  const v: Vote = { leader: n.leader, zxid: n.zxid, epoch: n.peerEpoch };
  if (st.finalizing) {
    // Draining for finalizeWait: a better vote goes back in the queue, anything else is dropped.
    if (!better(v, st.proposal)) {
      ctx.setTimer("finalize", T(ctx).finalizeWait);
      return null;
    }
    st.finalizing = false;
    ctx.cancelTimer("finalize");
  }
  if (n.state === "LOOKING") {
    lookingPeer(ctx, st, from, n, v);
    return null;
  }
  // FOLLOWING or LEADING (receivedFollowingNotification).
  const rec: VoteRec = { leader: v.leader, zxid: v.zxid, epoch: v.epoch, round: n.round, state: n.state };
  if (n.round === st.logicalclock) {
    st.recvset[from] = rec;
    if (
      agreeing(st.recvset, v, n.round, false) >= quorum(ctx.n) &&
      checkLeader(ctx, st, st.recvset, n.leader, n.round)
    )
      return decide(ctx, st, v);
  }
  st.outofelection[from] = rec;
  if (
    agreeing(st.outofelection, v, n.round, false) >= quorum(ctx.n) &&
    checkLeader(ctx, st, st.outofelection, n.leader, n.round)
  ) {
    st.logicalclock = n.round; // join the established ensemble in its round
    return decide(ctx, st, v);
  }
  return null;
}

function lookingPeer(ctx: Ctx, st: ZabState, from: number, n: Notification, v: Vote): void {
  if (n.round > st.logicalclock) {
    st.logicalclock = n.round;
    st.recvset = {};
    updateProposal(st, better(v, selfVote(ctx, st)) ? v : selfVote(ctx, st));
    sendNotifications(ctx, st);
  } else if (n.round < st.logicalclock) return;
  else if (better(v, st.proposal)) {
    updateProposal(st, v);
    sendNotifications(ctx, st);
  }
  st.recvset[from] = { leader: v.leader, zxid: v.zxid, epoch: v.epoch, round: n.round, state: "LOOKING" };
  if (agreeing(st.recvset, st.proposal, st.logicalclock, true) >= quorum(ctx.n)) {
    st.finalizing = true;
    ctx.setTimer("finalize", T(ctx).finalizeWait);
  }
}

/** finalizeWait passed with no better vote: decide. */
export function finalize(ctx: Ctx, st: ZabState): number | null {
  if (st.state !== "LOOKING" || !st.finalizing) return null;
  st.finalizing = false;
  return decide(ctx, st, st.proposal);
}

/** Decided: the caller enters the peer state (setPeerState) for the returned leader. */
function decide(ctx: Ctx, st: ZabState, v: Vote): number {
  ctx.cancelTimer("poll");
  ctx.cancelTimer("finalize");
  st.finalizing = false;
  st.current = { ...v, round: st.logicalclock };
  return v.leader;
}
