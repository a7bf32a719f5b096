// etcd concurrency.Election on a Session (etcd client/v3/concurrency
// election.go, key.go, session.go, client/v3/lease.go). Each node: grant a lease (the session),
// put pfx/<leaseID> on it if absent (Campaign), then wait until no key with a lower create
// revision is left, watching only its immediate predecessor (waitDeletes). The lowest create
// revision leads; the token is that create revision (e.Rev()). The store judges expiry on its
// own clock; the holder self-demotes on its *own* monotonic clock at
// t_send(last acknowledged keepalive) + TTL − margin, because the client's deadline (measured
// from the reply) is not conservative (lease.go:549-550).
import type { Ctx, Protocol } from "../../core/protocol.ts";
import type { Msg } from "../../core/types.ts";
import type { EtcdOptions, EtcdTiming } from "./config.ts";
import { leaseHex } from "../../servers/index.ts";

export type EtcdPhase = "granting" | "campaigning" | "waiting" | "leader";
export interface EtcdState {
  phase: EtcdPhase;
  reqSeq: number;
  /** the request this phase waits for (grant, campaign, predecessor lookup) */
  want: number;
  /** requests awaiting an answer (grant, keepalives): id and local send time, oldest first */
  kaSent: Array<{ id: number; at: number }>;
  lease: number;
  ttl: number;
  /** local send time of the newest acknowledged keepalive (or of the grant) */
  ackedSend: number;
  /** local self-demotion deadline: ackedSend + ttl − margin */
  deadline: number;
  key: string;
  rev: number;
  waitingOn: string | null;
  watchReq: number;
  /** options.keepAlive: the revision the current watch resumes from after its stream breaks
   *  (clientv3 watch.go serveSubstream keeps ws.initReq.rev = last event's ModRevision + 1, or
   *  the revision it was created with), and whether it has been resumed */
  watchFrom?: number;
  resumed?: boolean;
  /** the connection the session's LeaseGrant went out on (0: none, or a datagram transport) */
  grantConn?: number;
  /** options.selfDemote off: local time the last keepalive answer arrived (clientv3's deadline
   *  is that + TTL), the deadline loop's first tick, and whether Session.Done has closed */
  ackedRecv?: number;
  loopStart?: number;
  done?: boolean;
  /** local time clientv3's sendKeepAliveLoop made its first pass (the session's first KeepAlive) */
  kaLoop?: number;
}

/** clientv3 lease.go deadlineLoop: a timer Reset to time.Second on each pass closes a keepalive
 *  whose deadline passed (etcd-io/etcd @c34dc7ee0048fd2bcc44d50beff002e5e8069b69
 *  client/v3/lease.go:569-590), so Session.Done closes on the first whole second after it. */
const DEADLINE_LOOP = 1000;

const T = (ctx: Ctx) => ctx.scenario.timing as EtcdTiming;
const O = (ctx: Ctx) => ctx.scenario.options as EtcdOptions;
const req = (ctx: Ctx, st: EtcdState) => ctx.inc * 1_000_000 + ++st.reqSeq;

/** Local send time of an unanswered request, or undefined. */
function sentAt(st: EtcdState, id: number): number | undefined {
  for (const k of st.kaSent) if (k.id === id) return k.at;
  return undefined;
}

/** NewSession: LeaseGrant, then KeepAlive (session.go:41-79). */
function grant(ctx: Ctx, st: EtcdState): void {
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
function grantInFlight(ctx: Ctx, st: EtcdState): boolean {
  return !!st.grantConn && ctx.connection(ctx.STORE) === st.grantConn;
}

/** election.go:69-107: Txn If(CreateRevision(k)==0) Then Put(k, val, lease) Else Get(k). */
function campaign(ctx: Ctx, st: EtcdState): void {
  st.phase = "campaigning";
  st.key = `${O(ctx).prefix}/${leaseHex(st.lease)}`;
  st.want = req(ctx, st);
  ctx.send(ctx.STORE, "Campaign", {
    reqId: st.want,
    compare: [{ key: st.key, target: "create", result: "=", value: 0 }],
    success: [{ op: "put", key: st.key, value: ctx.id, lease: st.lease }],
    failure: [{ op: "get", key: st.key }],
  });
  ctx.setTimer("retry", O(ctx).retry);
}

/** key.go:49-64: find the immediate predecessor by create revision; none left means we lead. */
function waitDeletes(ctx: Ctx, st: EtcdState): void {
  st.phase = "waiting";
  st.want = req(ctx, st);
  ctx.send(ctx.STORE, "GetPredecessor", {
    reqId: st.want,
    compare: [],
    success: [
      { op: "get", key: `${O(ctx).prefix}/`, prefix: true, sort: "lastCreate", maxCreateRev: st.rev - 1 },
    ],
  });
  ctx.setTimer("retry", O(ctx).retry);
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

function nextKeepAlive(ctx: Ctx, st: EtcdState): number {
  const now = ctx.local();
  const loop = O(ctx).retry;
  const start = st.kaLoop ?? now;
  const due = now + T(ctx).renew;
  return start + (Math.floor((due - start) / loop) + 1) * loop - now;
}

function setDeadline(ctx: Ctx, st: EtcdState): void {
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
function sessionLost(
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
function streamBroke(ctx: Ctx, st: EtcdState): void {
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

function onMessage(ctx: Ctx, st: EtcdState, m: Msg): void {
  const b = m.body;
  const ka = O(ctx).keepAlive;
  if (ka) {
    // Any frame from the server (a PING ack included) restarts the wait.
    ctx.cancelTimer("h2");
    ctx.setTimer("h2ping", ka.time);
    if (m.kind === "PingResp") return;
  }
  switch (m.kind) {
    case "LeaseGrantResp":
      if (st.phase !== "granting" || b.reqId !== st.want) return;
      st.lease = b.lease;
      st.ttl = b.ttl;
      st.ackedSend = sentAt(st, b.reqId) as number;
      st.kaSent = [];
      setDeadline(ctx, st);
      // clientv3 lease.go KeepAlive: a fresh keepAlive has nextKeepAlive: time.Now(), so the
      // first keepalive goes out at once; TTL/3 applies only after each response (lease.go:549).
      st.kaLoop = ctx.local();
      ctx.setTimer("ka", 0);
      campaign(ctx, st);
      return;
    case "LeaseKeepAliveResp": {
      const sent = sentAt(st, b.reqId);
      if (sent === undefined || b.lease !== st.lease) return;
      if (b.ttl <= 0) {
        // Session.Done closes on a TTL-0 answer (lease.go recvKeepAlive). Without the
        // application's timer, a waiting Campaign does not notice (etcd issue 19597).
        if (!O(ctx).selfDemote && st.phase !== "leader") {
          st.done = true;
          ctx.cancelTimer("ka");
          ctx.cancelTimer("demote");
          return;
        }
        return sessionLost(
          ctx,
          st,
          "keepalive answered: lease not found (expired at the store)",
          "not-found",
        );
      }
      if (sent > st.ackedSend) st.ackedSend = sent;
      // Older keepalives went unanswered: the stream broke and came back. The client then
      // resumes its watch from the last revision it saw (clientv3 watch resumption).
      const before = st.kaSent.length;
      st.kaSent = st.kaSent.filter((k) => k.id !== b.reqId && k.at >= sent);
      const gap = st.kaSent.length < before - 1;
      setDeadline(ctx, st);
      ctx.setTimer("ka", nextKeepAlive(ctx, st));
      // With options.keepAlive the stream's break is modelled itself (onTimer "h2": the watch
      // resumes from its revision), so this stand-in is not needed there.
      if (gap && st.phase === "waiting" && !O(ctx).keepAlive) waitDeletes(ctx, st);
      return;
    }
    case "CampaignResp":
      if (st.phase !== "campaigning" || b.reqId !== st.want) return;
      if (b.error)
        return sessionLost(ctx, st, `campaign failed: ${b.error}`, "campaign-failed", String(b.error));
      st.rev = b.succeeded ? b.rev : b.results[0].kvs[0].createRev;
      ctx.because(
        "etcd.campaign.queued",
        { rev: st.rev, created: !!b.succeeded, key: st.key },
        { kind: "none" },
      );
      waitDeletes(ctx, st);
      return;
    case "GetPredecessorResp": {
      if (st.phase !== "waiting" || b.reqId !== st.want) return;
      ctx.cancelTimer("retry");
      const kvs = b.results[0].kvs as Array<{ key: string }>;
      if (kvs.length === 0) {
        ctx.because(
          "etcd.election.noPredecessor",
          { rev: st.rev, predecessors: 0, atRev: b.rev },
          { kind: "none" },
        );
        st.phase = "leader";
        st.waitingOn = null;
        // Campaign returned. If Session.Done already closed while it waited, its key is gone too
        // (etcd issue 19597), yet Campaign said success; the application's select on Done sees
        // that at the deadline loop's next tick.
        if (st.done)
          ctx.setTimer("demote", DEADLINE_LOOP - ((ctx.local() - (st.loopStart ?? 0)) % DEADLINE_LOOP));
        return;
      }
      // key.go:25-45: watch the predecessor from the next revision until it is deleted.
      st.waitingOn = kvs[0].key;
      st.watchReq = req(ctx, st);
      if (O(ctx).keepAlive) {
        st.watchFrom = b.rev + 1;
        st.resumed = false;
      }
      ctx.send(ctx.STORE, "Watch", { reqId: st.watchReq, key: st.waitingOn, fromRev: b.rev + 1 });
      ctx.setTimer("retry", O(ctx).retry);
      return;
    }
    case "WatchResp":
      if (b.reqId === st.watchReq) ctx.cancelTimer("retry");
      return;
    case "WatchEvent":
      if (st.phase === "waiting" && b.reqId === st.watchReq && b.key === st.waitingOn) {
        if (st.resumed)
          ctx.note(
            `the resumed watch on ${b.key} delivered its delete (revision ${b.rev}, watched from ${st.watchFrom})`,
            { kind: "resumed-watch-event", key: b.key, rev: b.rev, fromRev: st.watchFrom as number },
          );
        ctx.because(
          "etcd.watch.predecessorDeleted",
          { key: b.key, rev: b.rev, myRev: st.rev },
          { kind: "none" },
        );
        waitDeletes(ctx, st);
      }
      return;
  }
}

function onTimer(ctx: Ctx, st: EtcdState, name: string): void {
  if (name === "h2") return streamBroke(ctx, st);
  if (name === "h2ping") {
    // Time without a frame from the server: an HTTP/2 PING, which must be answered within Timeout.
    ctx.send(ctx.STORE, "Ping", { reqId: req(ctx, st) });
    return ctx.setTimer("h2", (O(ctx).keepAlive as { timeout: number }).timeout);
  }
  if (name === "ka") {
    if (!st.lease || st.done) return;
    const id = req(ctx, st);
    st.kaSent.push({ id, at: ctx.local() });
    ctx.send(ctx.STORE, "LeaseKeepAlive", { reqId: id, lease: st.lease });
    // Unanswered keepalives are resent every retryConnWait (lease.go:86, 593-620).
    ctx.setTimer("ka", O(ctx).retry);
  } else if (name === "demote") {
    if (!O(ctx).selfDemote) {
      // Session.Done. A waiting Campaign does not watch it: it stays blocked in waitDeletes on
      // its predecessor, its own key deleted with the lease (the issue 19597 gap). A leader's
      // application selects on Done and stops.
      st.done = true;
      ctx.cancelTimer("ka"); // the keepalive loop for this lease has ended
      if (st.phase !== "leader") return;
      return sessionLost(
        ctx,
        st,
        `Session.Done: no keepalive answer for TTL ${st.ttl} ms since the one received at ${st.ackedRecv} on my clock`,
        "session-done",
      );
    }
    sessionLost(
      ctx,
      st,
      `no keepalive acknowledged since the one sent at ${st.ackedSend} on my clock (TTL ${st.ttl} ms, margin ${O(ctx).margin} ms)`,
      "no-ack",
    );
  } else if (name === "retry") {
    // A request went unanswered (store down or unreachable): ask again.
    if (st.phase === "granting") {
      if (grantInFlight(ctx, st)) return ctx.setTimer("retry", O(ctx).retry);
      grant(ctx, st);
    } else if (st.phase === "campaigning") campaign(ctx, st);
    else if (st.phase === "waiting") waitDeletes(ctx, st);
  }
}

export const etcd: Protocol<EtcdState> = {
  name: "etcd",
  tokenKind: "revision",
  electionKinds: [
    "Campaign",
    "CampaignResp",
    "GetPredecessor",
    "GetPredecessorResp",
    "Watch",
    "WatchResp",
    "WatchEvent",
  ],
  init: () => ({
    phase: "granting",
    reqSeq: 0,
    want: 0,
    kaSent: [],
    lease: 0,
    ttl: 0,
    ackedSend: 0,
    deadline: 0,
    key: "",
    rev: 0,
    waitingOn: null,
    watchReq: 0,
  }),
  start(ctx, st) {
    const ka = O(ctx).keepAlive;
    if (ka) ctx.setTimer("h2ping", ka.time);
    grant(ctx, st);
  },
  onMessage,
  onTimer,
  durable: () => null,
  role: (st) => (st.phase === "leader" ? "leader" : st.phase === "waiting" ? "follower" : "candidate"),
  believesLeader: (st) => st.phase === "leader",
  term: (st) => st.rev,
  token: (st) => (st.phase === "leader" ? st.rev : null),
  view: (ctx, st) => ({
    phase: st.phase,
    lease: st.lease
      ? {
          judge: "holder",
          expiresAtMs: st.deadline,
          remainingMs: Math.round((st.deadline - ctx.local()) * 1000) / 1000,
          detail: "self-demotes on its own clock: last acknowledged keepalive send + TTL - margin",
        }
      : null,
    leaseId: st.lease ? leaseHex(st.lease) : null,
    key: st.key || null,
    rev: st.rev || null,
    waitingOn: st.waitingOn,
  }),
  beforeWrite(ctx, st) {
    if (!O(ctx).checkBeforeWrite) return null;
    const left = st.deadline - ctx.local();
    return left > 0
      ? null
      : `lease check before write: ${Math.round(-left)} ms past my deadline on my own clock`;
  },
  onShutdown(ctx, st) {
    // Resign (election.go:132-145) then revoke the session's lease.
    if (st.phase === "leader") {
      ctx.send(ctx.STORE, "Resign", {
        reqId: req(ctx, st),
        compare: [{ key: st.key, target: "create", result: "=", value: st.rev }],
        success: [{ op: "delete", key: st.key }],
      });
    }
    if (st.lease) ctx.send(ctx.STORE, "LeaseRevoke", { reqId: req(ctx, st), lease: st.lease });
  },
};
