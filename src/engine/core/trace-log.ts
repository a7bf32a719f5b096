// The trace as stored: message traffic (send, deliver, drop, stall: two or more events per
// message, most of a full trace) in typed-array columns indexed by event number, every other
// event as the object it was pushed as, but votes: a vote's fields go in the columns and its
// cause is packed (trace-packed.ts). A message event costs 35 bytes here instead of an object of
// six to eight fields (about 110 bytes), and pushing one allocates nothing.
// Reading an event gives back exactly the object the engine used to store: the same fields in
// the same order, so JSON.stringify and every digest of a trace are unchanged (trace-log.test.ts).
// The fields are plain data, so structuredClone copies a log (a snapshot) and TraceLog.revive
// gives the copy back its methods.
// Row layout: trace-rows.ts; reading rows back: trace-read.ts; cutting a log down: trace-trim.ts.
import type { TraceEvent } from "./trace.ts";
import type { Cause } from "./cause.ts";
import { grown, newPacked, pack, packedBytes, revivePacked, type Packed } from "./trace-packed.ts";
import {
  DELIVER,
  DROP,
  GRANTED,
  OBJ,
  PRE,
  REC,
  SEND,
  STALL,
  VOTE,
  type MsgType,
  type TraceColumns,
} from "./trace-rows.ts";
import { eventAt, messageAt, typeAt } from "./trace-read.ts";
import { dropLogFront, truncateLog } from "./trace-trim.ts";

/** What reads a trace: an array, a TraceLog, or a window of either. */
export interface TraceView extends Iterable<TraceEvent> {
  readonly length: number;
  at(i: number): TraceEvent | undefined;
}

// Until its first message or vote a log holds objects only, row i being objs[i], and its columns
// are these empty arrays: a lean trace (trials make thousands) never allocates a column.
const NO_U8 = new Uint8Array(0);
const NO_U16 = new Uint16Array(0);
const NO_I32 = new Int32Array(0);
const NO_U32 = new Uint32Array(0);
const NO_F64 = new Float64Array(0);

export class TraceLog implements TraceView, TraceColumns {
  /** events held */
  n = 0;
  /** bumped whenever events are removed (truncate, dropFront): a reader's cached copy of an
   *  index range is stale once it changes */
  epoch = 0;
  /** the row's tag; empty while the log holds objects only (then row i is objs[i]) */
  tag = NO_U8;
  t = NO_F64;
  /** message id; a vote's term; an object event's index in `objs` */
  id = NO_I32;
  /** sender and receiver, as process indices into `procs`; a vote's voter and candidate */
  src = NO_U16;
  dst = NO_U16;
  /** message kind, an index into `strs`; a vote's flags */
  kind = NO_U32;
  /** send: arriveAt; drop: the reason (an index into `strs`); stall: the connection; vote: its
   *  packed cause's record in `packed`, -1 for none */
  x = NO_F64;
  /** votes' causes and events packed whole (made with the first) */
  packed: Packed | null = null;
  /** the events that are not message traffic, in order. Dense: an array with a hole per message
   *  event fell into V8's slow dictionary mode and made a push cost more than building the event. */
  objs: TraceEvent[] = [];
  /** process names by index (node ids, then "store", "resource"): set by the world */
  procs: string[] = [];
  /** interned message kinds and drop reasons */
  strs: string[] = [];
  strIndex = new Map<string, number>();
  /** the strings looked up last and their numbers, most recent at recentAt (a ring) */
  recent: Array<string | null> = [null, null, null, null, null, null, null, null];
  recentIdx: number[] = [-1, -1, -1, -1, -1, -1, -1, -1];
  recentAt = 0;
  /** sends TCP retransmitted, by event number (rare: connections under loss or a healed cut) */
  retrans: Record<number, number> = {};

  /** Give a log back its methods after structuredClone, or build one from a plain array of
   *  events (a state saved before the log). */
  static revive(x: unknown): TraceLog {
    if (x instanceof TraceLog) return x;
    if (Array.isArray(x)) {
      const log = new TraceLog();
      for (const e of x as TraceEvent[]) log.push(e);
      return log;
    }
    const log = Object.setPrototypeOf(x as object, TraceLog.prototype) as TraceLog;
    log.packed = log.packed ? revivePacked(log.packed) : null; // null: a log copied before votes were packed
    if (!log.recent) {
      // a log copied before the ring of recent strings
      log.recent = [null, null, null, null, null, null, null, null];
      log.recentIdx = [-1, -1, -1, -1, -1, -1, -1, -1];
      log.recentAt = 0;
    }
    return log;
  }

  get length(): number {
    return this.n;
  }

  /** Room for one more row in the columns; the first time, the object rows held so far get theirs. */
  private grow(): void {
    const flat = this.tag.length === 0;
    const cap = Math.max(64, this.tag.length * 2, this.n * 2);
    this.tag = grown(this.tag, Uint8Array, cap);
    this.t = grown(this.t, Float64Array, cap);
    this.id = grown(this.id, Int32Array, cap);
    this.src = grown(this.src, Uint16Array, cap);
    this.dst = grown(this.dst, Uint16Array, cap);
    this.kind = grown(this.kind, Uint32Array, cap);
    this.x = grown(this.x, Float64Array, cap);
    if (flat) {
      for (let i = 0; i < this.n; i++) {
        this.t[i] = this.objs[i].t;
        this.id[i] = i; // tag OBJ is 0, what a new array holds
      }
    }
  }

  /** The index of `s` in the string table (added if new). The last eight looked up are kept
   *  in a ring and compared first: a broadcast's kind, its replies', a voter's and its
   *  candidate's names alternate, so one remembered string missed most of them, and each miss
   *  was a Map lookup (a tenth of Raft's full trace, issue 39). */
  str(s: string): number {
    const recent = this.recent;
    for (let k = 0; k < 8; k++) if (recent[k] === s) return this.recentIdx[k];
    let i = this.strIndex.get(s);
    if (i === undefined) {
      i = this.strs.length;
      this.strs.push(s);
      this.strIndex.set(s, i);
    }
    const k = (this.recentAt = (this.recentAt + 1) & 7);
    recent[k] = s;
    this.recentIdx[k] = i;
    return i;
  }

  /** A column row; `kind` is what the kind column holds (a string's index, or a vote's flags). */
  private row(tag: number, t: number, id: number, from: number, to: number, kind: number, x: number): number {
    if (this.n >= this.tag.length) this.grow();
    const i = this.n++;
    this.tag[i] = tag;
    this.t[i] = t;
    this.id[i] = id;
    this.src[i] = from;
    this.dst[i] = to;
    this.kind[i] = kind;
    this.x[i] = x;
    return i;
  }

  /** Append an event as it is (it is read back as the same object). */
  push(e: TraceEvent): void {
    if (this.tag.length === 0) {
      this.objs.push(e);
      this.n++;
      return;
    }
    if (this.n === this.tag.length) this.grow();
    const i = this.n++;
    this.tag[i] = OBJ;
    this.t[i] = e.t;
    this.id[i] = this.objs.length;
    this.objs.push(e);
  }

  // Message traffic: `from` and `to` are process indices (world.ts procName).
  pushSend(
    t: number,
    id: number,
    from: number,
    to: number,
    kind: string,
    arriveAt: number,
    retransmits = 0,
  ): void {
    const i = this.row(SEND, t, id, from, to, this.str(kind), arriveAt);
    if (retransmits > 0) this.retrans[i] = retransmits;
  }

  pushDeliver(t: number, id: number, from: number, to: number, kind: string): void {
    this.row(DELIVER, t, id, from, to, this.str(kind), 0);
  }

  pushDrop(t: number, id: number, from: number, to: number, kind: string, reason: string): void {
    this.row(DROP, t, id, from, to, this.str(kind), this.str(reason));
  }

  pushStall(t: number, id: number, from: number, to: number, kind: string, conn: number): void {
    this.row(STALL, t, id, from, to, this.str(kind), conn);
  }

  /** A vote (core/ctx.ts): `node` and `candidate` are process indices. */
  pushVote(
    t: number,
    node: number,
    candidate: number,
    term: number,
    granted: boolean,
    pre: boolean,
    why?: Cause,
  ): void {
    const r = why ? pack(this.causeStore(), why, why.rule, this) : -1;
    if (why && r < 0) {
      // a cause a shape cannot hold (never made by the engine today) is kept as it is
      this.push({
        t,
        type: "vote",
        node: this.procs[node],
        term,
        candidate: this.procs[candidate],
        granted,
        pre,
        why,
      });
      return;
    }
    this.pushVoteRecord(t, node, candidate, term, granted, pre, r);
  }

  /** The store votes' causes are packed in (made on first use): core/cause-record.ts writes
   *  records straight into it for pushVoteRecord. */
  causeStore(): Packed {
    return (this.packed ??= newPacked());
  }

  /** A vote whose cause is record `r` of causeStore() (-1: none). */
  pushVoteRecord(
    t: number,
    node: number,
    candidate: number,
    term: number,
    granted: boolean,
    pre: boolean,
    r: number,
  ): void {
    this.row(VOTE, t, term, node, candidate, (granted ? GRANTED : 0) | (pre ? PRE : 0), r);
  }

  /** An event packed whole as record `r` of causeStore() (core/write-record.ts), of `type`. */
  pushRecord(t: number, type: string, r: number): void {
    this.row(REC, t, 0, 0, 0, this.str(type), r);
  }

  /** The event at i, built afresh for message traffic (read each field with the accessors below
   *  to read without building it). */
  at(i: number): TraceEvent | undefined {
    return eventAt(this, i);
  }

  /** The time of event i. */
  tAt(i: number): number {
    return this.tag.length === 0 ? this.objs[i].t : this.t[i];
  }

  /** The type of event i, without building it. */
  typeAt(i: number): TraceEvent["type"] {
    return typeAt(this, i);
  }

  /** Message traffic only: the sent message's fields at i (for the sandbox's list of messages in
   *  flight); null for any other event. */
  messageAt(
    i: number,
  ): { type: MsgType; id: number; from: string; to: string; kind: string; t: number; x: number } | null {
    return messageAt(this, i);
  }

  /** True when event i is message traffic (send, deliver, drop, stall) kept in the columns. */
  isMessage(i: number): boolean {
    if (this.tag.length === 0) return false;
    const tag = this.tag[i];
    return tag !== OBJ && tag !== VOTE && tag !== REC;
  }

  *[Symbol.iterator](): Iterator<TraceEvent> {
    for (let i = 0; i < this.n; i++) yield this.at(i) as TraceEvent;
  }

  slice(from = 0, to = this.n): TraceEvent[] {
    const out: TraceEvent[] = [];
    const end = Math.min(to, this.n);
    for (let i = Math.max(0, from); i < end; i++) out.push(this.at(i) as TraceEvent);
    return out;
  }

  toArray(): TraceEvent[] {
    return this.slice();
  }

  /** JSON.stringify(log) is the JSON of the array of its events. */
  toJSON(): TraceEvent[] {
    return this.toArray();
  }

  /** Keep the first n events. */
  truncate(n: number): void {
    truncateLog(this, n);
  }

  /** Drop the first n events (a window over a long run: session.ts keeps the latest ones). */
  dropFront(n: number): void {
    dropLogFront(this, n);
  }

  /** Bytes held by the columns and the side tables' slots (the event objects not counted). */
  get columnBytes(): number {
    return (
      this.tag.length * (1 + 8 + 4 + 2 + 2 + 4 + 8) +
      this.objs.length * 8 +
      (this.packed ? packedBytes(this.packed) : 0)
    );
  }
}
