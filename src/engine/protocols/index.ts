// Protocol registry.
import { raft } from "./raft.ts";
import { etcd } from "./etcd.ts";
import { kubernetes } from "./kubernetes.ts";
import { bully } from "./bully.ts";
import { ring } from "./ring.ts";
import { zab } from "./zab.ts";
import { zookeeper } from "./zookeeper.ts";
import { database } from "./database.ts";
import { heartbeat } from "./heartbeat.ts";
import type { Protocol } from "./types.ts";

const REGISTRY: Record<string, Protocol> = { raft, etcd, kubernetes, bully, ring, zab, zookeeper, database, heartbeat };

export function getProtocol(name: string): Protocol {
  const p = REGISTRY[name];
  if (!p) throw new Error(`protocol "${name}" is not implemented yet`);
  return p;
}

export function registerProtocol(p: Protocol): void {
  REGISTRY[p.name] = p;
}
