// The client's session (clientv3 Session): its lease grant, keepalive cadence, self-demotion deadline, its loss and a broken stream.
import type { Ctx } from "../../core/protocol.ts";
import { leaseHex } from "../../servers/index.ts";
import { DEADLINE_LOOP, O, T, req, type EtcdState } from "./state.ts";

/** NewSession: LeaseGrant, then KeepAlive (session.go:41-79). */
export function grant(ctx: Ctx, st: EtcdState): void {
  st.phase = "granting";
  st.lease = 0;
  st.rev = 0;
  st.key = "";
  st.waitingOn = null;
  st.want = req(ctx, st);
  st.kaSent = [{ id: st.want, at: ctx.local() }];
  ctx.cancelTimer("ka");
  ctx.cancelTimer("demote");
  ctx.send(ctx.STORE, "LeaseGrant", { reqId: st.want, ttl: T(ctx).ttl });
  st.grantConn = ctx.connection(ctx.STORE);
  ctx.setTimer("retry", O(ctx).retry);
}

/** Is the session's LeaseGrant still in flight on the stream it went out on? Grant is a unary
 *  call with no deadline of its own (NewSession passes the client's context): it waits for its
 *  answer for as long as the stream lives, and a cut only delays it in TCP. The client sends it
 *  again only after the call failed with Unavailable (the stream broke, or the server's host
 *  refused it): retryLeaseClient.LeaseGrant runs it under the repeatable retry policy
 *  (etcd client/v3/retry.go, isSafeRetryImmutableRPC; etcd-io/etcd
 *  @7271adecc593412258698f402c9da78def5fe106). Resending on a timer instead granted one
 *  orphan lease per resend once a long cut healed. */
export function grantInFlight(ctx: Ctx, st: EtcdState): boolean {
  return !!st.grantConn && ctx.connection(ctx.STORE) === st.grantConn;
}

/** clientv3 sets nextKeepAlive = now + TTL/3 when an answer arrives (lease.go recvKeepAlive),
 *  but only sendKeepAliveLoop sends, on passes retryConnWait (500 ms) apart from the stream's
 *  start, each sending the leases whose nextKeepAlive is strictly before now (etcd-io/etcd
 *  @c34dc7ee0048fd2bcc44d50beff002e5e8069b69 client/v3/lease.go recvKeepAlive,
 *  sendKeepAliveLoop). So at TTL 10 s a keepalive goes out every 3.5 s, not 3.33 s. Returns the
 *  delay from now to that pass. */
/** The steady cadence that gives: the first loop pass strictly after TTL/3 past the answer,
 *  which arrives a little after a pass (3.5 s at TTL 10 s, 1 s at TTL 2 s, 1.5 s at TTL 3 s). */
export function clientv3KeepAliveEvery(ttlMs: number, loopMs = 500): number {
  return (Math.floor(ttlMs / 3 / loopMs) + 1) * loopMs;
}

export function nextKeepAlive(ctx: Ctx, st: EtcdState): number {
  const now = ctx.local();
  const loop = O(ctx).retry;
  const start = st.kaLoop ?? now;
  const due = now + T(ctx).renew;
  return start + (Math.floor((due - start) / loop) + 1) * loop - now;
}

export function setDeadline(ctx: Ctx, st: EtcdState): void {
  if (!O(ctx).selfDemote) return sessionDeadline(ctx, st);
  st.deadline = st.ackedSend + st.ttl - O(ctx).margin;
  ctx.setTimer("demote", Math.max(0, st.deadline - ctx.local()));
}

/** Without the application's timer, only Session.Done ends a session: lease.go recvKeepAlive
 *  sets ka.deadline = now + TTL on each answer (when it *arrives*, later than the store counted
 *  from), and deadlineLoop closes the keepalive on its next 500 ms tick after that. */
function sessionDeadline(ctx: Ctx, st: EtcdState): void {
  const now = ctx.local();
  st.ackedRecv = now;
  st.loopStart ??= now;
  st.deadline = now + st.ttl;
  const ticks = Math.ceil((st.deadline - st.loopStart) / DEADLINE_LOOP);
  ctx.setTimer("demote", Math.max(0, st.loopStart + ticks * DEADLINE_LOOP - now));
}

/** The session is gone (expired on our clock, or the store says the lease is unknown). */
export function sessionLost(
  ctx: Ctx,
  st: EtcdState,
  why: string,
  reason: "no-ack" | "not-found" | "campaign-failed" | "session-done",
  error?: string,
): void {
  const led = st.phase === "leader";
  const cause =
    reason === "no-ack"
      ? ctx.because("etcd.client.deadline", {
          ackedAt: st.ackedSend,
          ttlMs: st.ttl,
          marginMs: O(ctx).margin,
          deadline: st.deadline,
        })
      : reason === "not-found"
        ? ctx.because("etcd.client.leaseNotFound", { ttl: 0, lease: leaseHex(st.lease) })
        : reason === "session-done"
          ? ctx.because("etcd.client.sessionDone", {
              ackedRecv: st.ackedRecv ?? null,
              ttlMs: st.ttl,
              deadline: st.deadline,
            })
          : ctx.because("etcd.client.campaignFailed", { error: error ?? null });
  ctx.trace({
    type: "lease",
    action: "self-demote",
    node: ctx.id,
    judge: "holder",
    lease: leaseHex(st.lease),
    ttlMs: st.ttl,
    expiresAtLocal: st.deadline,
    detail: `${why}${led ? "; stops leading" : ""}`,
    reason,
    ...(reason === "no-ack" ? { ackedAt: st.ackedSend } : {}),
    ...(error ? { error } : {}),
    ...(reason === "session-done" && st.done && led ? { keyExpired: true } : {}),
    why: cause,
  });
  st.done = false;
  st.loopStart = undefined;
  // Session.Close revokes the lease, best effort; then a new session campaigns again.
  if (st.lease) ctx.send(ctx.STORE, "LeaseRevoke", { reqId: req(ctx, st), lease: st.lease });
  grant(ctx, st);
}

/** gRPC keepalive (options.keepAlive): silent for time + timeout, so the client closes the
 *  transport (grpc-go http2_client.go keepalive: ping after Time without reads, close when the
 *  ping goes unanswered for Timeout). The watch client opens a new stream and registers each
 *  watcher again from the revision it had reached (clientv3 watch.go run: on errc,
 *  newWatchClient, then wc.Send(ws.initReq.toPB()) with StartRevision ws.initReq.rev; etcd-io/etcd
 *  @7c6c2c142b915b12bbe6466b6d602239c2c3491e). Bytes queued on the old stream are lost with it. */
export function streamBroke(ctx: Ctx, st: EtcdState): void {
  ctx.closeConnection(ctx.STORE);
  ctx.setTimer("h2ping", (O(ctx).keepAlive as { time: number }).time); // the new transport's own keepalive
  if (st.phase !== "waiting" || !st.waitingOn || st.watchFrom === undefined) return;
  st.watchReq = req(ctx, st);
  st.resumed = true;
  ctx.note(`the watch stream broke: watching ${st.waitingOn} again from revision ${st.watchFrom}`, {
    kind: "watch-resumed",
    key: st.waitingOn,
    fromRev: st.watchFrom,
  });
  ctx.send(ctx.STORE, "Watch", { reqId: st.watchReq, key: st.waitingOn, fromRev: st.watchFrom });
}
