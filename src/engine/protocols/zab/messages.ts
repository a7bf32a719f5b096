// Zab's discovery, sync and broadcast messages on arrival, leader and follower side (the phases
// they move through, with their sources at apache/zookeeper release-3.8.0-1: discovery.ts).
import type { Ctx } from "../../core/protocol.ts";
import type { ZabState } from "./state.ts";
import {
  abandon,
  CONNECT_RETRY_MS,
  CONNECT_TRIES,
  EPOCH_SHIFT,
  followerInfo,
  initWait,
  maybeEstablish,
  maybeSync,
  newLeader,
  T,
} from "./discovery.ts";

/** Discovery, sync and broadcast messages. Returns false if the kind is not one of them. */
export function onZabMessage(
  ctx: Ctx,
  st: ZabState,
  from: number,
  kind: string,
  b: {
    acceptedEpoch: number;
    newEpoch: number;
    zxid: number;
    currentEpoch: number;
    epoch: number;
    syncedZxid: number;
  },
): boolean {
  const leading = st.state === "LEADING";
  const follows = st.state === "FOLLOWING" && from === st.leader;
  switch (kind) {
    case "FOLLOWERINFO":
      if (!leading) {
        ctx.send(from, "REFUSED", {});
        return true;
      } // no learner port open: connection refused
      // The learner port is bound when the Leader is made (before lead()): while the snapshot is
      // written the connection waits in the listen queue to be accepted.
      if (st.phase === "loading") (st.queued ??= []).push({ from, acceptedEpoch: b.acceptedEpoch });
      else followerInfo(ctx, st, from, b.acceptedEpoch);
      return true;
    case "REFUSED":
      if (!follows || st.phase !== "epoch") return true;
      if ((st.connectTries ?? 0) >= CONNECT_TRIES) {
        abandon(
          ctx,
          st,
          `Failed connect to leader ${ctx.nodeId(from)}: refused ${CONNECT_TRIES} times; looking again`,
          { kind: "looking", reason: "connect-refused", peer: ctx.nodeId(from) },
        );
      } else ctx.setTimer("connect", CONNECT_RETRY_MS);
      return true;
    case "LEADERINFO":
      if (!follows) return true;
      ctx.cancelTimer("connect");
      if (b.newEpoch < st.d.acceptedEpoch) {
        abandon(
          ctx,
          st,
          `leader ${ctx.nodeId(from)} proposed epoch ${b.newEpoch}, below my accepted epoch ${st.d.acceptedEpoch}`,
          {
            kind: "looking",
            reason: "epoch-below-accepted",
            peer: ctx.nodeId(from),
            epoch: b.newEpoch,
            accepted: st.d.acceptedEpoch,
          },
        );
      } else {
        // Strictly newer: persist and ACK with my history, once the write is done; equal: a
        // non-ACK (-1) at once, nothing to write.
        const ack = b.newEpoch > st.d.acceptedEpoch ? st.d.currentEpoch : -1;
        ctx.setTimer("read", initWait(ctx));
        if (ack === -1) {
          ctx.send(from, "ACKEPOCH", { currentEpoch: ack, zxid: st.d.lastZxid });
          return true;
        }
        st.d.acceptedEpoch = b.newEpoch;
        st.phase = "ackepoch";
        ctx.setTimer("ackepoch", T(ctx).epochWrite);
      }
      return true;
    case "ACKEPOCH":
      if (!leading || st.newEpoch < 0) return true;
      if (b.currentEpoch !== -1) {
        if (
          b.currentEpoch > st.d.currentEpoch ||
          (b.currentEpoch === st.d.currentEpoch && b.zxid > st.d.lastZxid)
        ) {
          abandon(
            ctx,
            st,
            `Follower ${ctx.nodeId(from)} is ahead of the leader (epoch ${b.currentEpoch}, zxid 0x${b.zxid.toString(16)})`,
            {
              kind: "looking",
              reason: "follower-ahead",
              peer: ctx.nodeId(from),
              epoch: b.currentEpoch,
              zxid: b.zxid,
            },
          );
          return true;
        }
      }
      st.epochAcks[from] = st.epochAcks[from] === true || b.currentEpoch !== -1;
      if (st.phase === "ackepoch") maybeSync(ctx, st);
      else newLeader(ctx, st, from); // the quorum is in: sync this learner at once
      return true;
    case "NEWLEADER":
      if (!follows) return true;
      // The sync before it (LearnerHandler.syncFollower, discovery.ts newLeader) brings this
      // follower to the leader's history, syncedZxid (Learner.syncWithLeader, Learner.java:549-797
      // @5a02a05eddb59aee6ac762f7ea82e92a68eb9c0f). Its lastProcessedZxid, the zxid its votes carry
      // (QuorumPeer.getLastLoggedZxid, QuorumPeer.java:1324-1329), moves at once after TRUNC or
      // SNAP (setlastProcessedZxid, :592, :606); a DIFF's proposals are logged at NEWLEADER
      // (:761-766) but committed only after UPTODATE (:792-794). Either way it ends at the
      // leader's history, never at the NEWLEADER packet's bare makeZxid(newEpoch, 0). Then
      // setCurrentEpoch's write and startupWithoutServing, then the ACK (Learner.java:752-769).
      st.d.currentEpoch = b.newEpoch;
      if (b.syncedZxid < st.d.lastZxid) st.d.lastZxid = b.syncedZxid; // TRUNC
      st.synced = b.syncedZxid; // DIFF: committed at UPTODATE
      st.phase = "sync";
      ctx.setTimer("acknewleader", T(ctx).epochWrite + T(ctx).serverStartup);
      ctx.setTimer("read", initWait(ctx));
      return true;
    case "ACK":
      if (!leading) return true;
      st.newLeaderAcks[from] = true;
      if (st.phase === "newleader") maybeEstablish(ctx, st);
      else if (st.phase === "starting")
        return true; // UPTODATE once the server has started
      else if (st.phase === "broadcast") {
        st.ackDeadline[from] = st.tick + T(ctx).syncLimit; // a (re)joining learner is now synced
        ctx.send(from, "UPTODATE", {});
      }
      return true;
    case "UPTODATE":
      if (!follows) return true;
      st.phase = "broadcast";
      st.established = true;
      if (st.synced !== undefined && st.synced > st.d.lastZxid) st.d.lastZxid = st.synced; // the DIFF's commits
      st.synced = undefined;
      ctx.setTimer("read", T(ctx).syncLimit * T(ctx).tickTime);
      return true;
    case "PING":
      if (leading && st.phase === "broadcast") {
        if (st.ackDeadline[from] !== undefined) st.ackDeadline[from] = st.tick + T(ctx).syncLimit; // tickOfNextAckDeadline
      } else if (follows && st.phase === "broadcast") {
        // The leader's transactions since, committed (it pings with its last zxid). Its own
        // makeZxid(epoch, 0), set when it starts (Leader.java:1555), is no transaction: a
        // follower's lastProcessedZxid only moves with one (DataTree.processTxn, :1106).
        if (b.epoch === st.d.currentEpoch && b.zxid > st.d.lastZxid && b.zxid % EPOCH_SHIFT !== 0)
          st.d.lastZxid = b.zxid;
        ctx.send(from, "PING", {});
        ctx.setTimer("read", T(ctx).syncLimit * T(ctx).tickTime);
      }
      return true;
  }
  return false;
}
