// A SQL database holding one lease row as the server behind the store process (sql-lease.ts).
import { answerSequencer, r3 } from "../sequencer.ts";
import { newStore } from "../etcd/store.ts";
import { dbNow, newRow, sqlHandle, sqlHolder, sqlSequencerValid } from "./sql-lease.ts";
import type { Server } from "../../core/world.ts";
import type { World } from "../../core/world.ts";
import type { StoreState } from "../state.ts";
import type { ServerWorld } from "../world.ts";
import type { SqlRow } from "./types.ts";

const sw = (w: World) => w as ServerWorld;
const rowOf = (w: World) => sw(w).s.store.sql as SqlRow;

export function newSqlStore(): StoreState {
  const st = newStore(null, "sql");
  st.sql = newRow();
  return st;
}

export const sqlServer: Server = {
  kind: "database",
  leases: true,
  receive(w, m) {
    if (m.kind === "CheckSequencer")
      return answerSequencer(sw(w), m, (n, t) => sqlSequencerValid(sw(w), n, t), sqlHolder(sw(w)));
    sqlHandle(sw(w), m);
  },
  tick() {},
  recovered: () => "expires_at values are unchanged: leases that ran out during the outage are takeable",
  leaseOf(w, id) {
    const row = rowOf(w);
    return row.holder === id
      ? {
          judge: "store",
          expiresAtMs: row.expiresAt,
          remainingMs: r3(row.expiresAt - dbNow(sw(w))),
          detail: "expires_at, compared with the database's now()",
        }
      : null;
  },
  frame(w) {
    const s = sw(w).s;
    const row = rowOf(w);
    return {
      up: s.store.up,
      rev: row.epoch,
      clockMs: dbNow(sw(w)),
      driftPpm: s.storeClock.driftPpm,
      holder: sqlHolder(sw(w)),
      holderToken: row.epoch,
      leases: [],
      keys: [
        { key: "leader_lease/election", value: { ...row }, createRev: 0, modRev: row.epoch, lease: null },
      ],
      kind: "database",
    };
  },
};
