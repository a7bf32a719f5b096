// Records packed as interned shapes plus leaves in typed arrays: the compact store for the parts
// of a full trace that are neither message traffic nor rare. A vote's cause (core/cause.ts) is
// five objects (the cause, its values of up to a dozen fields, its clock, the arming event and a
// boxed clock reading); a split-vote Raft run records tens of thousands of them, and keeping
// them alive as objects cost more in garbage collection than running the protocol.
// A shape is the tree of keys in their order; a record is its shape's index and a run of
// primitive leaves. Unpacking rebuilds an object with the same keys in the same order and the
// same values, so its JSON is the JSON of what was packed (trace-log.model.test.ts checks it).
// Everything here is plain data, so structuredClone copies a store as it is.

/** The keys of a packed object in order; kids[j] is the shape of key j's object value, null
 *  when the value is a primitive. */
export interface Shape {
  keys: string[];
  kids: Array<Shape | null>;
  /** per key, the string its value last was and that string's number: most leaves repeat at
   *  their place (a rule's name, a clock's kind, a node), and comparing the same string is far
   *  cheaper than looking it up */
  memoS: Array<string | null>;
  memoI: number[];
}

// Leaf tags.
const NUM = 0;
const STR = 1;
const TRUE = 2;
const FALSE = 3;
const NULL = 4;
const UNDEF = 5;

export interface Packed {
  shapes: Shape[];
  /** a shape's JSON to its index: shapes are interned, so a store holds each once */
  bySig: Map<string, number>;
  /** the shape each cache key (a cause's rule) had last: tried first, checked while packing */
  last: Map<string, number>;
  /** records held, and per record its shape and the index of its first leaf */
  n: number;
  shape: Uint16Array;
  start: Int32Array;
  /** leaves held: a number, or a string's index in the log's table, and its tag. Leaf i is at
   *  [i >>> SHIFT][i & MASK]: fixed-size chunks, so appending never copies what is held. A
   *  split-vote Raft run packs about 3.7M leaves in 370k events; doubling one array to hold
   *  them allocated and copied some 60 MB per run, and chunks made its full trace 1.05-1.1x
   *  faster. */
  leaves: number;
  lv: Float64Array[];
  lt: Uint8Array[];
}

const SHIFT = 14;
const CHUNK = 1 << SHIFT;
const MASK = CHUNK - 1;

export function newPacked(): Packed {
  return {
    shapes: [],
    bySig: new Map(),
    last: new Map(),
    n: 0,
    shape: new Uint16Array(16),
    start: new Int32Array(16),
    leaves: 0,
    lv: [],
    lt: [],
  };
}

/** What numbers strings (the trace log's string table). An object, not a function, so that a
 *  store holding it stays cloneable. */
export interface Interner {
  str(s: string): number;
}

/** Pack `o` as a new record, its shape first tried as `key`'s last one; -1 (and nothing kept)
 *  when it holds what a shape cannot describe (an array, a function). */
export function pack(p: Packed, o: object, key: string, str: Interner): number {
  const mark = p.leaves;
  let si = p.last.get(key);
  if (si === undefined || !fill(p, p.shapes[si], o, str)) {
    p.leaves = mark;
    const sh = shapeOf(o);
    if (!sh) return -1;
    si = intern(p, sh);
    p.last.set(key, si);
    fill(p, sh, o, str);
  }
  if (p.n === p.shape.length) {
    p.shape = grown(p.shape, Uint16Array);
    p.start = grown(p.start, Int32Array);
  }
  p.shape[p.n] = si;
  p.start[p.n] = mark;
  return p.n++;
}

// Records written leaf by leaf (core/cause-record.ts): for a hot record whose shape its writer
// knows, without building the object and walking it. Such a record is the same shape index and
// the same leaves as pack() would have made of the object, so it reads back the same.

/** The index of `template`'s shape (its keys in order, nested objects as nested shapes; leaf
 *  values are ignored), interned like pack()'s. */
export function shapeIndex(p: Packed, template: object): number {
  const sh = shapeOf(template);
  if (!sh) throw new Error("trace: a record template holds what a shape cannot describe");
  return intern(p, sh);
}

/** Start a record of shape `si`; its leaves follow in the shape's order, each written with
 *  the shape's leaf writer on the (sub)shape that holds it. */
export function openRecord(p: Packed, si: number): number {
  if (p.n === p.shape.length) {
    p.shape = grown(p.shape, Uint16Array);
    p.start = grown(p.start, Int32Array);
  }
  p.shape[p.n] = si;
  p.start[p.n] = p.leaves;
  return p.n++;
}

/** The leaf tags, for a writer that fills a record's leaves in place (cause-record.ts keeps
 *  its own copy of them: its round-trip tests read every tag back). */
export const LEAF_TAGS = { NUM, STR, TRUE, FALSE, NULL, UNDEF } as const;

/** Make the next `n` leaves (n <= a chunk) fall in one chunk, which exists, and return that
 *  chunk's index in p.lv and p.lt: a writer then fills them in place (cause-record.ts), without
 *  a call and three property reads per leaf, which were most of the cost of Raft's vote causes
 *  in a full trace. When they would straddle two chunks the rest of this one is skipped (a
 *  record is read from its start leaf on, so leaves no record starts before are never read).
 *  Call before openRecord. */
export function reserveLeaves(p: Packed, n: number): number {
  let i = p.leaves;
  if ((i & MASK) + n > CHUNK) i = p.leaves = ((i >>> SHIFT) + 1) << SHIFT;
  const c = i >>> SHIFT;
  if (c === p.lv.length || (i & MASK) + n > p.lv[c].length) room(p, c, (i & MASK) + n);
  return c;
}

/** The first chunk's first size: a lean trace packs its fenced writes (write-record.ts), and a
 *  trial's short run should not pay for 16k leaves it never fills. */
const FIRST = 512;

/** Make chunk c (the last, or a new one) hold at least `need` leaves: it starts small and
 *  doubles up to CHUNK. Only the last chunk is ever short (a record goes to the next chunk only
 *  when it would pass CHUNK), so leaf i stays at [i >>> SHIFT][i & MASK]. */
function room(p: Packed, c: number, need: number): void {
  if (c === p.lv.length) {
    const size = c === 0 ? Math.min(CHUNK, Math.max(FIRST, need)) : CHUNK;
    p.lv.push(new Float64Array(size));
    p.lt.push(new Uint8Array(size));
    if (need <= size) return;
  }
  let size = p.lv[c].length;
  while (size < need) size *= 2;
  p.lv[c] = grown(p.lv[c], Float64Array, Math.min(CHUNK, size));
  p.lt[c] = grown(p.lt[c], Uint8Array, Math.min(CHUNK, size));
}

/** Where leaf i sits in its chunk. */
export const leafOffset = (i: number): number => i & MASK;

/** Forget the record opened last (a leaf it could not hold). */
export function dropOpenRecord(p: Packed): void {
  p.n--;
  p.leaves = p.start[p.n];
}

export function strIndex(sh: Shape, j: number, v: string, str: Interner): number {
  if (sh.memoS[j] === v) return sh.memoI[j];
  const x = str.str(v);
  sh.memoS[j] = v;
  sh.memoI[j] = x;
  return x;
}

function store(p: Packed, x: number, tag: number): void {
  const i = p.leaves++;
  const c = i >>> SHIFT;
  if (c === p.lv.length || (i & MASK) >= p.lv[c].length) room(p, c, (i & MASK) + 1);
  p.lv[c][i & MASK] = x;
  p.lt[c][i & MASK] = tag;
}

/** Record r as an object built afresh. */
export function unpack(p: Packed, r: number, strs: readonly string[]): Record<string, unknown> {
  const at = { i: p.start[r] };
  return build(p, p.shapes[p.shape[r]], at, strs);
}

/** A store copied before its leaves were chunked (one array each) gets its chunks. */
export function revivePacked(p: Packed): Packed {
  const lv = p.lv as Float64Array[] | Float64Array,
    lt = p.lt as Uint8Array[] | Uint8Array;
  if (Array.isArray(lv) || Array.isArray(lt)) return p;
  p.lv = [];
  p.lt = [];
  for (let i = 0; i < p.leaves; i += CHUNK) {
    const v = new Float64Array(CHUNK),
      g = new Uint8Array(CHUNK);
    v.set(lv.subarray(i, Math.min(i + CHUNK, p.leaves)));
    g.set(lt.subarray(i, Math.min(i + CHUNK, p.leaves)));
    p.lv.push(v);
    p.lt.push(g);
  }
  return p;
}

/** Keep the first `n` records. */
export function truncatePacked(p: Packed, n: number): void {
  if (n >= p.n) return;
  p.n = Math.max(0, n);
  p.leaves = p.n > 0 ? p.start[p.n] : 0;
}

/** Drop the first `n` records; the rest are numbered from 0. */
export function dropPacked(p: Packed, n: number): void {
  const cut = Math.min(Math.max(0, n), p.n);
  if (cut === 0) return;
  // Whole chunks before the first kept leaf go; the kept records' leaves stay where they are,
  // numbered from the first chunk kept.
  const from = cut < p.n ? p.start[cut] : p.leaves;
  const chunks = from >>> SHIFT;
  const base = chunks << SHIFT;
  p.lv.splice(0, chunks);
  p.lt.splice(0, chunks);
  p.leaves -= base;
  p.shape.copyWithin(0, cut, p.n);
  p.start.copyWithin(0, cut, p.n);
  p.n -= cut;
  for (let i = 0; i < p.n; i++) p.start[i] -= base;
}

export const packedBytes = (p: Packed): number =>
  p.shape.length * 6 + p.lv.reduce((sum, chunk) => sum + chunk.length * 9, 0);

function fill(p: Packed, sh: Shape, o: object, str: Interner): boolean {
  const keys = sh.keys;
  let j = 0;
  for (const k in o) {
    if (j >= keys.length || keys[j] !== k) return false;
    const v = (o as Record<string, unknown>)[k];
    const kid = sh.kids[j];
    if (kid !== null) {
      if (typeof v !== "object" || v === null || Array.isArray(v) || !fill(p, kid, v, str)) return false;
    } else if (!leaf(p, v, str, sh, j)) return false;
    j++;
  }
  return j === keys.length;
}

function leaf(p: Packed, v: unknown, str: Interner, sh: Shape, j: number): boolean {
  let tag: number;
  let x = 0;
  switch (typeof v) {
    case "number":
      tag = NUM;
      x = v;
      break;
    case "string":
      tag = STR;
      x = strIndex(sh, j, v, str);
      break;
    case "boolean":
      tag = v ? TRUE : FALSE;
      break;
    case "undefined":
      tag = UNDEF;
      break;
    default:
      if (v !== null) return false;
      tag = NULL;
  }
  store(p, x, tag);
  return true;
}

function shapeOf(o: object): Shape | null {
  const keys: string[] = [];
  const kids: Array<Shape | null> = [];
  for (const k in o) {
    const v = (o as Record<string, unknown>)[k];
    let kid: Shape | null = null;
    if (typeof v === "object" && v !== null) {
      if (Array.isArray(v) || Object.getPrototypeOf(v) !== Object.prototype) return null;
      kid = shapeOf(v);
      if (!kid) return null;
    } else if (typeof v === "function" || typeof v === "symbol" || typeof v === "bigint") return null;
    keys.push(k);
    kids.push(kid);
  }
  return { keys, kids, memoS: keys.map(() => null), memoI: keys.map(() => -1) };
}

function intern(p: Packed, sh: Shape): number {
  const sig = JSON.stringify(sh, (k, v) => (k === "memoS" || k === "memoI" ? undefined : v));
  let i = p.bySig.get(sig);
  if (i === undefined) {
    i = p.shapes.length;
    if (i > 0xffff) throw new Error("trace: more than 65536 record shapes");
    p.shapes.push(sh);
    p.bySig.set(sig, i);
  }
  return i;
}

function build(p: Packed, sh: Shape, at: { i: number }, strs: readonly string[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  const keys = sh.keys;
  for (let j = 0; j < keys.length; j++) {
    const kid = sh.kids[j];
    if (kid !== null) {
      o[keys[j]] = build(p, kid, at, strs);
      continue;
    }
    const i = at.i++;
    const x = p.lv[i >>> SHIFT][i & MASK];
    switch (p.lt[i >>> SHIFT][i & MASK]) {
      case NUM:
        o[keys[j]] = x;
        break;
      case STR:
        o[keys[j]] = strs[x];
        break;
      case TRUE:
        o[keys[j]] = true;
        break;
      case FALSE:
        o[keys[j]] = false;
        break;
      case NULL:
        o[keys[j]] = null;
        break;
      default:
        o[keys[j]] = undefined;
    }
  }
  return o;
}

/** A copy of a column with room for `cap` entries (twice as many by default). */
export function grown<T extends Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array>(
  a: T,
  make: new (n: number) => T,
  cap = a.length * 2,
): T {
  const b = new make(cap);
  b.set(a);
  return b;
}
