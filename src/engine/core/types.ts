// Plain-data types for the whole simulation state. Everything here survives structuredClone:
// no closures, no class instances, no Maps. The engine's behaviour lives in functions that
// operate on this data (core/*.ts, protocols/*.ts).
import type { CoreScenario } from "./scenario.ts";
import type { TraceLog } from "./trace-log.ts";
import type { StoreBase } from "./server.ts";
import type { WriteResult } from "./write-result.ts";

/** A message on the wire. from/to are process indices: nodes 0..N-1, then store, then resource. */
export interface Msg {
  id: number;
  from: number;
  to: number;
  kind: string;
  sentAt: number;
  arriveAt: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** sent with holdMs (a reply that waits for an fsync): when it really leaves the sender */
  heldUntil?: number;
  /** the sender crashed before heldUntil: the write never completed, so nothing was sent */
  unsent?: boolean;
  /** connection transports: the connection it travels on (core/connection.ts) */
  conn?: number;
}

/** What every queue entry carries: its key, and its index in the heap (-1 once it left;
 *  core/queue.ts). `type` names the entry's kind (a message's own `kind` is its message kind). */
interface QBase {
  at: number;
  seq: number;
  hi: number;
}

/** A message in flight is its own queue entry: one object per message (core/network.ts). */
export type MsgEntry = Msg & QBase & { type: "msg" };

export type QEvent =
  /** `slot`: the name's slot in the node's timer arrays (core/timers.ts) */
  | (QBase & {
      type: "timer";
      node: number;
      inc: number;
      name: string;
      slot: number;
      gen: number;
      due: number;
    })
  | MsgEntry
  | (QBase & { type: "resume"; node: number; inc: number; epoch: number })
  | (QBase & { type: "slow-end"; node: number; epoch: number })
  | (QBase & { type: "unlink"; pairs: number[]; epoch: number })
  | (QBase & { type: "store-up"; epoch: number })
  | (QBase & { type: "store-timer"; lease: number; gen: number; due: number })
  /** a timer of the store process other than etcd lease expiry (ZooKeeper's session ticks, the
   *  coordinated-election controller's requeue, the power switch); `due` on the store's clock */
  | (QBase & { type: "store-tick"; name: string; gen: number; due: number })
  /** the resource gives up on a CheckSequencer that got no answer */
  | (QBase & { type: "resource-timer"; reqId: number })
  | (QBase & { type: "boot"; node: number })
  /** a graceful shutdown's grace period ran out: the process is killed (SIGKILL) */
  | (QBase & { type: "grace-end"; node: number; inc: number });

/** The event queue: a heap of entries, each knowing its index in it (core/queue.ts). */
export interface EventQueue {
  /** the entries in heap order; its length is the queue's */
  ev: QEvent[];
}

/** A node's clocks: simulation time is the truth nobody sees; each process reads only its own clock. */
export interface ClockState {
  /** sim time at the last rebase */
  t0: number;
  /** monotonic local reading at t0 */
  l0: number;
  /** drift in parts per million; the clock advances at rate 1 + driftPpm/1e6 */
  driftPpm: number;
  /** wall clock = monotonic + wallOffset; NTP steps change only this */
  wallOffset: number;
}

export type NodeStatus = "up" | "paused" | "crashed" | "stopped";

export interface NodeRt {
  id: string;
  idx: number;
  status: NodeStatus;
  /** incarnation: bumped on crash/restart so stale timers of a previous life are ignored */
  inc: number;
  pausedUntil: number;
  pauseEpoch: number;
  /** armed by a `pause` fault with during:"write": strikes at the next write decision */
  pauseOnWrite: { for: number } | null;
  /** a write decided before a pause, sent when the pause ends */
  heldWrite: { token: number; decidedAt: number } | null;
  /** events that arrived while paused; replayed in order on resume */
  deferred: QEvent[];
  slow: number;
  slowEpoch: number;
  clock: ClockState;
  /** active timer generation per timer slot (s.timerNames; core/timers.ts), 0 disarmed; a
   *  fired timer whose gen differs is stale */
  timers: number[];
  /** local (monotonic) deadline per armed timer slot, -1 none, for drawing and drift re-arming */
  due: number[];
  timerGen: number;
  /** simulation time each timer slot was last armed at (what a cause's armedBy names) */
  armedAt: number[];
  /** protocol state (plain data); null while crashed/stopped */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  p: any;
  /** durable protocol state that survives a crash (Raft term/vote/log) */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  durable: any;
  // Cached observables, diffed after every handler to emit trace events and feed monitors.
  role: string;
  believes: boolean;
  term: number;
  token: number | null;
  leaderSince: number;
  /** fencing "sequencer": the token this leadership confirmed with the lock service
   *  (Chubby: a new primary calls CheckSequencer before acting); absent until then */
  confirmed?: number | null;
  /** graceful shutdown in progress: the sim time the grace period ends (then SIGKILL) */
  stopping?: number;
  /** the protocol called ctx.exit(): the process exits once its handler returns */
  exiting?: boolean;
}

export interface NetState {
  delay: number;
  jitter: number;
  loss: number;
  /** P×P cut counters (from*P+to); > 0 means the directed link is cut */
  cut: number[];
  /** last arrival time per directed link: links are FIFO like a TCP stream */
  lastArrive: number[];
  healEpoch: number;
  /** connection transports only (core/connection.ts): per directed end from*P+to, the connection
   *  that end holds to its peer: > 0 open, -id the last one it closed, 0 none yet */
  conn?: number[];
  nextConn?: number;
  /** connection transports only: bytes held by a cut, per directed link, oldest first */
  stalled?: Record<string, MsgEntry[]>;
  /** connection transports only: last arrival time per connection and direction, at index
   *  conn * P + from (core/connection.ts streamKey): TCP orders the bytes of one connection, not
   *  of every connection between two hosts */
  streamArrive?: number[];
  /** the same keyed "conn>from": only in states saved before streamArrive (moved into it) */
  connArrive?: Record<string, number>;
}

export interface ResourceState {
  mode: "token" | "none" | "sequencer";
  maxSeen: number;
  maxApplied: number;
  accepted: number;
  rejected: number;
  staleAccepted: number;
  /** the latest writes; `outOfOrder`: applied below a token already applied (safety lost) */
  last: Array<{ t: number; node: string; token: number; result: WriteResult; outOfOrder?: boolean }>;
  /** fencing "sequencer": the write waiting for the lock service's answer, and those behind it
   *  (validation is serialised with execution, Burrows 2006 section 2.4) */
  pending?: { reqId: number; node: number; token: number; sentAt: number } | null;
  waiting?: Array<{ node: number; token: number; sentAt: number }>;
  nextReq?: number;
}

export type { WriteResult } from "./write-result.ts";

export interface MonitorState {
  believers: number;
  lastChange: number;
  overlapMs: number;
  leaderlessMs: number;
  maxConcurrent: number;
  leaderChanges: number;
  lastLeader: number;
  everLed: boolean;
  /** token/term -> node id of the leader that held it */
  leaderOf: Record<string, string>;
  /** per node index, term -> candidate voted for (an integer key, no string built per vote) */
  votesBy?: Array<Record<number, string>>;
  /** every entry of votesBy in the order it was made, as flat (node, term) pairs: a state as of
   *  an earlier moment holds a prefix of it, so a sandbox snapshot keeps only its length and
   *  takes the votes back from a later state (votesAsOf) rather than copying them all */
  votesLog?: number[];
  /** "node:term" -> candidate: only in states saved before votesBy (moved into it on first use) */
  votes?: Record<string, string>;
  lastTerm: number[];
  /** highest token of a leadership already granted (elected, or handed out by the store) */
  granted: number;
  lastHolderToken: number;
  /** safety violations (see core/monitors.ts) */
  violations: Array<{ property: string; at: number; detail: string }>;
  /** hazards the algorithm allows: overlap, stale-write (absent in states saved before them) */
  hazards?: Array<{ property: string; at: number; detail: string }>;
  /** store token -> the node the store named holder with it */
  holderOf?: Record<string, string>;
}

export interface SimState {
  version: 1;
  scenario: CoreScenario;
  now: number;
  seq: number;
  /** time of the last processed event; faults may only be added strictly after it */
  lastAt: number;
  rng: number[];
  queue: EventQueue;
  /** indices into scenario.faults ordered by (at, index); faultNext is the next to fire */
  faultOrder: number[];
  faultNext: number;
  nodes: NodeRt[];
  /** the store process's state: its server's own fields beside StoreBase (servers/) */
  store: StoreBase;
  storeClock: ClockState;
  net: NetState;
  resource: ResourceState;
  mon: MonitorState;
  /** the trace: message traffic in columns, other events as objects (core/trace-log.ts) */
  trace: TraceLog;
  /** events dropped from the front of `trace` (a sandbox session keeping a window of it,
   *  session.ts); absent when the trace is whole. trace[i] is event traceBase + i of the run. */
  traceBase?: number;
  traceLevel: "full" | "roles";
  nextMsgId: number;
  /** node timer names by slot, in first-arm order (core/timers.ts); absent in states saved
   *  before slots (whose nodes keep timers by name: bindTimerSlots moves them) */
  timerNames?: string[];
  /** timer events that died (re-armed, cancelled, or of a crashed life) since the last sweep of
   *  the queue; an upper bound on the dead timers still queued (core/timers.ts, queue.ts) */
  dead?: number;
  /** kindNames / kindCounts: messages sent per kind, by a small integer id in first-send order
   *  (core/kind-counts.ts; read them with kindCounts()). kinds: the same as a record, only in
   *  states saved before the ids (moved into the arrays when such a state is bound).
   *  stale: timer events popped that were dead (re-armed, cancelled, or of a previous life) */
  stats: {
    events: number;
    messages: number;
    dropped: number;
    kindNames?: string[];
    kindCounts?: number[];
    kinds?: Record<string, number>;
    stale?: number;
  };
}

export type { CoreScenario };
