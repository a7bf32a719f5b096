// etcd concurrency.Election on a Session (etcd client/v3/concurrency
// election.go, key.go, session.go, client/v3/lease.go). Each node: grant a lease (the session),
// put pfx/<leaseID> on it if absent (Campaign), then wait until no key with a lower create
// revision is left, watching only its immediate predecessor (waitDeletes). The lowest create
// revision leads; the token is that create revision (e.Rev()). The store judges expiry on its
// own clock; the holder self-demotes on its *own* monotonic clock at
// t_send(last acknowledged keepalive) + TTL − margin, because the client's deadline (measured
// from the reply) is not conservative (lease.go:549-550).
import type { Protocol } from "../../core/protocol.ts";
import { leaseHex } from "../../servers/index.ts";
import { O, req, type EtcdState } from "./state.ts";
import { grant } from "./lease-session.ts";
import { onMessage, onTimer } from "./handlers.ts";

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
