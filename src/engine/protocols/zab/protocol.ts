// ZooKeeper's own election: Fast Leader Election (fle.ts) picks the server with the best
// (epoch, zxid, sid), so the most complete history wins; Zab discovery and sync
// (discovery.ts) then make it the leader of a new epoch, or send everyone back to LOOKING.
// Durable per server: currentEpoch, acceptedEpoch and the last logged zxid. The token is the
// zxid the leader starts serving from, makeZxid(epoch, 0): the epoch in the high 32 bits.
// Believer: an established leader (a quorum ACKed NEWLEADER), not FLE's LEADING output.
import type { Ctx, Protocol } from "../../core/protocol.ts";
import type { Msg } from "../../core/types.ts";
import type { ZabOptions } from "./config.ts";
import { finalize, lookForLeader, onNotification, pollTimeout } from "./fle.ts";
import {
  abandon,
  connectionClosed,
  connectToLeader,
  currentWritten,
  enterPeerState,
  epochAccepted,
  halfTick,
  learnerWritten,
  loaded,
  makeZxid,
  started,
} from "./discovery.ts";
import { onZabMessage } from "./messages.ts";
import type { Notification, ZabDurable, ZabState } from "./state.ts";

const O = (ctx: Ctx) => ctx.scenario.options as ZabOptions;
const hex = (z: number) => `0x${z.toString(16)}`;
const ZAB_KINDS = ["NOTIFICATION", "FOLLOWERINFO", "LEADERINFO", "ACKEPOCH", "NEWLEADER", "ACK", "UPTODATE"];

function onMessage(ctx: Ctx, st: ZabState, m: Msg): void {
  if (m.kind === "NOTIFICATION") {
    const decided = onNotification(ctx, st, m.from, m.body as Notification);
    if (decided !== null) enterPeerState(ctx, st, decided);
    return;
  }
  onZabMessage(ctx, st, m.from, m.kind, m.body);
}

function onTimer(ctx: Ctx, st: ZabState, name: string): void {
  switch (name) {
    case "poll":
      return pollTimeout(ctx, st);
    case "finalize": {
      const decided = finalize(ctx, st);
      if (decided !== null) enterPeerState(ctx, st, decided);
      return;
    }
    case "halftick":
      return halfTick(ctx, st);
    case "connect":
      return connectToLeader(ctx, st);
    // the writes and start-ups of discovery and sync (discovery.ts)
    case "loaded":
      return loaded(ctx, st);
    case "accepted":
      return epochAccepted(ctx, st);
    case "current":
      return currentWritten(ctx, st);
    case "started":
      return started(ctx, st);
    case "ackepoch":
    case "acknewleader":
      return learnerWritten(ctx, st, name);
    case "discovery":
      if (st.state !== "LEADING" || st.established) return;
      return abandon(
        ctx,
        st,
        st.phase === "epoch"
          ? "Timeout while waiting for epoch from quorum"
          : st.phase === "ackepoch"
            ? "Timeout while waiting for epoch to be acked by quorum"
            : "Timeout while waiting for NEWLEADER to be acked by quorum",
        {
          kind: "looking",
          reason:
            st.phase === "epoch"
              ? "epoch-timeout"
              : st.phase === "ackepoch"
                ? "ackepoch-timeout"
                : "newleader-timeout",
        },
      );
    case "read":
      if (st.state !== "FOLLOWING") return;
      return abandon(
        ctx,
        st,
        `no packet from leader ${ctx.nodeId(st.leader)} in time (socket read timeout); looking again`,
        { kind: "looking", reason: "read-timeout", peer: ctx.nodeId(st.leader) },
      );
  }
}

export const zab: Protocol<ZabState> = {
  name: "zab",
  tokenKind: "zxid",
  grant: "election",
  electionKinds: ZAB_KINDS,
  init(ctx, durable) {
    const h = O(ctx).histories?.[ctx.self] ?? [0, 0];
    const d: ZabDurable = durable
      ? { ...(durable as ZabDurable) }
      : { currentEpoch: h[0], acceptedEpoch: h[0], lastZxid: makeZxid(h[0], h[1]) };
    return {
      d,
      state: "LOOKING",
      established: false,
      logicalclock: 0,
      proposal: { leader: ctx.self, zxid: d.lastZxid, epoch: d.currentEpoch },
      recvset: {},
      outofelection: {},
      notTimeout: 0,
      finalizing: false,
      current: { leader: -1, zxid: 0, epoch: 0, round: 0 },
      leader: -1,
      phase: "",
      newEpoch: -1,
      proposed: 0,
      connecting: {},
      epochAcks: {},
      newLeaderAcks: {},
      ackDeadline: {},
      tick: 0,
      tickSkip: true,
    };
  },
  start: lookForLeader,
  onMessage,
  onTimer,
  onConnectionClosed: connectionClosed,
  durable: (st) => ({ ...st.d }),
  role: (st) =>
    st.state === "LEADING" && st.established ? "leader" : st.state === "FOLLOWING" ? "follower" : "candidate",
  detail: (st) =>
    st.state === "LOOKING"
      ? "looking"
      : st.state === "LEADING"
        ? st.established
          ? "leading"
          : "leading (discovery)"
        : st.established
          ? "following"
          : "following (sync)",
  believesLeader: (st) => st.state === "LEADING" && st.established,
  term: (st) => st.d.currentEpoch,
  token: (st) => (st.state === "LEADING" && st.established ? makeZxid(st.d.currentEpoch, 0) : null),
  view: (ctx, st) => ({
    state: st.state,
    established: st.established,
    round: st.logicalclock,
    vote:
      st.state === "LOOKING"
        ? { leader: ctx.nodeId(st.proposal.leader), zxid: hex(st.proposal.zxid), epoch: st.proposal.epoch }
        : null,
    leader: st.leader >= 0 ? ctx.nodeId(st.leader) : null,
    currentEpoch: st.d.currentEpoch,
    acceptedEpoch: st.d.acceptedEpoch,
    lastZxid: hex(st.d.lastZxid),
    phase: st.phase || null,
  }),
  // FLE notifications carry a vote: (peerEpoch, zxid, leader sid), compared in that order
  // (FastLeaderElection.totalOrderPredicate); shown with the leader as its id and zxids in hex.
  messageView(kind, body, nodeId) {
    const b = (body ?? {}) as Record<string, unknown>;
    const out: Record<string, string | number | boolean | null> = {};
    for (const [k, v] of Object.entries(b)) {
      if (k === "leader" && typeof v === "number") out.leader = nodeId(v);
      else if (k.toLowerCase().includes("zxid") && typeof v === "number") out[k] = hex(v);
      else if (typeof v === "number" || typeof v === "string" || typeof v === "boolean" || v === null)
        out[k] = v;
    }
    if (
      kind === "NOTIFICATION" &&
      typeof b.peerEpoch === "number" &&
      typeof b.zxid === "number" &&
      typeof b.leader === "number"
    ) {
      out.vote = `(${b.peerEpoch}, ${hex(b.zxid)}, ${nodeId(b.leader)})`;
    }
    return out;
  },
  beforeWrite(ctx, st) {
    // Each leader write is a transaction: the next zxid of this epoch (followers learn it from pings).
    if (O(ctx).appendWrites) st.d.lastZxid++;
    return null;
  },
};
