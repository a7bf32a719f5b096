// The store event of an UPDATE is kept as a record of its parts (sql-statement.ts) and its
// detail made when read: it must read back as exactly the object sql-lease.ts used to emit, the
// detail being the template literal it used to build, for every statement and every outcome.
// The database presets' full-trace fingerprints check the same over whole runs; this checks
// the values a run seldom reaches (no holder, a missing epoch, a float clock).
import { describe, expect, it } from "vitest";
import { createWorld } from "../../wiring.ts";
import { parseScenario } from "../../scenario/schema.ts";
import { dbNow, sqlHandle } from "./sql-lease.ts";
import type { ServerWorld } from "../world.ts";
import type { Msg } from "../../core/types.ts";
import type { SqlRow } from "./types.ts";

const world = (): ServerWorld => {
  const w = createWorld(parseScenario({ protocol: "database", nodes: 3, seed: 1, until: "1s" }), {
    trace: "full",
  }) as ServerWorld;
  w.s.now = 1234.5;
  return w;
};
const rowOf = (w: ServerWorld) => w.s.store.sql as SqlRow;
const msg = (kind: string, from: number, body: Record<string, unknown>) =>
  ({ id: 9, kind, from, to: 3, body }) as unknown as Msg;

/** The store event sql-lease.ts used to emit for `kind`, from the row as it was before. */
function expected(
  w: ServerWorld,
  kind: string,
  me: string,
  row: SqlRow,
  now: number,
  epoch: unknown,
  rows: number,
) {
  const text =
    kind === "acquire"
      ? `acquire by ${me}: WHERE holder IS NULL OR expires_at < now() [holder ${row.holder ?? "NULL"}, expires_at ${row.expiresAt}, now() ${now}]`
      : kind === "renew"
        ? `renew by ${me} WHERE holder='${me}' AND epoch=${String(epoch)} AND expires_at >= now() [holder ${row.holder ?? "NULL"}, epoch ${row.epoch}, expires_at ${row.expiresAt}, now() ${now}]`
        : `release by ${me} WHERE holder='${me}' AND epoch=${String(epoch)}`;
  return {
    t: w.s.now,
    type: "store",
    op: "UPDATE",
    key: "leader_lease/election",
    rev: row.epoch,
    detail: `${text} -- ${rows} row${rows === 1 ? "" : "s"}`,
    statement: kind,
    node: me,
    rows,
  };
}

/** Run one statement and return the store event it left and the one expected of it. */
function run(w: ServerWorld, kind: string, from: number, body: Record<string, unknown>, rows: number) {
  const before = { ...rowOf(w) };
  const now = dbNow(w);
  const n = w.s.trace.length;
  sqlHandle(w, msg(kind[0].toUpperCase() + kind.slice(1), from, body));
  const i = [...Array(w.s.trace.length - n).keys()]
    .map((k) => n + k)
    .find((k) => w.s.trace.typeAt(k) === "store");
  expect(i, `${kind}: no store event`).toBeDefined();
  const got = w.s.trace.at(i as number);
  const me = w.s.nodes[from].id;
  return {
    got: JSON.stringify(got),
    want: JSON.stringify(expected(w, kind, me, before, now, body.epoch, rows)),
  };
}

describe("an UPDATE's store event, kept as its parts, reads back as the event it was", () => {
  it("acquire on an empty row, renew, a refused renew, release, and an acquire of an expired row", () => {
    const w = world();
    const steps: Array<[string, number, Record<string, unknown>, number]> = [
      ["acquire", 0, { ttl: 5000 }, 1],
      ["renew", 0, { ttl: 5000, epoch: 1 }, 1],
      ["renew", 1, { ttl: 5000, epoch: 1 }, 0],
      ["renew", 0, { ttl: 5000 }, 0], // no epoch in the message: written as `${undefined}`
      ["release", 0, { epoch: 1 }, 1],
      ["release", 2, {}, 0],
      ["acquire", 1, { ttl: 0.25 }, 1],
    ];
    for (const [kind, from, body, rows] of steps) {
      w.s.now += 0.125;
      const r = run(w, kind, from, body, rows);
      expect(r.got, kind).toBe(r.want);
    }
    w.s.now += 10_000; // n2's row expires: n3 takes it over
    const r = run(w, "acquire", 2, { ttl: 5000 }, 1);
    expect(r.got).toBe(r.want);
    expect(JSON.parse(r.got).detail).toMatch(
      /^acquire by n3: .*\[holder n2, expires_at [\d.]+, now\(\) [\d.]+\] -- 1 row$/,
    );
  });
});
