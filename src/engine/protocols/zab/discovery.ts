// Zab after the vote: discovery, synchronisation and the broadcast heartbeat (Leader.java,
// LearnerHandler.java, Learner.java, Follower.java at apache/zookeeper release-3.8.0-1,
// 5a02a05eddb59aee6ac762f7ea82e92a68eb9c0f, the commit that became 3.8.0). FLE's winner is not a
// leader yet. Leader.lead (Leader.java:583-716) first loads its database, which ends in a
// snapshot (ZooKeeperServer.loadData, ZooKeeperServer.java:498-529), and only then starts the
// learner acceptor (Leader.java:597-604): a learner's connection waits in the listen queue
// meanwhile. It collects FOLLOWERINFO (each follower's acceptedEpoch) until a quorum has
// connected, proposes an epoch above every acceptedEpoch and writes it to disk before any
// LEADERINFO goes out (getEpochToPropose, Leader.java:1415-1429); followers accept only a
// strictly newer epoch, write it too, and ACK with their history (registerWithLeader,
// Learner.java:486-532); with a quorum of ACKEPOCH (waitForEpochAck, Leader.java:661) the
// leader writes currentEpoch (:662) while its LearnerHandlers sync each follower (DIFF, TRUNC
// or SNAP) and send NEWLEADER; a follower writes currentEpoch and starts its server without
// serving before it ACKs (Learner.java:735-769); a quorum of ACKs, the leader's own counted
// once its write is done (waitForNewLeaderAck, Leader.java:667, 1566-1600), lets it start its
// server (startZkServer, :692, 1516-1555) and only then is it established (ZabState BROADCAST,
// :716) and do LearnerHandlers send UPTODATE (waitForStartup, :1349-1353). Each wait gives up
// after initLimit ticks. Then the leader pings every half tick and steps down when fewer than a
// quorum acked within syncLimit ticks; a follower that hears nothing for syncLimit ticks looks
// again, and one whose leader's process died reads EOF on the connection and looks again at once.
// At most one server can establish itself per epoch: acceptedEpoch is persisted, accepted only
// when strictly newer, and quorums intersect. What each message does on arrival: messages.ts.
import type { Ctx } from "../../core/protocol.ts";
import type { ZabTiming } from "./config.ts";
import type { ZabState } from "./state.ts";
import { lookForLeader, quorum } from "./fle.ts";
import type { NoteInfo } from "../../core/trace.ts";

type LookingNote = Extract<NoteInfo, { kind: "looking" }>;

export const T = (ctx: Ctx) => ctx.scenario.timing as ZabTiming;
export const EPOCH_SHIFT = 2 ** 32;
/** ZxidUtils.makeZxid: the epoch in the high 32 bits, a counter in the low 32. */
export const makeZxid = (epoch: number, counter: number) => epoch * EPOCH_SHIFT + counter;
export const initWait = (ctx: Ctx) => T(ctx).initLimit * T(ctx).tickTime;
const count = (set: Record<string, unknown>) => Object.keys(set).length;
/** ACKEPOCH with currentEpoch -1 (already accepted this epoch) gets synced but does not count. */
const counted = (set: Record<string, boolean>) => Object.values(set).filter((x) => x).length;

/** FLE decided (setPeerState): lead, or connect to the leader. */
export function enterPeerState(ctx: Ctx, st: ZabState, leader: number): void {
  ctx.because("zab.fle.decided", {
    leader: ctx.nodeId(leader),
    leading: leader === ctx.self,
    epoch: st.proposal.epoch,
    zxid: st.proposal.zxid,
    round: st.logicalclock,
  });
  st.leader = leader;
  if (leader === ctx.self) {
    st.state = "LEADING";
    st.phase = "loading";
    st.newEpoch = -1;
    st.epochWritten = false;
    st.proposed = st.d.acceptedEpoch + 1; // getEpochToPropose with our own acceptedEpoch
    st.connecting = { [ctx.self]: st.d.acceptedEpoch };
    st.queued = [];
    st.epochAcks = { [ctx.self]: true };
    st.newLeaderAcks = {}; // our own ack counts once currentEpoch is written
    st.ackDeadline = {};
    // zk.loadData() and its snapshot run before cnxAcceptor.start(): FOLLOWERINFO waits.
    ctx.setTimer("loaded", T(ctx).snapshotWrite);
    return;
  }
  st.state = "FOLLOWING";
  st.phase = "epoch";
  st.connectTries = 0;
  connectToLeader(ctx, st);
  ctx.setTimer("read", initWait(ctx));
}

/** Learner.connectToLeader (LeaderConnector.connectToLeader @53a78e3): at most 5 tries,
 *  sleeping leaderConnectDelayDuringRetryMs (100 ms) after each refused one, all within
 *  tickTime × initLimit; then the learner throws and goes back to LOOKING. The FOLLOWERINFO
 *  stands for the connect and the first packet on it: a server that is not leading has no
 *  learner port open and refuses it (REFUSED, an RST). A connect nobody answers (a cut)
 *  runs into the read timeout, armed for initLimit ticks when FLE decided. */
export const CONNECT_RETRY_MS = 100;
export const CONNECT_TRIES = 5;
export function connectToLeader(ctx: Ctx, st: ZabState): void {
  if (st.state !== "FOLLOWING" || st.phase !== "epoch") return;
  st.connectTries = (st.connectTries ?? 0) + 1;
  ctx.send(st.leader, "FOLLOWERINFO", { acceptedEpoch: st.d.acceptedEpoch, zxid: st.d.lastZxid });
}

/** The leader's process died: its kernel closed our connection, and Follower.followLeader's
 *  readPacket throws at once (EOF) instead of waiting out syncLimit ticks; a leader drops a
 *  dead learner's LearnerHandler, so it no longer counts as synced. */
export function connectionClosed(ctx: Ctx, st: ZabState, peer: number): void {
  if (st.state === "FOLLOWING" && peer === st.leader) {
    return abandon(
      ctx,
      st,
      `leader ${ctx.nodeId(peer)} closed the connection (its process died): looking again`,
      { kind: "looking", reason: "connection-closed", peer: ctx.nodeId(peer) },
    );
  }
  if (st.state === "LEADING" && st.ackDeadline[peer] !== undefined) delete st.ackDeadline[peer];
}

/** Every timer of discovery, sync and broadcast: none outlives a return to LOOKING. */
const ZAB_PHASE_TIMERS = [
  "discovery",
  "halftick",
  "read",
  "connect",
  "loaded",
  "accepted",
  "current",
  "started",
  "ackepoch",
  "acknewleader",
];

/** Back to LOOKING, and why. */
export function abandon(ctx: Ctx, st: ZabState, why: string, looking: LookingNote): void {
  const cause = ctx.because(`zab.looking.${looking.reason}`, {
    peer: looking.peer ?? null,
    synced: looking.synced ? looking.synced.length : null,
    epoch: looking.epoch ?? null,
    accepted: looking.accepted ?? null,
    zxid: looking.zxid ?? null,
    phase: st.phase || null,
    quorum: quorum(ctx.n),
  });
  ctx.note(why, looking, cause);
  // Follower.shutdown closes its socket to the leader; Leader.shutdown closes every
  // LearnerHandler's. A peer that can be reached reads the FIN and looks again at once.
  if (st.state === "FOLLOWING" && st.leader >= 0) ctx.closeConnection(st.leader);
  if (st.state === "LEADING") {
    const learners = new Set(
      [...Object.keys(st.connecting ?? {}), ...Object.keys(st.ackDeadline ?? {})].map(Number),
    );
    for (const sid of learners) if (sid !== ctx.self) ctx.closeConnection(sid);
  }
  for (const t of ZAB_PHASE_TIMERS) ctx.cancelTimer(t);
  st.leader = -1;
  lookForLeader(ctx, st);
}

/** The snapshot is written: the acceptor takes the learners that connected meanwhile. */
export function loaded(ctx: Ctx, st: ZabState): void {
  if (st.state !== "LEADING" || st.phase !== "loading") return;
  st.phase = "epoch";
  ctx.setTimer("discovery", initWait(ctx));
  const queued = st.queued ?? [];
  st.queued = [];
  for (const q of queued) followerInfo(ctx, st, q.from, q.acceptedEpoch);
  maybeFixEpoch(ctx, st);
}

export function followerInfo(ctx: Ctx, st: ZabState, from: number, acceptedEpoch: number): void {
  if (st.newEpoch < 0) {
    if (acceptedEpoch >= st.proposed) st.proposed = acceptedEpoch + 1;
    st.connecting[from] = acceptedEpoch;
    return maybeFixEpoch(ctx, st);
  }
  st.connecting[from] = acceptedEpoch;
  // a late learner: told the epoch at once, or when its write is done
  if (st.epochWritten) ctx.send(from, "LEADERINFO", { newEpoch: st.newEpoch });
}

function maybeFixEpoch(ctx: Ctx, st: ZabState): void {
  if (st.phase !== "epoch" || st.newEpoch >= 0 || count(st.connecting) < quorum(ctx.n)) return;
  st.newEpoch = st.proposed;
  st.d.acceptedEpoch = st.newEpoch; // persisted before anything else is said
  st.phase = "ackepoch";
  ctx.setTimer("discovery", initWait(ctx));
  ctx.setTimer("accepted", T(ctx).epochWrite); // setAcceptedEpoch's write, then LEADERINFO
}

/** acceptedEpoch is on disk: every connected learner is told the new epoch. */
export function epochAccepted(ctx: Ctx, st: ZabState): void {
  if (st.state !== "LEADING" || st.newEpoch < 0 || st.epochWritten) return;
  st.epochWritten = true;
  for (const sid of Object.keys(st.connecting).map(Number))
    if (sid !== ctx.self) ctx.send(sid, "LEADERINFO", { newEpoch: st.newEpoch });
}

export function maybeSync(ctx: Ctx, st: ZabState): void {
  if (st.phase !== "ackepoch" || counted(st.epochAcks) < quorum(ctx.n)) return;
  // Leader.lead: waitForEpochAck(...) then self.setCurrentEpoch(epoch), before NEWLEADER goes out.
  // Its LearnerHandlers sync their followers meanwhile; the leader's own NEWLEADER ack comes
  // when the write is done (timer "current").
  st.d.currentEpoch = st.newEpoch;
  st.phase = "newleader";
  ctx.setTimer("discovery", initWait(ctx));
  ctx.setTimer("current", T(ctx).epochWrite);
  for (const sid of Object.keys(st.epochAcks).map(Number)) if (sid !== ctx.self) newLeader(ctx, st, sid);
}

/** The leader's currentEpoch is on disk: it acks its own NEWLEADER (waitForNewLeaderAck). */
export function currentWritten(ctx: Ctx, st: ZabState): void {
  if (st.state !== "LEADING" || st.phase !== "newleader") return;
  st.newLeaderAcks[ctx.self] = true;
  maybeEstablish(ctx, st);
}

/** LearnerHandler.syncFollower (LearnerHandler.java:779-935 @5a02a05) brings the follower to our
 *  history: an empty DIFF if it has it, DIFF plus the committed proposals it lacks
 *  (queueCommittedProposals) if it is behind, TRUNC to our last committed zxid if it has
 *  transactions we lack, SNAP (our lastProcessedZxid) if our log does not reach back far
 *  enough; startForwarding then queues what is still outstanding. Then NEWLEADER, whose own
 *  zxid is makeZxid(newEpoch, 0) (:525, :600-603). One message stands for all of it here:
 *  syncedZxid is the history the follower ends with, ours at this moment. */
export function newLeader(ctx: Ctx, st: ZabState, sid: number): void {
  ctx.send(sid, "NEWLEADER", {
    newEpoch: st.newEpoch,
    zxid: makeZxid(st.newEpoch, 0),
    syncedZxid: st.d.lastZxid,
  });
}

export function maybeEstablish(ctx: Ctx, st: ZabState): void {
  if (st.phase !== "newleader" || !st.newLeaderAcks[ctx.self] || count(st.newLeaderAcks) < quorum(ctx.n))
    return;
  // The quorum ends waitForNewLeaderAck's initLimit wait; startZkServer then starts the request
  // processors before the leader serves (Leader.java:692).
  ctx.cancelTimer("discovery");
  st.phase = "starting";
  ctx.setTimer("started", T(ctx).serverStartup);
}

/** The leader's server has started: established, and the synced learners get UPTODATE. */
export function started(ctx: Ctx, st: ZabState): void {
  if (st.state !== "LEADING" || st.phase !== "starting") return;
  ctx.because("zab.newleader.quorum", {
    acks: count(st.newLeaderAcks),
    quorum: quorum(ctx.n),
    epoch: st.newEpoch,
  });
  st.phase = "broadcast";
  st.d.lastZxid = makeZxid(st.newEpoch, 0);
  st.established = true;
  st.tick = 0;
  st.tickSkip = true;
  ctx.cancelTimer("discovery");
  for (const sid of Object.keys(st.newLeaderAcks).map(Number)) {
    if (sid === ctx.self) continue;
    st.ackDeadline[sid] = T(ctx).syncLimit;
    ctx.send(sid, "UPTODATE", {});
  }
  ctx.setTimer("halftick", T(ctx).tickTime / 2);
}

/** Leader.lead's loop: every half tick; on every other one, count the synced followers. */
export function halfTick(ctx: Ctx, st: ZabState): void {
  if (st.state !== "LEADING" || st.phase !== "broadcast") return;
  if (!st.tickSkip) {
    st.tick++;
    // LearnerHandler.synced(): isAlive() && currentTick <= tickOfNextAckDeadline.
    let n = 1;
    // By sid, not for-in: a learner's entry is deleted when it leaves (so the record is a
    // dictionary), and for-in then built the key strings on every half tick. Integer keys
    // enumerate in ascending order, so the order is the same.
    const ack = st.ackDeadline;
    for (let k = 0; k < ctx.n; k++) if (ack[k] !== undefined && st.tick <= ack[k]) n++;
    if (n < quorum(ctx.n)) {
      const synced = [
        ctx.self,
        ...Object.keys(st.ackDeadline)
          .map(Number)
          .filter((s) => st.tick <= st.ackDeadline[s]),
      ];
      return abandon(
        ctx,
        st,
        `Not sufficient followers synced, only synced with sids: [ ${synced.map((s) => s + 1).join(",")} ]`,
        { kind: "looking", reason: "not-synced", synced: synced.map((s) => ctx.nodeId(s)) },
      );
    }
  }
  st.tickSkip = !st.tickSkip;
  for (let sid = 0; sid < ctx.n; sid++)
    if (st.ackDeadline[sid] !== undefined)
      ctx.send(sid, "PING", { zxid: st.d.lastZxid, epoch: st.d.currentEpoch });
  ctx.setTimer("halftick", T(ctx).tickTime / 2);
}

/** A follower's write is done: ACKEPOCH after acceptedEpoch, ACK after currentEpoch and its
 *  server's start. */
export function learnerWritten(ctx: Ctx, st: ZabState, name: "ackepoch" | "acknewleader"): void {
  if (st.state !== "FOLLOWING" || st.leader < 0) return;
  if (name === "ackepoch" && st.phase === "ackepoch") {
    st.phase = "epoch";
    ctx.send(st.leader, "ACKEPOCH", { currentEpoch: st.d.currentEpoch, zxid: st.d.lastZxid });
  } else if (name === "acknewleader" && st.phase === "sync") {
    ctx.send(st.leader, "ACK", { zxid: makeZxid(st.d.currentEpoch, 0) }); // newLeaderZxid (Learner.java:769)
  }
}
