// etcd-io/raft's logical clock (the "etcd" variant). etcd-io/raft has no timers of its own: the
// host calls Tick() on a fixed period (etcd's --heartbeat-interval; the heartbeat is one tick,
// etcdserver's HeartbeatTick: 1), and every timeout is a count of those ticks:
//  - tickElection (raft.go at cdfbeed3149e6dd1c7881853d8ed5993ffcd6be2) increments
//    electionElapsed and campaigns once it reaches randomizedElectionTimeout, which
//    resetRandomizedElectionTimeout draws as electionTimeout + Intn(electionTimeout): a whole
//    number of ticks in [et, 2et).
//  - tickHeartbeat sends MsgBeat every heartbeatTimeout ticks and MsgCheckQuorum every
//    electionTimeout ticks.
//  - Step's inLease compares electionElapsed, a tick count, with electionTimeout.
// So a timeout fires on a tick boundary of the node's own ticker, whose phase is wherever its
// process started it. Two followers that heard the same heartbeat can fire in the same tick
// (a split vote), and one whose boundaries fall later still counts one tick fewer and is in
// lease when the first candidate asks (issue 34 item 10).
import type { Ctx } from "../../core/protocol.ts";
import type { RaftTiming } from "./config.ts";

const EPS = 1e-6;
const timing = (ctx: Ctx) => ctx.scenario.timing as RaftTiming;

/** The tick period: the heartbeat interval (etcd's TickMs; HeartbeatTick is 1). */
export const tickMs = (ctx: Ctx): number => timing(ctx).heartbeat;

/** etcd-io/raft's electionTimeout in ticks: etcd's ElectionTicks = ElectionMs / TickMs
 *  (etcd server/embed/config.go ElectionTicks at c34dc7ee0048fd2bcc44d50beff002e5e8069b69),
 *  at least 2, as raft's Config.validate requires ElectionTick > HeartbeatTick. */
export function electionTicks(ctx: Ctx): number {
  return Math.max(2, Math.floor(timing(ctx).electionTimeout[0] / tickMs(ctx) + EPS));
}

/** resetRandomizedElectionTimeout: et + Intn(et) ticks. The range's upper end, in whole ticks,
 *  plays 2et: etcd's own [et, 2et) when it is twice the lower end, as etcd's timing is. */
export function drawElectionTicks(ctx: Ctx): number {
  const lo = electionTicks(ctx);
  const hi = Math.floor(timing(ctx).electionTimeout[1] / tickMs(ctx) + EPS);
  const span = hi - lo;
  return span > 0 ? lo + Math.floor(ctx.random() * span) : lo;
}

/** Index of the last tick boundary at or before local time t, for a ticker of phase `phase`. */
function boundary(t: number, phase: number, tick: number): number {
  return Math.floor((t - phase) / tick + EPS);
}

/** Ticks the node's ticker delivered in (from, now]: the elapsed counter reset at `from`. */
export function ticksSince(ctx: Ctx, phase: number, from: number): number {
  if (!Number.isFinite(from)) return Infinity;
  const tick = tickMs(ctx);
  return boundary(ctx.local(), phase, tick) - boundary(from, phase, tick);
}

/** Milliseconds from now to the `ticks`-th tick boundary after now: when a counter reset now
 *  reaches `ticks`. */
export function msToTick(ctx: Ctx, phase: number, ticks: number): number {
  const tick = tickMs(ctx);
  const now = ctx.local();
  const at = phase + (boundary(now, phase, tick) + ticks) * tick;
  return Math.max(0, at - now);
}
