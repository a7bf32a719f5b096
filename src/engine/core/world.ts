// The running world: the plain-data state plus the behaviour bound to it (the protocol module,
// the server behind the store process, one reusable ctx). Only `s` is state; everything else is
// rebuilt from s.scenario by whoever wires the simulation (engine/wiring.ts).
import type { SimState } from "./types.ts";
import type { Ctx, Protocol } from "./protocol.ts";
import type { Msg, NodeRt, QEvent } from "./types.ts";
import type { LeaseView, StoreFrame } from "./frame-types.ts";
import type { Cause, CauseArm } from "./cause.ts";

/** The behaviour a world is made of, chosen from the scenario above the core. */
export interface WorldParts {
  proto: Protocol;
  /** the server the store process stands for; null when the protocol has none */
  server: Server | null;
  /** the token's name in violation text ("term", "revision", "resourceVersion"...) */
  tokenName: string;
  /** how the fenced resource words a write it refused or took late, when it has its own
   *  language (the database's conditional UPDATE); undefined: no detail */
  writeDetail?: (w: World, from: number, token: number, rows: number) => string;
  /** the store process's initial state */
  newStore(): SimState["store"];
  /** how messages travel (the spec's transport.kind): lost on a cut, or held and retransmitted
   *  on a connection (core/connection.ts); default datagram */
  transport?: "datagram" | "connection";
}

export interface World extends Omit<WorldParts, "newStore" | "transport"> {
  s: SimState;
  ctx: Ctx & { bind(node: number): void };
  /** process count P = nodes + store + resource */
  P: number;
  STORE: number;
  RESOURCE: number;
  /** derived from s, never state: a server's index for its hot path (ZooKeeper's live sessions) */
  cache?: unknown;
  /** derived from s.stats.kindNames, never state: kind -> id, and the last kind counted
   *  (core/kind-counts.ts) */
  kindIds: Map<string, number>;
  lastKind: string;
  lastKindId: number;
  /** derived from s.timerNames, never state: timer name -> slot (core/timers.ts) */
  timerIds: Map<string, number>;
  /** derived, never state: per node and slot, the queued event of the timer's live arm, which
   *  re-arming moves and cancelling removes (core/timers.ts); null or absent when not known */
  timerEv: Array<Array<Extract<QEvent, { type: "timer" }> | null>>;
  /** derived, never state: the queued event of each named store tick's live arm
   *  (core/store-ticks.ts), absent when not known */
  tickEv?: Map<string, Extract<QEvent, { type: "store-tick" }>>;
  /** the engine's hard stop on events (core/budget.ts); lowered only by tests */
  maxEvents?: number;
  /** transient, never state: what armed the running handler, and the cause a protocol gave
   *  (ctx.because) for the role and leadership changes it is about to make (core/cause.ts) */
  arm?: CauseArm;
  pending?: Cause;
  /** transient: the timer's node or the message that armed the running handler, not yet
   *  written out as `arm` (core/cause-make.ts currentArm); with the timer's name and armedAt */
  armBy?: NodeRt | Msg;
  armTimer?: string;
  armAt?: number;
}

/** The one interface between the core and the server a protocol talks to (an etcd cluster with
 *  its leases, the Kubernetes API server, a ZooKeeper ensemble, a SQL row, a power switch). The
 *  core owns the store process (its clock, its address, its outages, its named ticks) and calls
 *  these hooks; servers/ implements them, so the core never imports a server. */
export interface Server {
  /** "etcd", "apiserver", "zookeeper", "database", "power-switch": what the frame calls it */
  readonly kind: string;
  /** does a node hold a lease there that the sandbox draws (not the power switch) */
  readonly leases: boolean;
  /** a request arrived at the store process (it is up) */
  receive(w: World, m: Msg): void;
  /** during a store-outage the server's processes are down, so on a connection transport a
   *  request gets an RST from their host (the call fails) instead of vanishing. Only etcd says
   *  so for now; the others keep the silent drop their protocols' timeouts were written for. */
  readonly refusesWhenDown?: boolean;
  /** a named store tick fired (core/store-ticks.ts armTick) */
  tick(w: World, e: Extract<QEvent, { type: "store-tick" }>): void;
  /** an etcd lease's expiry timer fired */
  leaseTimer?(w: World, e: Extract<QEvent, { type: "store-timer" }>): void;
  /** back from an outage (the core has not yet marked it up); returns the trace's one-line detail */
  recovered(w: World): string;
  /** the store's own view of a node's lease, on the store's clock */
  leaseOf(w: World, id: string): LeaseView | null;
  frame(w: World): StoreFrame;
}

export function procName(w: World, i: number): string {
  if (i < w.s.nodes.length) return w.s.nodes[i].id;
  return i === w.STORE ? "store" : "resource";
}

export function procIndex(w: World, name: string): number {
  if (name === "store") return w.STORE;
  if (name === "resource") return w.RESOURCE;
  return Number(name.slice(1)) - 1;
}
