// client-go tools/leaderelection on a Lease (protocols.md §7; client-go leaderelection.go @32ce75a).
// No cross-node timestamps: a candidate judges expiry on its *own* monotonic clock, from when it
// last saw the record change (observedTime). Writes are optimistic-concurrency Updates on
// resourceVersion (409 Conflict on a race). Token: leaseTransitions (+1 on every holder change).
// A believer is an elector between OnStartedLeading and the end of renew().
import type { Ctx, Protocol } from "./types.ts";
import type { Msg } from "../core/types.ts";
import type { K8sOptions, K8sTiming } from "../scenario/schema.ts";
import { K8S_KEY, JITTER_FACTOR, type LeaseRecord, getReq, createReq, updateReq, recordChanged } from "./kubernetes-lease.ts";
import { afterCoordinatedGet, writeCandidate } from "./kubernetes-coordinated.ts";
import { k8sView } from "./kubernetes-view.ts";

type Step = "fast" | "get" | "create" | "update" | "release";
export interface K8sState {
  /** acquire(): candidate loop; renew(): leader loop */
  loop: "acquire" | "renew";
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
}

const T = (ctx: Ctx) => ctx.scenario.timing as K8sTiming;
const O = (ctx: Ctx) => ctx.scenario.options as K8sOptions;
const isHolder = (ctx: Ctx, st: K8sState) => st.observed?.holderIdentity === ctx.id;
export const coordinated = (ctx: Ctx) => O(ctx).coordinated === true;
// leaderelection.go isLeaseValid: observedTime + record.LeaseDurationSeconds > now (line 553).
export const leaseValid = (st: K8sState, now: number) => !!st.observed && st.observedTime + st.observed.leaseDurationSeconds * 1000 > now;

function request(ctx: Ctx, st: K8sState, step: Step, start: number, record?: LeaseRecord): void {
  const reqId = ctx.inc * 1_000_000 + ++st.reqSeq;
  st.attempt = { reqId, step, start, record };
  if (step === "get") ctx.send(ctx.STORE, "Get", getReq(reqId));
  else if (step === "create") ctx.send(ctx.STORE, "Create", createReq(reqId, record as LeaseRecord));
  else ctx.send(ctx.STORE, "Update", updateReq(reqId, record as LeaseRecord, st.observedRV));
  ctx.setTimer("rpc", O(ctx).requestTimeout);
}

function setObserved(ctx: Ctx, st: K8sState, rec: LeaseRecord, rv: number): void {
  st.observed = rec;
  st.observedTime = ctx.local();
  st.observedRV = rv;
}

/** tryAcquireOrRenew (leaderelection.go:444-515), as a chain of requests. */
function tryAcquireOrRenew(ctx: Ctx, st: K8sState): void {
  const now = ctx.local();
  // tryCoordinatedRenew has no fast path: it always reads the Lease first.
  if (!coordinated(ctx) && isHolder(ctx, st) && leaseValid(st, now)) {
    // 1. Fast path: Update the cached record with a fresh renewTime (lines 456-467).
    // Written field by field (not spread): without coordination every Lease is written by an
    // elector, always with exactly these five fields in this order.
    const o = st.observed as LeaseRecord;
    const rec: LeaseRecord = { holderIdentity: o.holderIdentity, leaseDurationSeconds: o.leaseDurationSeconds, acquireTime: o.acquireTime, renewTime: ctx.wall(), leaseTransitions: o.leaseTransitions };
    return request(ctx, st, "fast", now, rec);
  }
  request(ctx, st, "get", now); // 2.
}

function afterGet(ctx: Ctx, st: K8sState, start: number, found: LeaseRecord | null, rv: number): void {
  const ld = Math.floor(T(ctx).leaseDuration / 1000); // int(LeaseDuration / time.Second): truncates
  if (!found) {
    // NotFound: Create with us as holder (lines 470-484).
    const rec: LeaseRecord = { holderIdentity: ctx.id, leaseDurationSeconds: ld, acquireTime: ctx.wall(), renewTime: ctx.wall(), leaseTransitions: 0 };
    return request(ctx, st, "create", start, rec);
  }
  if (recordChanged(found, st.observed)) {
    // 3. The record changed since we last looked: restart our own clock on it (lines 487-491).
    setObserved(ctx, st, found, rv);
    if (!isHolder(ctx, st)) ctx.trace({ type: "lease", action: "observe", node: ctx.id, judge: "observer", ttlMs: found.leaseDurationSeconds * 1000, expiresAtLocal: st.observedTime + found.leaseDurationSeconds * 1000, detail: `holder ${found.holderIdentity || "none"}` });
  } else st.observedRV = rv;
  // 4. Someone else holds an unexpired lease, judged on our clock (lines 492-495).
  if (found.holderIdentity !== "" && leaseValid(st, start) && !isHolder(ctx, st)) return done(ctx, st, false);
  // 5. Take over (transitions + 1) or keep our own acquireTime/transitions (lines 499-505).
  const mine = isHolder(ctx, st);
  if (!mine) ctx.trace({ type: "lease", action: "takeover", node: ctx.id, judge: "observer", detail: found.holderIdentity ? `record unchanged for ${Math.round(start - st.observedTime)} ms on my clock (lease ${found.leaseDurationSeconds} s)` : "no holder" });
  const rec: LeaseRecord = {
    holderIdentity: ctx.id, leaseDurationSeconds: ld,
    acquireTime: mine ? found.acquireTime : ctx.wall(), renewTime: ctx.wall(),
    leaseTransitions: mine ? found.leaseTransitions : found.leaseTransitions + 1,
  };
  request(ctx, st, "update", start, rec); // 6. CAS on resourceVersion
}

/** One attempt finished. Drives acquire() (JitterUntil, sliding) and renew() (Poll within RenewDeadline). */
function done(ctx: Ctx, st: K8sState, ok: boolean): void {
  const start = st.attempt ? st.attempt.start : ctx.local();
  st.attempt = null;
  ctx.cancelTimer("rpc");
  if (st.loop === "acquire") {
    if (!ok) return ctx.setTimer("retry", T(ctx).retryPeriod * (1 + ctx.random() * JITTER_FACTOR)); // wait.Jitter(d, 1.2)
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

function startRound(ctx: Ctx, st: K8sState): void {
  st.roundDeadline = ctx.local() + T(ctx).renewDeadline;
  ctx.setTimer("deadline", T(ctx).renewDeadline);
  tryAcquireOrRenew(ctx, st);
}

/** renew() gave up: "failed to renew lease"; OnStoppedLeading. The elector then campaigns again. */
function stopLeading(ctx: Ctx, st: K8sState): void {
  ctx.trace({ type: "lease", action: "self-demote", node: ctx.id, judge: "holder", expiresAtLocal: st.roundDeadline ?? undefined, detail: `failed to renew lease within renewDeadline (${T(ctx).renewDeadline} ms) on my clock` });
  st.attempt = null;
  for (const t of ["rpc", "poll", "deadline", "retry"]) ctx.cancelTimer(t);
  st.leading = false;
  st.roundDeadline = null;
  if (O(ctx).releaseOnCancel && isHolder(ctx, st)) release(ctx, st);
  st.loop = "acquire";
  ctx.setTimer("retry", T(ctx).retryPeriod * (1 + ctx.random() * JITTER_FACTOR));
}

/** release (lines 319-359): empty holder, leaseDurationSeconds 1, transitions unchanged. Best effort. */
function release(ctx: Ctx, st: K8sState): void {
  const rec: LeaseRecord = { ...(st.observed as LeaseRecord), holderIdentity: "", leaseDurationSeconds: 1, acquireTime: ctx.wall(), renewTime: ctx.wall() };
  ctx.trace({ type: "lease", action: "release", node: ctx.id, judge: "holder", detail: "ReleaseOnCancel: clearing holderIdentity" });
  ctx.send(ctx.STORE, "Update", updateReq(ctx.inc * 1_000_000 + ++st.reqSeq, rec, st.observedRV));
}

function onMessage(ctx: Ctx, st: K8sState, m: Msg): void {
  const a = st.attempt;
  const b = m.body;
  if (m.kind === "LeaseCandidatePing") {
    // Our informer saw pingTime > renewTime: renew the LeaseCandidate at once (leasecandidate.go:110-118).
    st.pingTime = b.pingTime;
    return writeCandidate(ctx, st, b.pingTime);
  }
  if (!a || b.reqId !== a.reqId) return; // a cancelled or timed-out request's late answer
  ctx.cancelTimer("rpc");
  if (a.step === "get") {
    const kv = b.results[0].kvs[0];
    if (coordinated(ctx)) return afterCoordinatedGet(ctx, st, a.start, kv ? (kv.value as LeaseRecord) : null, kv ? kv.modRev : 0, { setObserved, done, request });
    return afterGet(ctx, st, a.start, kv ? (kv.value as LeaseRecord) : null, kv ? kv.modRev : 0);
  }
  if (b.succeeded) {
    setObserved(ctx, st, a.record as LeaseRecord, b.rev);
    return done(ctx, st, true);
  }
  // 409 Conflict / AlreadyExists. A failed fast-path Update falls through to Get (line 466).
  if (a.step === "fast") return request(ctx, st, "get", a.start);
  done(ctx, st, false);
}

function onTimer(ctx: Ctx, st: K8sState, name: string): void {
  if (name === "rpc") {
    const a = st.attempt;
    if (!a) return;
    if (a.step === "fast") return request(ctx, st, "get", a.start);
    done(ctx, st, false);
  } else if (name === "retry") {
    if (st.loop === "acquire") tryAcquireOrRenew(ctx, st);
    else startRound(ctx, st);
  } else if (name === "poll") {
    if (st.loop === "renew" && !st.attempt) tryAcquireOrRenew(ctx, st);
  } else if (name === "deadline" && st.loop === "renew") stopLeading(ctx, st);
  else if (name === "candidate") writeCandidate(ctx, st, st.pingTime ?? null);
}

export const kubernetes: Protocol<K8sState> = {
  name: "kubernetes",
  tokenKind: "leaseTransitions",
  // Renewals are Updates too, so Updates are left out: a takeover is not told apart by its kind.
  electionKinds: ["Get", "GetResp", "Create", "CreateResp", "LeaseCandidate", "LeaseCandidateResp", "LeaseCandidatePing"],
  init(ctx, durable) {
    const st: K8sState = { loop: "acquire", leading: false, observed: null, observedTime: 0, observedRV: 0, attempt: null, reqSeq: 0, roundDeadline: null, lastRenew: 0, epoch: 0 };
    if (coordinated(ctx)) Object.assign(st, { starts: (durable as { starts: number } | null)?.starts ?? 0, namedRV: 0, pingTime: null });
    return st;
  },
  start(ctx, st) {
    if (coordinated(ctx)) writeCandidate(ctx, st, null);
    tryAcquireOrRenew(ctx, st); // acquire(): JitterUntil tries immediately
  },
  onMessage,
  onTimer,
  durable: (st) => (st.starts === undefined ? null : { starts: st.starts + 1 }),
  role: (st) => (st.leading ? "leader" : "follower"),
  believesLeader: (st) => st.leading,
  term: (st) => (st.leading ? st.epoch : (st.observed?.leaseTransitions ?? 0)),
  token: (st) => (st.leading ? st.epoch : null),
  view: k8sView,

  beforeWrite(ctx, st) {
    if (!O(ctx).checkBeforeWrite) return null;
    // What a careful controller can do: IsLeader() and the lease as this client last saw it.
    return isHolder(ctx, st) && leaseValid(st, ctx.local()) ? null : "IsLeader() check before write failed";
  },
  onShutdown(ctx, st) {
    if (st.leading && O(ctx).releaseOnCancel && isHolder(ctx, st)) release(ctx, st);
  },
};

export { K8S_KEY };
