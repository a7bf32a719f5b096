// The trace as stored: message traffic (send, deliver, drop, stall: two or more events per
// message, most of a full trace) in typed-array columns indexed by event number, every other
// event as the object it was pushed as, but votes: a vote's fields go in the columns and its
// cause is packed (trace-packed.ts). A message event costs 35 bytes here instead of an object of
// six to eight fields (about 110 bytes), and pushing one allocates nothing.
// Reading an event gives back exactly the object the engine used to store: the same fields in
// the same order, so JSON.stringify and every digest of a trace are unchanged (trace-log.test.ts).
// The fields are plain data, so structuredClone copies a log (a snapshot) and TraceLog.revive
// gives the copy back its methods.
import type { TraceEvent } from "./trace.ts";
import type { Cause } from "./cause.ts";
import {
  dropPacked,
  grown,
  newPacked,
  pack,
  packedBytes,
  revivePacked,
  truncatePacked,
  unpack,
  type Packed,
} from "./trace-packed.ts";

/** What reads a trace: an array, a TraceLog, or a window of either. */
export interface TraceView extends Iterable<TraceEvent> {
  readonly length: number;
  at(i: number): TraceEvent | undefined;
}

// Row tags: 0 = an object in `objs` (its index there in the `id` column), else a message event
// in the columns, or a vote.
const OBJ = 0;
const SEND = 1;
const DELIVER = 2;
const DROP = 3;
const STALL = 4;
const VOTE = 5;
const TYPE_OF = ["", "send", "deliver", "drop", "stall", "vote"] as const;
// A vote row's flags, in the kind column.
const GRANTED = 1;
const PRE = 2;

type MsgType = "send" | "deliver" | "drop" | "stall";

// Until its first message or vote a log holds objects only, row i being objs[i], and its columns
// are these empty arrays: a lean trace (trials make thousands) never allocates a column.
const NO_U8 = new Uint8Array(0);
const NO_U16 = new Uint16Array(0);
const NO_I32 = new Int32Array(0);
const NO_U32 = new Uint32Array(0);
const NO_F64 = new Float64Array(0);

export class TraceLog implements TraceView {
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
  /** votes' causes (made with the first) */
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

  /** True while the log holds objects only (no column yet). */
  private get flat(): boolean {
    return this.tag.length === 0;
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

  /** The event at i, built afresh for message traffic (read each field with the accessors below
   *  to read without building it). */
  at(i: number): TraceEvent | undefined {
    if (i < 0) i += this.n;
    if (i < 0 || i >= this.n) return undefined;
    if (this.tag.length === 0) return this.objs[i];
    const tag = this.tag[i];
    if (tag === OBJ) return this.objs[this.id[i]];
    if (tag === VOTE) return this.voteAt(i);
    const t = this.t[i],
      id = this.id[i],
      from = this.procs[this.src[i]],
      to = this.procs[this.dst[i]],
      kind = this.strs[this.kind[i]];
    switch (tag) {
      case SEND: {
        const r = this.retrans[i];
        return r === undefined
          ? { t, type: "send", id, from, to, kind, arriveAt: this.x[i] }
          : { t, type: "send", id, from, to, kind, arriveAt: this.x[i], retransmits: r };
      }
      case DELIVER:
        return { t, type: "deliver", id, from, to, kind };
      case DROP:
        return { t, type: "drop", id, from, to, kind, reason: this.strs[this.x[i]] };
      default:
        return { t, type: "stall", id, from, to, kind, conn: this.x[i] };
    }
  }

  private voteAt(i: number): TraceEvent {
    const t = this.t[i],
      node = this.procs[this.src[i]],
      term = this.id[i],
      candidate = this.procs[this.dst[i]];
    const granted = (this.kind[i] & GRANTED) !== 0,
      pre = (this.kind[i] & PRE) !== 0,
      r = this.x[i];
    if (r < 0) return { t, type: "vote", node, term, candidate, granted, pre };
    return {
      t,
      type: "vote",
      node,
      term,
      candidate,
      granted,
      pre,
      why: unpack(this.packed as Packed, r, this.strs) as unknown as Cause,
    };
  }

  /** The time of event i. */
  tAt(i: number): number {
    return this.tag.length === 0 ? this.objs[i].t : this.t[i];
  }

  /** The type of event i, without building it. */
  typeAt(i: number): TraceEvent["type"] {
    if (this.tag.length === 0) return this.objs[i].type;
    const tag = this.tag[i];
    return tag === OBJ ? this.objs[this.id[i]].type : TYPE_OF[tag as 1 | 2 | 3 | 4 | 5];
  }

  /** Message traffic only: the sent message's fields at i (for the sandbox's list of messages in
   *  flight); null for any other event. */
  messageAt(
    i: number,
  ): { type: MsgType; id: number; from: string; to: string; kind: string; t: number; x: number } | null {
    if (this.tag.length === 0) return null;
    const tag = this.tag[i];
    if (tag === OBJ || tag === VOTE) return null;
    return {
      type: TYPE_OF[tag as 1 | 2 | 3 | 4],
      id: this.id[i],
      from: this.procs[this.src[i]],
      to: this.procs[this.dst[i]],
      kind: this.strs[this.kind[i]],
      t: this.t[i],
      x: this.x[i],
    };
  }

  /** True when event i is message traffic (send, deliver, drop, stall) kept in the columns. */
  isMessage(i: number): boolean {
    if (this.tag.length === 0) return false;
    const tag = this.tag[i];
    return tag !== OBJ && tag !== VOTE;
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
    if (n >= this.n) return;
    const keep = Math.max(0, n);
    for (const k in this.retrans) if (Number(k) >= keep) delete this.retrans[k];
    this.objs.length = this.objsBefore(keep);
    if (this.packed) truncatePacked(this.packed, this.recordsBefore(keep));
    this.n = keep;
    this.epoch++;
  }

  /** Drop the first n events (a window over a long run: session.ts keeps the latest ones). */
  dropFront(n: number): void {
    const cut = Math.min(Math.max(0, n), this.n);
    if (cut === 0) return;
    const end = this.n;
    const gone = this.objsBefore(cut);
    const records = this.recordsBefore(cut);
    if (this.flat) this.objs.splice(0, cut);
    else
      for (const a of [this.tag, this.t, this.id, this.src, this.dst, this.kind, this.x])
        a.copyWithin(0, cut, end);
    if (gone > 0 && !this.flat) {
      this.objs.splice(0, gone);
      for (let i = 0; i < end - cut; i++) if (this.tag[i] === OBJ) this.id[i] -= gone;
    }
    if (records > 0 && this.packed) {
      dropPacked(this.packed, records);
      for (let i = 0; i < end - cut; i++) if (this.tag[i] === VOTE && this.x[i] >= 0) this.x[i] -= records;
    }
    const moved: Record<number, number> = {};
    for (const k in this.retrans) if (Number(k) >= cut) moved[Number(k) - cut] = this.retrans[k];
    this.retrans = moved;
    this.n = end - cut;
    this.epoch++;
  }

  /** How many object events lie before row n. */
  private objsBefore(n: number): number {
    if (this.flat) return Math.min(n, this.n);
    for (let i = Math.min(n, this.n) - 1; i >= 0; i--) if (this.tag[i] === OBJ) return this.id[i] + 1;
    return 0;
  }

  /** How many packed records belong to rows before row n. */
  private recordsBefore(n: number): number {
    if (this.flat) return 0;
    for (let i = Math.min(n, this.n) - 1; i >= 0; i--)
      if (this.tag[i] === VOTE && this.x[i] >= 0) return this.x[i] + 1;
    return 0;
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
