// The UPDATE statement as the full trace shows it (a "store" event), written straight into the
// log's record store (core/trace-packed.ts) with its text kept as its parts. The text is read
// back as `${text} -- ${rows} row(s)`, the very string this event's detail used to be; built per
// statement (about 9,400 a database run) it was a V8 rope of some 15 parts, ~700 bytes and ~20
// objects kept for the whole run, and collecting them was over a quarter of the database's full
// trace (issue 39). Here a statement is a record of a dozen leaves and builds nothing; its text
// is made only when the event is read (sql-statement.test.ts checks it against the template).
import {
  LEAF_TAGS,
  leafOffset,
  openRecord,
  reserveLeaves,
  shapeIndex,
  strIndex,
  type Packed,
  type Shape,
} from "../../core/trace-packed.ts";
import type { ServerWorld as World } from "../world.ts";

type StatementKind = "acquire" | "renew" | "release";
/** A statement's values, in its TEXTS order (a message's field may be missing: undefined). */
type StatementPart = string | number | null | undefined;

// Each statement's text: a string is as written, a number the value at that index; after them
// come ` -- ${rows} row` and the plural's "s" (the two last parts).
const TEXTS: Record<StatementKind, Array<string | number>> = {
  // [me, holder ?? "NULL", expires_at, now()]
  acquire: [
    "acquire by ",
    0,
    ": WHERE holder IS NULL OR expires_at < now() [holder ",
    1,
    ", expires_at ",
    2,
    ", now() ",
    3,
    "]",
  ],
  // [me, epoch asked, holder ?? "NULL", the row's epoch, expires_at, now()]
  renew: [
    "renew by ",
    0,
    " WHERE holder='",
    0,
    "' AND epoch=",
    1,
    " AND expires_at >= now() [holder ",
    2,
    ", epoch ",
    3,
    ", expires_at ",
    4,
    ", now() ",
    5,
    "]",
  ],
  // [me, epoch asked]
  release: ["release by ", 0, " WHERE holder='", 0, "' AND epoch=", 1],
};
const PARTS: Record<StatementKind, number> = { acquire: 4, renew: 6, release: 2 };

/** The full text of each kind's pieces: its statement, then the rows it changed. */
const pieces = (kind: StatementKind): Array<string | number> => {
  const n = PARTS[kind];
  return [...TEXTS[kind], " -- ", n, " row", n + 1];
};

const { NUM, STR, NULL, UNDEF } = LEAF_TAGS;

/** The store the shapes below were made in, and per kind its shape: derived per store. */
const cache: { packed: Packed | null; si: Partial<Record<StatementKind, number>> } = { packed: null, si: {} };

function shapeFor(p: Packed, kind: StatementKind): number {
  if (cache.packed !== p) {
    cache.packed = p;
    cache.si = {};
  }
  let si = cache.si[kind];
  if (si === undefined) {
    const detail: Record<string, number> = {};
    for (let j = 0; j < PARTS[kind] + 2; j++) detail[`p${j}`] = 0;
    // emit's key order: t, then the event's fields as sql-lease.ts wrote them
    const ev = { t: 0, type: "", op: "", key: "", rev: 0, detail, statement: "", node: "", rows: 0 };
    si = cache.si[kind] = shapeIndex(p, ev, { detail: pieces(kind) });
  }
  return si;
}

/** Append the store event of one UPDATE: `parts` as TEXTS lists them for `kind`. */
export function pushStatement(
  w: World,
  kind: StatementKind,
  node: string,
  parts: readonly StatementPart[],
  rows: number,
  rev: number,
): void {
  const log = w.s.trace;
  const p = log.causeStore();
  const si = shapeFor(p, kind);
  const top: Shape = p.shapes[si];
  const detail = top.kids[5] as Shape;
  const k = PARTS[kind];
  const n = 5 + k + 2 + 3;
  const c = reserveLeaves(p, n);
  const first = p.leaves;
  const r = openRecord(p, si);
  const lv = p.lv[c],
    lt = p.lt[c];
  let o = leafOffset(first);
  lv[o] = w.s.now;
  lt[o++] = NUM;
  lv[o] = strIndex(top, 1, "store", log);
  lt[o++] = STR;
  lv[o] = strIndex(top, 2, "UPDATE", log);
  lt[o++] = STR;
  lv[o] = strIndex(top, 3, "leader_lease/election", log);
  lt[o++] = STR;
  lv[o] = rev;
  lt[o++] = NUM;
  for (let j = 0; j < k; j++, o++) {
    const v = parts[j];
    if (typeof v === "number") {
      lv[o] = v;
      lt[o] = NUM;
    } else if (v === null || v === undefined) {
      lv[o] = 0;
      lt[o] = v === null ? NULL : UNDEF; // written as `${v}` writes it
    } else {
      lv[o] = strIndex(detail, j, v, log);
      lt[o] = STR;
    }
  }
  lv[o] = rows;
  lt[o++] = NUM;
  lv[o] = strIndex(detail, k + 1, rows === 1 ? "" : "s", log);
  lt[o++] = STR;
  lv[o] = strIndex(top, 6, kind, log);
  lt[o++] = STR;
  lv[o] = strIndex(top, 7, node, log);
  lt[o++] = STR;
  lv[o] = rows;
  lt[o++] = NUM;
  p.leaves = first + n;
  log.pushRecord(w.s.now, "store", r);
}
