// The running world: the plain-data state plus the behaviour bound to it (the protocol module
// and one reusable ctx). Only `s` is state; everything else is rebuilt from s.scenario.
import type { SimState } from "./types.ts";
import type { ZkServer, ZkSession } from "./znodes.ts";
import type { Ctx, Protocol } from "../protocols/types.ts";

export interface World {
  s: SimState;
  proto: Protocol;
  ctx: Ctx & { bind(node: number): void };
  /** process count P = nodes + store + resource */
  P: number;
  STORE: number;
  RESOURCE: number;
  /** derived from s, never state: ZooKeeper's live sessions in id order (core/znodes.ts) */
  zkSessions?: { zk: ZkServer; list: ZkSession[] } | null;
  /** the engine's hard stop on events (core/budget.ts); lowered only by tests */
  maxEvents?: number;
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
