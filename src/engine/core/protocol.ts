// The one small interface every protocol implements (defined here, in the core, because the
// core drives it; protocols/<name>/ implement it) (RaftScope style): plain-data node state
// plus pure-ish rule functions (ctx, state, event) => void. The engine owns time, the network,
// faults, durability and the leader's work loop; a protocol only decides.
import type { Msg } from "./types.ts";
import type { CoreScenario } from "./scenario.ts";
import type { NoteInfo, TraceEvent } from "./trace.ts";
import type { Cause, CauseClock, CauseLayout, CauseValue, CauseValues } from "./cause.ts";

/** Distributive Omit, so that each trace variant keeps its own fields. */
export type TraceInput = TraceEvent extends infer E
  ? E extends { t: number }
    ? Omit<E, "t">
    : never
  : never;

/** What a protocol may do. One ctx object is reused; it is bound to the node being run. */
export interface Ctx {
  /** index of the node being run (0..n-1) */
  readonly self: number;
  /** its id, "n1".. */
  readonly id: string;
  /** number of nodes */
  readonly n: number;
  /** process index of the coordination store */
  readonly STORE: number;
  readonly scenario: CoreScenario;
  /** the node's incarnation (bumped by crash/restart); use it to namespace request ids */
  readonly inc: number;
  /** this node's monotonic clock (ms) */
  local(): number;
  /** this node's wall clock (ms); NTP steps move it */
  wall(): number;
  /** send a message; `holdMs` delays it leaving this node (e.g. an fsync before replying) */
  send(to: number, kind: string, body: unknown, holdMs?: number): void;
  /** connection transports: this node's own timeout fired (a keepalive or read timeout of the
   *  real client), so it closes its connection to `peer`: queued bytes are discarded and a FIN
   *  follows; the next send dials a new connection. Does nothing on a datagram transport. */
  closeConnection(peer: number): void;
  /** connection transports: the id of this node's open connection to `peer` (> 0), or 0 when it
   *  has none (never dialled, or closed by a timeout, a FIN or an RST). A client library knows
   *  this much: a call on a stream that breaks fails (gRPC Unavailable). Always 0 on a datagram
   *  transport. */
  connection(peer: number): number;
  /** arm (or re-arm) the named timer `ms` from now on this node's monotonic clock */
  setTimer(name: string, ms: number): void;
  cancelTimer(name: string): void;
  hasTimer(name: string): boolean;
  /** local deadline of an armed timer, or null */
  timerDue(name: string): number | null;
  /** the simulation's seeded PRNG, uniform [0, 1) */
  random(): number;
  nodeId(i: number): string;
  trace(ev: TraceInput): void;
  /** a note for the log: the words, and the same facts as data (what views format from) */
  note(text: string, note: NoteInfo, why?: Cause): void;
  /** true when the trace keeps every event; false in the lean trace trials run, which keeps
   *  roles, leadership, faults and writes only (core/trace.ts ROLE_TYPES): a hot handler checks
   *  it before building a vote's or a note's cause that the lean trace would throw away */
  readonly recordsAll: boolean;
  /** report a vote this node cast (monitors check one vote per node per term) */
  vote(term: number, candidate: number, granted: boolean, pre: boolean, why?: Cause): void;
  /** the same, with the cause ctx.cause(rule, values) would make given as the rule and the
   *  values in `layout`'s order (core/cause-record.ts): a full trace packs it without building
   *  it, a lean one drops it. For a hot handler's votes. */
  voteBecause(
    term: number,
    candidate: number,
    granted: boolean,
    pre: boolean,
    rule: string,
    layout: CauseLayout,
    vals: readonly CauseValue[],
  ): void;
  /** a graceful shutdown has finished its work (onShutdown returned true): the process exits
   *  once this handler returns */
  exit(): void;
  /** a cause (core/cause.ts): a rule from the protocol's spec and the values it compared, read
   *  on this node's monotonic clock unless `clock` says otherwise, armed by the running event */
  cause(rule: string, values: CauseValues, clock?: CauseClock): Cause;
  /** the same, and the cause of the role or leadership change this handler is about to make */
  because(rule: string, values: CauseValues, clock?: CauseClock): Cause;
}

/** A message's fields for drawing: plain scalars only. */
export type MessageFields = Record<string, string | number | boolean | null>;

export type TokenKind =
  "term" | "revision" | "leaseTransitions" | "epoch" | "zxid" | "sequence" | "resourceVersion";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Protocol<S = any> {
  readonly name: string;
  readonly tokenKind: TokenKind;
  /** where a leadership is granted: by winning an election among the nodes (its token is the
   *  election's number, so a node's term must never go back), or by a store that names a holder.
   *  Default: "election" for tokenKind "term", else "store". */
  readonly grant?: "election" | "store";
  /** message kinds that belong to electing (not heartbeats, pings or renewals): the summary's
   *  electionMessages counts them */
  readonly electionKinds?: readonly string[];
  /** create a node's state; `durable` is what survived a crash (null on first boot) */
  init(ctx: Ctx, durable: unknown): S;
  start(ctx: Ctx, st: S): void;
  onMessage(ctx: Ctx, st: S, msg: Msg): void;
  onTimer(ctx: Ctx, st: S, name: string): void;
  /** the durable part of the state (kept across crash/restart) */
  durable(st: S): unknown;
  role(st: S): string;
  believesLeader(st: S): boolean;
  /** term (raft), lease revision (etcd), leaseTransitions (kubernetes), epoch, ... for display */
  term(st: S): number;
  /** fencing token carried by writes, or null when not leading */
  token(st: S): number | null;
  /** the frame's one-word detail ("looking", "standby", ...); default: role() */
  detail?(st: S): string;
  /** protocol-specific detail for drawing */
  view(ctx: Ctx, st: S): Record<string, unknown>;
  /** a message's fields as the sandbox shows them (node indices as ids, zxids in hex); default:
   *  the body's own numbers, strings and booleans */
  messageView?(kind: string, body: unknown, nodeId: (i: number) => string): MessageFields;
  /** right before a write: a reason to skip it, or null to go ahead */
  beforeWrite?(ctx: Ctx, st: S): string | null;
  /** graceful shutdown (SIGTERM): release what can be released. Return true to keep running
   *  while that takes round trips; call ctx.exit() when done. The process is killed anyway when
   *  the grace period (core/process.ts SHUTDOWN_GRACE) runs out. */
  onShutdown?(ctx: Ctx, st: S): boolean | void;
  /** connection transports only: the peer's process died and its kernel closed the socket (a
   *  FIN/RST reached us one network delay later). Not called on a partition or a pause: those
   *  are silent, and only the protocol's own timeouts notice them. */
  onConnectionClosed?(ctx: Ctx, st: S, peer: number): void;
}
