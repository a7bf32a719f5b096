// The store as a SQL database holding one lease row :
//   leader_lease(name PRIMARY KEY, holder NULL, epoch NOT NULL DEFAULT 0, expires_at, renewed_at)
// Every request is one conditional UPDATE and the answer is how many rows it changed, which is
// all the client learns. Expiry is judged by the database's own now(): its wall clock, so an
// NTP step on the database moves every lease with it. There is no expiry timer: an expired row
// just becomes takeable by the next acquire.
import { withArm } from "../../core/cause-make.ts";
import type { Cause, CauseValues } from "../../core/cause.ts";
import { emit } from "../../core/trace-emit.ts";
import { holderChanged } from "../../core/monitors.ts";
import { reply } from "../common.ts";
import type { SqlRow } from "./types.ts";
import { wallAt } from "../../core/clock.ts";
import type { ServerWorld as World } from "../world.ts";
import type { Msg } from "../../core/types.ts";

export function newRow(): SqlRow {
  return { name: "election", holder: null, epoch: 0, expiresAt: 0, renewedAt: null };
}

/** The database's now(). */
export function dbNow(w: World): number {
  return wallAt(w.s.storeClock, w.s.now);
}

const rowOf = (w: World) => w.s.store.sql as SqlRow;

/** A cause read on the database's clock: now() is its wall clock. */
function dbCause(w: World, rule: string, values: CauseValues): Cause {
  return withArm(w, { rule, values, clock: { kind: "wall", node: "store", ms: dbNow(w) } });
}

/** The UPDATE as the trace shows it (full traces only: callers check before building the text). */
function statement(
  w: World,
  kind: "acquire" | "renew" | "release",
  node: string,
  text: string,
  rows: number,
): void {
  emit(w, {
    type: "store",
    op: "UPDATE",
    key: "leader_lease/election",
    rev: rowOf(w).epoch,
    detail: `${text} -- ${rows} row${rows === 1 ? "" : "s"}`,
    statement: kind,
    node,
    rows,
  });
}

export function sqlHandle(w: World, m: Msg): void {
  const row = rowOf(w);
  const b = m.body;
  const me = w.s.nodes[m.from]?.id ?? "?";
  const now = dbNow(w);
  switch (m.kind) {
    case "Acquire": {
      // UPDATE leader_lease SET holder=:me, epoch=epoch+1, expires_at=now()+:ttl, renewed_at=now()
      //  WHERE name=:n AND (holder IS NULL OR expires_at < now()) RETURNING epoch
      const ok = row.holder === null || row.expiresAt < now;
      if (w.s.traceLevel === "full")
        statement(
          w,
          "acquire",
          me,
          `acquire by ${me}: WHERE holder IS NULL OR expires_at < now() [holder ${row.holder ?? "NULL"}, expires_at ${row.expiresAt}, now() ${now}]`,
          ok ? 1 : 0,
        );
      if (!ok) return reply(w, m, { rows: 0 });
      const prev = row.holder;
      const prevExpiry = row.expiresAt;
      if (prev !== null && w.s.traceLevel === "full")
        emit(w, {
          type: "lease",
          action: "takeover",
          node: me,
          judge: "store",
          ttlMs: b.ttl,
          detail: `${prev}'s row had expired: expires_at ${row.expiresAt} < now() ${now} on the database clock`,
          holder: prev,
          reason: "expired",
          prevExpiresAt: row.expiresAt,
          clockMs: now,
          why: dbCause(w, "sql.acquire.expired", { prevHolder: prev, prevExpiresAt: row.expiresAt, now }),
        });
      row.holder = me;
      row.epoch++;
      row.expiresAt = now + b.ttl;
      row.renewedAt = now;
      if (w.s.traceLevel === "full")
        w.s.trace.push({
          t: w.s.now,
          type: "lease",
          action: "grant",
          node: me,
          judge: "store",
          lease: `epoch ${row.epoch}`,
          ttlMs: b.ttl,
          expiresAtLocal: row.expiresAt,
          renewedAt: now,
          why: dbCause(w, "sql.acquire", {
            prevHolder: prev,
            prevExpiresAt: prevExpiry,
            now,
            epoch: row.epoch,
          }),
        });
      holderChanged(w, me, row.epoch);
      w.s.store.holder = me;
      w.s.store.holderToken = row.epoch;
      return reply(w, m, { rows: 1, epoch: row.epoch });
    }
    case "Renew": {
      // UPDATE leader_lease SET expires_at=now()+:ttl, renewed_at=now()
      //  WHERE name=:n AND holder=:me AND epoch=:myEpoch AND expires_at >= now()
      const ok = row.holder === me && row.epoch === b.epoch && row.expiresAt >= now;
      if (w.s.traceLevel === "full")
        statement(
          w,
          "renew",
          me,
          `renew by ${me} WHERE holder='${me}' AND epoch=${b.epoch} AND expires_at >= now() [holder ${row.holder ?? "NULL"}, epoch ${row.epoch}, expires_at ${row.expiresAt}, now() ${now}]`,
          ok ? 1 : 0,
        );
      if (!ok) return reply(w, m, { rows: 0 });
      row.expiresAt = now + b.ttl;
      row.renewedAt = now;
      if (w.s.traceLevel === "full")
        w.s.trace.push({
          t: w.s.now,
          type: "lease",
          action: "renew",
          node: me,
          judge: "store",
          lease: `epoch ${row.epoch}`,
          ttlMs: b.ttl,
          expiresAtLocal: row.expiresAt,
          renewedAt: now,
          why: dbCause(w, "sql.renew", {
            holder: me,
            epoch: b.epoch,
            rowEpoch: row.epoch,
            now,
            expiresAt: row.expiresAt,
          }),
        });
      return reply(w, m, { rows: 1, epoch: row.epoch });
    }
    case "Release": {
      // UPDATE leader_lease SET holder=NULL, expires_at=now() WHERE name=:n AND holder=:me AND epoch=:myEpoch
      const ok = row.holder === me && row.epoch === b.epoch;
      if (w.s.traceLevel === "full")
        statement(w, "release", me, `release by ${me} WHERE holder='${me}' AND epoch=${b.epoch}`, ok ? 1 : 0);
      if (ok) {
        row.holder = null;
        row.expiresAt = now;
        emit(w, { type: "lease", action: "release", node: me, judge: "store", lease: `epoch ${row.epoch}` });
        holderChanged(w, null, row.epoch);
        w.s.store.holder = null;
      }
      return reply(w, m, { rows: ok ? 1 : 0 });
    }
  }
}

/** The holder as the database would answer it now: nobody once expires_at has passed. */
export function sqlHolder(w: World): string | null {
  const row = rowOf(w);
  return row.holder !== null && row.expiresAt >= dbNow(w) ? row.holder : null;
}

/** CheckSequencer against the row: SELECT 1 WHERE holder=:me AND epoch=:e AND expires_at >= now(). */
export function sqlSequencerValid(w: World, node: string, token: number): boolean {
  const row = rowOf(w);
  return row.holder === node && row.epoch === token && row.expiresAt >= dbNow(w);
}
