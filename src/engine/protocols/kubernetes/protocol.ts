// client-go tools/leaderelection on a Lease (client-go leaderelection.go @32ce75a).
// No cross-node timestamps: a candidate judges expiry on its *own* monotonic clock, from when it
// last saw the record change (observedTime). Writes are optimistic-concurrency Updates on
// resourceVersion (409 Conflict on a race). Token: leaseTransitions (+1 on every holder change).
// A believer is an elector between OnStartedLeading and the end of renew().
import type { Ctx, Protocol } from "../../core/protocol.ts";
import type { Msg } from "../../core/types.ts";
import type { LeaseRecord } from "./lease-lock.ts";
import { afterCoordinatedGet, writeCandidate } from "./coordinated.ts";
import { k8sView } from "./view.ts";
import {
  O,
  T,
  afterGet,
  coordinated,
  done,
  isHolder,
  leaseValid,
  releaseConflict,
  releaseDone,
  releaseUpdate,
  request,
  setObserved,
  shutdown,
  startRound,
  stopLeading,
  tryAcquireOrRenew,
  type K8sState,
} from "./elector.ts";

export type { K8sState };
export { coordinated, leaseValid };

/** client-go's HTTP/2 health check (k8s.io/apimachinery pkg/util/net/http.go
 *  readIdleTimeoutSeconds 30, pingTimeoutSeconds 15): with no frame from the API server for
 *  30 s the transport PINGs, and with no answer 15 s later it closes the connection; the next
 *  request dials a new one. Every frame from the server starts the wait over. */
const H2_SILENT_CLOSE = 30_000 + 15_000;

function onMessage(ctx: Ctx, st: K8sState, m: Msg): void {
  ctx.setTimer("h2", H2_SILENT_CLOSE);
  const a = st.attempt;
  const b = m.body;
  if (m.kind === "LeaseCandidatePing") {
    // Our informer saw pingTime > renewTime: renew the LeaseCandidate at once (leasecandidate.go:110-118).
    st.pingTime = b.pingTime;
    return writeCandidate(ctx, st, b.pingTime);
  }
  if (!a || b.reqId !== a.reqId) return; // a cancelled or timed-out request's late answer
  ctx.cancelTimer("rpc");
  if (a.step === "release-get") {
    const kv = b.results[0].kvs[0];
    return releaseUpdate(ctx, st, kv ? (kv.value as LeaseRecord) : null, kv ? kv.modRev : 0);
  }
  if (a.step === "release") {
    if (b.succeeded) setObserved(ctx, st, a.record as LeaseRecord, b.rev);
    if (b.succeeded) return releaseDone(ctx, st, "done", "released: holderIdentity cleared");
    // tryRelease: errors.IsConflict -> tryRelease again (leaderelection.go:348-352 @32ce75a).
    return releaseConflict(ctx, st);
  }
  if (a.step === "get") {
    const kv = b.results[0].kvs[0];
    if (coordinated(ctx))
      return afterCoordinatedGet(
        ctx,
        st,
        a.start,
        kv ? (kv.value as LeaseRecord) : null,
        kv ? kv.modRev : 0,
        { setObserved, done, request },
      );
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
    if (a.step === "release-get" || a.step === "release")
      return releaseDone(
        ctx,
        st,
        "failed",
        `release() timed out after renewDeadline (${T(ctx).renewDeadline} ms)`,
      );
    if (a.step === "fast") return request(ctx, st, "get", a.start);
    done(ctx, st, false);
  } else if (name === "retry") {
    if (st.loop === "releasing" || st.loop === "stopped") return;
    if (st.loop === "acquire") tryAcquireOrRenew(ctx, st);
    else startRound(ctx, st);
  } else if (name === "poll") {
    if (st.loop === "renew" && !st.attempt) tryAcquireOrRenew(ctx, st);
  } else if (name === "deadline" && st.loop === "renew") stopLeading(ctx, st);
  else if (name === "candidate") writeCandidate(ctx, st, st.pingTime ?? null);
  else if (name === "h2") {
    ctx.closeConnection(ctx.STORE);
    // The lost ping closes the connection with every request in flight on it: closeForLostPing
    // calls closeForError, which aborts each open stream with "http2: client connection lost"
    // (golang.org/x/net http2/transport.go, vendored in kubernetes/kubernetes), so the request
    // fails now, not when its own timeout fires; the elector's loop retries on a new connection
    // one retryPeriod later (leaderelection.go acquire: wait.JitterUntil). Waiting for the
    // timeout left a cut-off elector showing the old token for up to 10 s after the heal.
    if (st.attempt) onTimer(ctx, st, "rpc");
  }
}

export const kubernetes: Protocol<K8sState> = {
  name: "kubernetes",
  tokenKind: "leaseTransitions",
  // Renewals are Updates too, so Updates are left out: a takeover is not told apart by its kind.
  electionKinds: [
    "Get",
    "GetResp",
    "Create",
    "CreateResp",
    "LeaseCandidate",
    "LeaseCandidateResp",
    "LeaseCandidatePing",
  ],
  init(ctx, durable) {
    const st: K8sState = {
      loop: "acquire",
      leading: false,
      observed: null,
      observedTime: 0,
      observedRV: 0,
      attempt: null,
      reqSeq: 0,
      roundDeadline: null,
      lastRenew: 0,
      epoch: 0,
    };
    if (coordinated(ctx))
      Object.assign(st, {
        starts: (durable as { starts: number } | null)?.starts ?? 0,
        namedRV: 0,
        pingTime: null,
      });
    return st;
  },
  start(ctx, st) {
    ctx.setTimer("h2", H2_SILENT_CLOSE);
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
  onShutdown: shutdown,
};
