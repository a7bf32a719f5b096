// client-go's LeaderElector (leaderelection.go @32ce75a): its state, tryAcquireOrRenew as a
// chain of requests to the API server (Get, then Create or a CAS Update; the leader's fast path
// updates its cached record), acquire() retrying with jitter until it wins, and renew() polling
// within renewDeadline until it gives up. Handlers and the protocol object: kubernetes.ts.
import type { Ctx } from "../../core/protocol.ts";
import type { K8sOptions, K8sTiming } from "./config.ts";
import {
  JITTER_FACTOR,
  type LeaseRecord,
  getReq,
  createReq,
  updateReq,
  recordChanged,
} from "./lease-lock.ts";

export type Step = "fast" | "get" | "create" | "update" | "release-get" | "release";
export interface K8sState {
  /** acquire(): candidate loop; renew(): leader loop; "releasing": renew() gave up and its
   *  release() is running (still leading); "stopped": Run returned and the component stopped */
  loop: "acquire" | "renew" | "releasing" | "stopped";
  leading: boolean;
  observed: LeaseRecord | null;
  /** local monotonic time the record last changed from this client's view */
  observedTime: number;
  observedRV: number;
  attempt: { reqId: number; step: Step; start: number; record?: LeaseRecord } | null;
  reqSeq: number;
  roundDeadline: number | null;
  lastRenew: number;
  /** leaseTransitions of the record we acquired: the fencing token of this leadership
   *  (coordinated: the resourceVersion at which the controller named us) */
  epoch: number;
  /** coordinated only: earlier starts of this component (each restart may be an upgrade) */
  starts?: number;
  namedRV?: number;
  pingTime?: number | null;
  /** SIGTERM arrived: Run's context is cancelled; when renew() returns the process exits */
  shutdown?: boolean;
}

export const T = (ctx: Ctx) => ctx.scenario.timing as K8sTiming;
export const O = (ctx: Ctx) => ctx.scenario.options as K8sOptions;
export const isHolder = (ctx: Ctx, st: K8sState) => st.observed?.holderIdentity === ctx.id;
export const coordinated = (ctx: Ctx) => O(ctx).coordinated === true;
// leaderelection.go isLeaseValid: observedTime + record.LeaseDurationSeconds > now (line 553).
export const leaseValid = (st: K8sState, now: number) =>
  !!st.observed && st.observedTime + st.observed.leaseDurationSeconds * 1000 > now;

export function request(ctx: Ctx, st: K8sState, step: Step, start: number, record?: LeaseRecord): void {
  const reqId = ctx.inc * 1_000_000 + ++st.reqSeq;
  st.attempt = { reqId, step, start, record };
  if (step === "get") ctx.send(ctx.STORE, "Get", getReq(reqId));
  else if (step === "create") ctx.send(ctx.STORE, "Create", createReq(reqId, record as LeaseRecord));
  else ctx.send(ctx.STORE, "Update", updateReq(reqId, record as LeaseRecord, st.observedRV));
  ctx.setTimer("rpc", O(ctx).requestTimeout);
}

export function setObserved(ctx: Ctx, st: K8sState, rec: LeaseRecord, rv: number): void {
  st.observed = rec;
  st.observedTime = ctx.local();
  st.observedRV = rv;
}

/** tryAcquireOrRenew (leaderelection.go:444-515), as a chain of requests. */
export function tryAcquireOrRenew(ctx: Ctx, st: K8sState): void {
  const now = ctx.local();
  // tryCoordinatedRenew has no fast path: it always reads the Lease first.
  if (!coordinated(ctx) && isHolder(ctx, st) && leaseValid(st, now)) {
    // 1. Fast path: Update the cached record with a fresh renewTime (lines 456-467).
    // Written field by field (not spread): without coordination every Lease is written by an
    // elector, always with exactly these five fields in this order.
    const o = st.observed as LeaseRecord;
    const rec: LeaseRecord = {
      holderIdentity: o.holderIdentity,
      leaseDurationSeconds: o.leaseDurationSeconds,
      acquireTime: o.acquireTime,
      renewTime: ctx.wall(),
      leaseTransitions: o.leaseTransitions,
    };
    return request(ctx, st, "fast", now, rec);
  }
  request(ctx, st, "get", now); // 2.
}

export function afterGet(ctx: Ctx, st: K8sState, start: number, found: LeaseRecord | null, rv: number): void {
  const ld = Math.floor(T(ctx).leaseDuration / 1000); // int(LeaseDuration / time.Second): truncates
  if (!found) {
    // NotFound: Create with us as holder (lines 470-484).
    const rec: LeaseRecord = {
      holderIdentity: ctx.id,
      leaseDurationSeconds: ld,
      acquireTime: ctx.wall(),
      renewTime: ctx.wall(),
      leaseTransitions: 0,
    };
    return request(ctx, st, "create", start, rec);
  }
  if (recordChanged(found, st.observed)) {
    // 3. The record changed since we last looked: restart our own clock on it (lines 487-491).
    setObserved(ctx, st, found, rv);
    if (!isHolder(ctx, st))
      ctx.trace({
        type: "lease",
        action: "observe",
        node: ctx.id,
        judge: "observer",
        ttlMs: found.leaseDurationSeconds * 1000,
        expiresAtLocal: st.observedTime + found.leaseDurationSeconds * 1000,
        detail: `holder ${found.holderIdentity || "none"}`,
        holder: found.holderIdentity || null,
        why: ctx.cause("k8s.lease.observed", {
          holder: found.holderIdentity || null,
          leaseMs: found.leaseDurationSeconds * 1000,
          resourceVersion: rv,
        }),
      });
  } else st.observedRV = rv;
  // 4. Someone else holds an unexpired lease, judged on our clock (lines 492-495).
  if (found.holderIdentity !== "" && leaseValid(st, start) && !isHolder(ctx, st)) return done(ctx, st, false);
  // 5. Take over (transitions + 1) or keep our own acquireTime/transitions (lines 499-505).
  const mine = isHolder(ctx, st);
  if (!mine) {
    ctx.trace(
      found.holderIdentity
        ? {
            type: "lease",
            action: "takeover",
            node: ctx.id,
            judge: "observer",
            detail: `record unchanged for ${Math.round(start - st.observedTime)} ms on my clock (lease ${found.leaseDurationSeconds} s)`,
            holder: found.holderIdentity,
            reason: "expired",
            unchangedMs: Math.round(start - st.observedTime),
            why: ctx.because("k8s.lease.expiredOnMyClock", {
              holder: found.holderIdentity,
              unchangedMs: Math.round(start - st.observedTime),
              leaseMs: found.leaseDurationSeconds * 1000,
              observedAt: st.observedTime,
            }),
          }
        : {
            type: "lease",
            action: "takeover",
            node: ctx.id,
            judge: "observer",
            detail: "no holder",
            holder: null,
            reason: "no-holder",
            why: ctx.because("k8s.lease.noHolder", { holder: null }),
          },
    );
  }
  const rec: LeaseRecord = {
    holderIdentity: ctx.id,
    leaseDurationSeconds: ld,
    acquireTime: mine ? found.acquireTime : ctx.wall(),
    renewTime: ctx.wall(),
    leaseTransitions: mine ? found.leaseTransitions : found.leaseTransitions + 1,
  };
  request(ctx, st, "update", start, rec); // 6. CAS on resourceVersion
}

/** One attempt finished. Drives acquire() (JitterUntil, sliding) and renew() (Poll within RenewDeadline). */
export function done(ctx: Ctx, st: K8sState, ok: boolean): void {
  const start = st.attempt ? st.attempt.start : ctx.local();
  st.attempt = null;
  ctx.cancelTimer("rpc");
  if (st.loop === "acquire") {
    if (!ok) return ctx.setTimer("retry", T(ctx).retryPeriod * (1 + ctx.random() * JITTER_FACTOR)); // wait.Jitter(d, 1.2)
    ctx.because("k8s.lease.acquired", {
      holder: ctx.id,
      leaseTransitions: st.observed?.leaseTransitions ?? 0,
      resourceVersion: st.observedRV ?? null,
    });
    st.loop = "renew"; // Run: go OnStartedLeading(ctx); renew(ctx) (lines 211-222)
    st.leading = true;
    st.epoch = coordinated(ctx) ? (st.namedRV ?? 0) : (st.observed?.leaseTransitions ?? 0);
    return startRound(ctx, st);
  }
  if (ok) {
    st.lastRenew = ctx.local();
    st.roundDeadline = null;
    ctx.cancelTimer("deadline");
    ctx.setTimer("retry", T(ctx).retryPeriod); // wait.Until: next round RetryPeriod after this one returns
  } else {
    // PollUntilContextTimeout: next try one interval after the last one started (not sliding).
    ctx.setTimer("poll", Math.max(0, start + T(ctx).retryPeriod - ctx.local()));
  }
}

export function startRound(ctx: Ctx, st: K8sState): void {
  st.roundDeadline = ctx.local() + T(ctx).renewDeadline;
  ctx.setTimer("deadline", T(ctx).renewDeadline);
  tryAcquireOrRenew(ctx, st);
}

/** renew() gave up: "failed to renew lease". With ReleaseOnCancel, renew() then calls release()
 *  before it returns, and only then does Run's deferred OnStoppedLeading run: the leader's work
 *  goes on through the release (leaderelection.go renew, release, Run). */
export function stopLeading(ctx: Ctx, st: K8sState): void {
  const why = ctx.because("k8s.renewDeadline", {
    lastRenewAt: Number.isFinite(st.lastRenew) ? st.lastRenew : null,
    renewDeadlineMs: T(ctx).renewDeadline,
    roundDeadline: st.roundDeadline ?? null,
    retryPeriodMs: T(ctx).retryPeriod,
  });
  ctx.trace({
    type: "lease",
    action: "self-demote",
    node: ctx.id,
    judge: "holder",
    expiresAtLocal: st.roundDeadline ?? undefined,
    detail: `failed to renew lease within renewDeadline (${T(ctx).renewDeadline} ms) on my clock`,
    reason: "renew-deadline",
    why,
  });
  st.attempt = null;
  for (const t of ["rpc", "poll", "deadline", "retry"]) ctx.cancelTimer(t);
  st.roundDeadline = null;
  if (O(ctx).releaseOnCancel && isHolder(ctx, st)) return releaseGet(ctx, st);
  runReturned(ctx, st);
}

/** renew() has returned: OnStoppedLeading; then Run returns, and the component campaigns again
 *  (a new Run) or stops. */
export function runReturned(ctx: Ctx, st: K8sState): void {
  st.attempt = null;
  ctx.cancelTimer("rpc");
  st.leading = false;
  if (O(ctx).afterLoss === "stop") {
    st.loop = "stopped";
    return;
  }
  st.loop = "acquire";
  ctx.setTimer("retry", T(ctx).retryPeriod * (1 + ctx.random() * JITTER_FACTOR));
}

/** release() (kubernetes/client-go @32ce75a7d6bc6960fd048d3d1e3b34185418d8c8
 *  tools/leaderelection/leaderelection.go:319-360): one context.WithTimeout(RenewDeadline) over
 *  tryRelease, a fresh Get and then an Update on that resourceVersion; on a 409 Conflict
 *  tryRelease calls itself again under the same context (the conflict comes from a renewal in
 *  flight when the context was cancelled; TestReleaseRetriesOnConflict). `why` says what ended
 *  renew(); `retry` marks a retry after a conflict (the timeout keeps running). */
function releaseGet(
  ctx: Ctx,
  st: K8sState,
  why = "renew() gave up: release() reads the Lease afresh",
  retry = false,
): void {
  st.loop = "releasing";
  ctx.trace({
    type: "lease",
    action: "release",
    node: ctx.id,
    judge: "holder",
    detail: why,
    reason: "release-on-cancel",
    releaseStep: "get",
  });
  const reqId = ctx.inc * 1_000_000 + ++st.reqSeq;
  st.attempt = { reqId, step: "release-get", start: retry && st.attempt ? st.attempt.start : ctx.local() };
  ctx.send(ctx.STORE, "Get", getReq(reqId));
  if (!retry) ctx.setTimer("rpc", T(ctx).renewDeadline); // one context.WithTimeout(RenewDeadline) for every call
}

/** release()'s Update answered 409 Conflict: tryRelease runs again from its Get. */
export function releaseConflict(ctx: Ctx, st: K8sState): void {
  releaseGet(ctx, st, "Conflict when releasing lease, retrying: release() reads the Lease again", true);
}

/** release()'s Get answered: if the Lease still names us, Update it on that resourceVersion
 *  with an empty holder (a conflict retries from the Get: releaseConflict; another error fails). */
export function releaseUpdate(ctx: Ctx, st: K8sState, found: LeaseRecord | null, rv: number): void {
  if (!found || found.holderIdentity !== ctx.id)
    return releaseDone(
      ctx,
      st,
      !found ? "failed" : "done",
      !found ? "lease lock not found" : "the Lease no longer names us",
    );
  const rec: LeaseRecord = {
    holderIdentity: "",
    leaseDurationSeconds: 1,
    acquireTime: ctx.wall(),
    renewTime: ctx.wall(),
    leaseTransitions: found.leaseTransitions,
  };
  ctx.trace({
    type: "lease",
    action: "release",
    node: ctx.id,
    judge: "holder",
    detail: `Update on resourceVersion ${rv}: clearing holderIdentity`,
    reason: "release-on-cancel",
    releaseStep: "update",
    resourceVersion: rv,
  });
  const start = st.attempt ? st.attempt.start : ctx.local();
  const reqId = ctx.inc * 1_000_000 + ++st.reqSeq;
  st.attempt = { reqId, step: "release", start, record: rec };
  ctx.send(ctx.STORE, "Update", updateReq(reqId, rec, rv));
}

/** release() returned (or its timeout fired): renew() returns now, and the leadership ends. On
 *  a graceful shutdown Run returns too and the process exits (the leadership ends with it). */
export function releaseDone(ctx: Ctx, st: K8sState, step: "done" | "failed", why: string): void {
  ctx.trace({
    type: "lease",
    action: "release",
    node: ctx.id,
    judge: "holder",
    detail: why,
    reason: "release-on-cancel",
    releaseStep: step,
  });
  if (st.shutdown) {
    st.attempt = null;
    ctx.cancelTimer("rpc");
    return ctx.exit();
  }
  runReturned(ctx, st);
}

/** SIGTERM: the component cancels the context it gave Run. OnStartedLeading's work runs on a
 *  child of that context (Run: context.WithCancel(ctx)), so the work stops at once: the leader
 *  writes nothing more. acquire() returns (nothing to release); renew()'s wait.Until stops,
 *  abandoning a renewal in flight (its request's context is cancelled, so a late answer is
 *  ignored), and with ReleaseOnCancel release() runs before renew() returns, on a fresh
 *  context.Background() (kubernetes/client-go @32ce75a7d6bc6960fd048d3d1e3b34185418d8c8
 *  tools/leaderelection/leaderelection.go:211-323 Run, renew, release). Under a cut, by
 *  contrast, renew() cancels only its own context and the work goes on through release()
 *  (stopLeading). Returns true while release() is in flight (the process exits when it
 *  returns: releaseDone). */
export function shutdown(ctx: Ctx, st: K8sState): boolean {
  if (st.leading) {
    ctx.because("k8s.shutdown.workCancelled", { holder: ctx.id, releaseOnCancel: O(ctx).releaseOnCancel });
    st.leading = false; // the work's context is a child of the one just cancelled
  }
  // renew() already gave up and its release() is running: Run returns when it does.
  if (st.loop === "releasing") return (st.shutdown = true);
  if (st.loop !== "renew" || !O(ctx).releaseOnCancel || !isHolder(ctx, st)) return false;
  st.shutdown = true;
  for (const t of ["rpc", "poll", "deadline", "retry"]) ctx.cancelTimer(t);
  st.attempt = null;
  st.roundDeadline = null;
  releaseGet(ctx, st, "shutting down (Run's context cancelled): release() reads the Lease afresh");
  return true;
}
