// The one small interface every protocol implements (RaftScope style): plain-data node state
// plus pure-ish rule functions (ctx, state, event) => void. The engine owns time, the network,
// faults, durability and the leader's work loop; a protocol only decides.
import type { Msg } from "../core/types.ts";
import type { Scenario } from "../scenario/schema.ts";
import type { TraceEvent } from "../core/trace.ts";

/** Distributive Omit, so that each trace variant keeps its own fields. */
export type TraceInput = TraceEvent extends infer E ? (E extends { t: number } ? Omit<E, "t"> : never) : never;

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
  readonly scenario: Scenario;
  /** the node's incarnation (bumped by crash/restart); use it to namespace request ids */
  readonly inc: number;
  /** this node's monotonic clock (ms) */
  local(): number;
  /** this node's wall clock (ms); NTP steps move it */
  wall(): number;
  /** send a message; `holdMs` delays it leaving this node (e.g. an fsync before replying) */
  send(to: number, kind: string, body: unknown, holdMs?: number): void;
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
  note(text: string): void;
  /** report a vote this node cast (monitors check one vote per node per term) */
  vote(term: number, candidate: number, granted: boolean, pre: boolean): void;
}

export type TokenKind = "term" | "revision" | "leaseTransitions";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Protocol<S = any> {
  readonly name: "raft" | "etcd" | "kubernetes";
  readonly tokenKind: TokenKind;
  /** create a node's state; `durable` is what survived a crash (null on first boot) */
  init(ctx: Ctx, durable: unknown): S;
  start(ctx: Ctx, st: S): void;
  onMessage(ctx: Ctx, st: S, msg: Msg): void;
  onTimer(ctx: Ctx, st: S, name: string): void;
  /** the durable part of the state (kept across crash/restart) */
  durable(st: S): unknown;
  role(st: S): string;
  believesLeader(st: S): boolean;
  /** term (raft), lease revision (etcd) or leaseTransitions (kubernetes), for display */
  term(st: S): number;
  /** fencing token carried by writes, or null when not leading */
  token(st: S): number | null;
  /** protocol-specific detail for drawing */
  view(ctx: Ctx, st: S): Record<string, unknown>;
  /** right before a write: a reason to skip it, or null to go ahead */
  beforeWrite?(ctx: Ctx, st: S): string | null;
  /** graceful shutdown: release what can be released */
  onShutdown?(ctx: Ctx, st: S): void;
}
