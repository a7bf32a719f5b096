// An etcd election client's state, and the small helpers every part of it reads (timing, options, request ids).
import type { Ctx } from "../../core/protocol.ts";
import type { EtcdOptions, EtcdTiming } from "./config.ts";

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
export const DEADLINE_LOOP = 1000;

export const T = (ctx: Ctx) => ctx.scenario.timing as EtcdTiming;
export const O = (ctx: Ctx) => ctx.scenario.options as EtcdOptions;
export const req = (ctx: Ctx, st: EtcdState) => ctx.inc * 1_000_000 + ++st.reqSeq;

/** Local send time of an unanswered request, or undefined. */
export function sentAt(st: EtcdState, id: number): number | undefined {
  for (const k of st.kaSent) if (k.id === id) return k.at;
  return undefined;
}
