// ZooKeeper's own election: Fast Leader Election (zab-fle.ts) picks the server with the best
// (epoch, zxid, sid), so the most complete history wins; Zab discovery and sync
// (zab-discovery.ts) then make it the leader of a new epoch, or send everyone back to LOOKING.
// Durable per server: currentEpoch, acceptedEpoch and the last logged zxid. The token is the
// zxid the leader starts serving from, makeZxid(epoch, 0): the epoch in the high 32 bits.
// Believer: an established leader (a quorum ACKed NEWLEADER), not FLE's LEADING output.
import type { Ctx, Protocol } from "./types.ts";
import type { Msg } from "../core/types.ts";
import type { ZabOptions } from "../scenario/schema.ts";
import { finalize, lookForLeader, onNotification, pollTimeout, type Notification, type Vote, type VoteRec } from "./zab-fle.ts";
import { abandon, connectToLeader, halfTick, makeZxid, onZabMessage } from "./zab-discovery.ts";

export type ZState = "LOOKING" | "FOLLOWING" | "LEADING";
export interface ZabDurable { currentEpoch: number; acceptedEpoch: number; lastZxid: number }
export interface ZabState {
  d: ZabDurable;
  state: ZState;
  /** leader: a quorum ACKed NEWLEADER; follower: UPTODATE received */
  established: boolean;
  // Fast Leader Election
  logicalclock: number;
  proposal: Vote;
  recvset: Record<string, VoteRec>;
  outofelection: Record<string, VoteRec>;
  notTimeout: number;
  finalizing: boolean;
  /** the vote this server decided (answered to LOOKING peers while not looking) */
  current: Vote & { round: number };
  // Discovery, sync, broadcast
  leader: number;
  phase: "" | "epoch" | "ackepoch" | "newleader" | "sync" | "broadcast";
  newEpoch: number;
  proposed: number;
  connecting: Record<string, number>;
  epochAcks: Record<string, boolean>;
  newLeaderAcks: Record<string, boolean>;
  /** per follower, the tick by which its next ack is due (tickOfNextAckDeadline) */
  ackDeadline: Record<string, number>;
  tick: number;
  tickSkip: boolean;
}

const O = (ctx: Ctx) => ctx.scenario.options as ZabOptions;
const hex = (z: number) => `0x${z.toString(16)}`;
const ZAB_KINDS = ["NOTIFICATION", "FOLLOWERINFO", "LEADERINFO", "ACKEPOCH", "NEWLEADER", "ACK", "UPTODATE"];

function onMessage(ctx: Ctx, st: ZabState, m: Msg): void {
  if (m.kind === "NOTIFICATION") return onNotification(ctx, st, m.from, m.body as Notification);
  onZabMessage(ctx, st, m.from, m.kind, m.body);
}

function onTimer(ctx: Ctx, st: ZabState, name: string): void {
  switch (name) {
    case "poll": return pollTimeout(ctx, st);
    case "finalize": return finalize(ctx, st);
    case "halftick": return halfTick(ctx, st);
    case "connect": return connectToLeader(ctx, st);
    case "discovery":
      if (st.state !== "LEADING" || st.established) return;
      return abandon(ctx, st, st.phase === "epoch" ? "Timeout while waiting for epoch from quorum"
        : st.phase === "ackepoch" ? "Timeout while waiting for epoch to be acked by quorum" : "Timeout while waiting for NEWLEADER to be acked by quorum");
    case "read":
      if (st.state !== "FOLLOWING") return;
      return abandon(ctx, st, `no packet from leader ${ctx.nodeId(st.leader)} in time (socket read timeout); looking again`);
  }
}

export const zab: Protocol<ZabState> = {
  name: "zab",
  tokenKind: "zxid",
  grant: "election",
  electionKinds: ZAB_KINDS,
  init(ctx, durable) {
    const h = O(ctx).histories?.[ctx.self] ?? [0, 0];
    const d: ZabDurable = durable ? { ...(durable as ZabDurable) } : { currentEpoch: h[0], acceptedEpoch: h[0], lastZxid: makeZxid(h[0], h[1]) };
    return {
      d, state: "LOOKING", established: false, logicalclock: 0, proposal: { leader: ctx.self, zxid: d.lastZxid, epoch: d.currentEpoch },
      recvset: {}, outofelection: {}, notTimeout: 0, finalizing: false, current: { leader: -1, zxid: 0, epoch: 0, round: 0 },
      leader: -1, phase: "", newEpoch: -1, proposed: 0, connecting: {}, epochAcks: {}, newLeaderAcks: {}, ackDeadline: {}, tick: 0, tickSkip: true,
    };
  },
  start: lookForLeader,
  onMessage,
  onTimer,
  durable: (st) => ({ ...st.d }),
  role: (st) => (st.state === "LEADING" && st.established ? "leader" : st.state === "FOLLOWING" ? "follower" : "candidate"),
  detail: (st) => (st.state === "LOOKING" ? "looking" : st.state === "LEADING" ? (st.established ? "leading" : "leading (discovery)") : st.established ? "following" : "following (sync)"),
  believesLeader: (st) => st.state === "LEADING" && st.established,
  term: (st) => st.d.currentEpoch,
  token: (st) => (st.state === "LEADING" && st.established ? makeZxid(st.d.currentEpoch, 0) : null),
  view: (ctx, st) => ({
    state: st.state, established: st.established, round: st.logicalclock,
    vote: st.state === "LOOKING" ? { leader: ctx.nodeId(st.proposal.leader), zxid: hex(st.proposal.zxid), epoch: st.proposal.epoch } : null,
    leader: st.leader >= 0 ? ctx.nodeId(st.leader) : null,
    currentEpoch: st.d.currentEpoch, acceptedEpoch: st.d.acceptedEpoch, lastZxid: hex(st.d.lastZxid), phase: st.phase || null,
  }),
  beforeWrite(ctx, st) {
    // Each leader write is a transaction: the next zxid of this epoch (followers learn it from pings).
    if (O(ctx).appendWrites) st.d.lastZxid++;
    return null;
  },
};
