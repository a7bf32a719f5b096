// What every server shares: its clock (the store process's own, drifting like any other) and
// the way it answers a request (the reply kind, carrying the request's id).
import { localAt } from "../core/clock.ts";
import { send } from "../core/network.ts";
import type { World } from "../core/world.ts";
import type { Msg } from "../core/types.ts";

export function storeNow(w: World): number {
  return localAt(w.s.storeClock, w.s.now);
}

/** Every request kind's answer, spelled out so replies carry the same (interned) strings the
 *  protocols compare against; another kind still gets `${kind}Resp`. */
const RESP: Record<string, string> = {
  LeaseGrant: "LeaseGrantResp",
  LeaseKeepAlive: "LeaseKeepAliveResp",
  LeaseRevoke: "LeaseRevokeResp",
  Watch: "WatchResp",
  Campaign: "CampaignResp",
  GetPredecessor: "GetPredecessorResp",
  Resign: "ResignResp",
  Get: "GetResp",
  Create: "CreateResp",
  Update: "UpdateResp",
  LeaseCandidate: "LeaseCandidateResp",
  CheckSequencer: "CheckSequencerResp",
  Acquire: "AcquireResp",
  Renew: "RenewResp",
  Release: "ReleaseResp",
  CreateSession: "CreateSessionResp",
  Ping: "PingResp",
  Connect: "ConnectResp",
  GetChildren: "GetChildrenResp",
  Exists: "ExistsResp",
  CloseSession: "CloseSessionResp",
};

export function respKind(kind: string): string {
  const r = RESP[kind];
  return typeof r === "string" ? r : `${kind}Resp`; // typeof: not a prototype's "toString"
}

/** The answer carries reqId first, then the body's fields. Object.assign, not a spread after a
 *  field ({ reqId, ...body }), which V8 copies on a slow generic path: every store request pays
 *  it, and assign was 1.4 to 1.6 times faster (issue 39). */
export function reply(w: World, m: Msg, body: Record<string, unknown>): void {
  send(w, w.STORE, m.from, respKind(m.kind), Object.assign({ reqId: m.body.reqId }, body));
}
