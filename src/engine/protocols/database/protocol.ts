// A leader lease in a database row : every candidate polls with the acquire
// UPDATE (it matches only a free or expired row: holder IS NULL OR expires_at < now()), the
// winner bumps the epoch column and renews with an UPDATE that must still match its holder and
// epoch. The database's now() decides expiry; the leader, which cannot read that clock, stops
// on its own monotonic clock at t_send(last successful renew) + ttl - margin, measured from the
// send because the reply only proves the row was renewed some time after it. A renew matching
// 0 rows means the lease is gone. Token: the epoch column. The fenced write at the resource is
// the same idea as SQL: UPDATE ... WHERE fence <= :epoch, which changes 0 rows for a stale one.
import type { Ctx, Protocol } from "../../core/protocol.ts";
import type { Msg } from "../../core/types.ts";
import type { DbOptions, DbTiming } from "./config.ts";

export interface DbState {
  leading: boolean;
  epoch: number;
  /** the acquire and renews in flight: request id and local send time */
  sent: Array<{ id: number; at: number }>;
  reqSeq: number;
  /** local send time of the last UPDATE that matched a row */
  ackedSend: number;
  deadline: number;
}

const T = (ctx: Ctx) => ctx.scenario.timing as DbTiming;
const O = (ctx: Ctx) => ctx.scenario.options as DbOptions;
/** client-go style jitter, wait.Jitter(poll, 1.2): candidates do not poll in lockstep */
const jittered = (ctx: Ctx) => T(ctx).poll * (1 + 1.2 * ctx.random());

/** Acquire (epoch undefined) or Renew for `epoch`. */
function send(ctx: Ctx, st: DbState, kind: "Acquire" | "Renew", epoch?: number): void {
  const reqId = ctx.inc * 1_000_000 + ++st.reqSeq;
  st.sent.push({ id: reqId, at: ctx.local() });
  ctx.send(
    ctx.STORE,
    kind,
    epoch === undefined ? { reqId, ttl: T(ctx).ttl } : { reqId, ttl: T(ctx).ttl, epoch },
  );
}

function setDeadline(ctx: Ctx, st: DbState, sentAt: number): void {
  st.ackedSend = Math.max(st.ackedSend, sentAt);
  st.deadline = st.ackedSend + T(ctx).ttl - O(ctx).margin;
  ctx.setTimer("demote", Math.max(0, st.deadline - ctx.local()));
}

function lose(ctx: Ctx, st: DbState, why: string, reason: "zero-rows" | "no-ack", rows?: number): void {
  const cause = ctx.because(
    reason === "no-ack" ? "sql.client.deadline" : "sql.client.zeroRows",
    reason === "no-ack"
      ? { ackedAt: st.ackedSend, ttlMs: T(ctx).ttl, marginMs: O(ctx).margin, deadline: st.deadline }
      : { rows: rows ?? 0, epoch: st.epoch },
  );
  if (st.leading)
    ctx.trace({
      type: "lease",
      action: "self-demote",
      node: ctx.id,
      judge: "holder",
      lease: `epoch ${st.epoch}`,
      ttlMs: T(ctx).ttl,
      expiresAtLocal: st.deadline,
      detail: why,
      reason,
      ackedAt: st.ackedSend,
      why: cause,
    });
  st.leading = false;
  ctx.cancelTimer("renew");
  ctx.cancelTimer("demote");
  ctx.setTimer("poll", jittered(ctx));
}

function onMessage(ctx: Ctx, st: DbState, m: Msg): void {
  const b = m.body;
  const i = st.sent.findIndex((x) => x.id === b.reqId);
  if (i < 0) return;
  const sentAt = st.sent[i].at;
  st.sent.splice(i, 1);
  if (m.kind === "AcquireResp") {
    if (b.rows !== 1 || st.leading) return; // 0 rows: someone holds an unexpired row
    ctx.because("sql.client.acquired", { rows: b.rows, epoch: b.epoch });
    st.leading = true;
    st.epoch = b.epoch;
    ctx.cancelTimer("poll");
    setDeadline(ctx, st, sentAt);
    ctx.setTimer("renew", T(ctx).renew);
  } else if (m.kind === "RenewResp") {
    if (!st.leading) return;
    if (b.rows !== 1)
      return lose(
        ctx,
        st,
        `renew matched 0 rows: the row no longer has holder ${ctx.id} and epoch ${st.epoch} unexpired`,
        "zero-rows",
        b.rows,
      );
    setDeadline(ctx, st, sentAt);
  }
}

function onTimer(ctx: Ctx, st: DbState, name: string): void {
  if (name === "poll" && !st.leading) {
    send(ctx, st, "Acquire");
    ctx.setTimer("poll", jittered(ctx));
  } else if (name === "renew" && st.leading) {
    send(ctx, st, "Renew", st.epoch);
    ctx.setTimer("renew", T(ctx).renew);
  } else if (name === "demote" && st.leading) {
    lose(
      ctx,
      st,
      `no renew matched since the one sent at ${st.ackedSend} on my clock (ttl ${T(ctx).ttl} ms, margin ${O(ctx).margin} ms)`,
      "no-ack",
    );
  }
}

export const database: Protocol<DbState> = {
  name: "database",
  tokenKind: "epoch",
  electionKinds: ["Acquire", "AcquireResp"],
  init: () => ({ leading: false, epoch: 0, sent: [], reqSeq: 0, ackedSend: 0, deadline: 0 }),
  start(ctx, st) {
    send(ctx, st, "Acquire");
    ctx.setTimer("poll", jittered(ctx));
  },
  onMessage,
  onTimer,
  durable: () => null,
  role: (st) => (st.leading ? "leader" : "follower"),
  detail: (st) => (st.leading ? "holder" : "polling"),
  believesLeader: (st) => st.leading,
  term: (st) => st.epoch,
  token: (st) => (st.leading ? st.epoch : null),
  view: (ctx, st) => ({
    epoch: st.epoch || null,
    lease: st.leading
      ? {
          judge: "holder",
          expiresAtMs: st.deadline,
          remainingMs: Math.round((st.deadline - ctx.local()) * 1000) / 1000,
          detail: "stops on its own clock: send of the last matching renew + ttl - margin",
        }
      : null,
  }),
  beforeWrite(ctx, st) {
    if (!O(ctx).checkBeforeWrite) return null;
    const left = st.deadline - ctx.local();
    return left > 0
      ? null
      : `lease check before write: ${Math.round(-left)} ms past my deadline on my own clock`;
  },
  onShutdown(ctx, st) {
    if (st.leading)
      ctx.send(ctx.STORE, "Release", { reqId: ctx.inc * 1_000_000 + ++st.reqSeq, epoch: st.epoch });
  },
};
