// Every protocol the engine runs, in the order the sandbox and error messages list them.
// Adding a protocol: its folder, and one line here.
import type { ProtocolSpec } from "./spec.ts";
import { etcdSpec } from "./etcd/spec.ts";
import { kubernetesSpec } from "./kubernetes/spec.ts";
import { zookeeperSpec } from "./zookeeper/spec.ts";
import { databaseSpec } from "./database/spec.ts";
import { raftSpec } from "./raft/spec.ts";
import { zabSpec } from "./zab/spec.ts";
import { bullySpec } from "./bully/spec.ts";
import { ringSpec } from "./ring/spec.ts";
import { heartbeatSpec } from "./heartbeat/spec.ts";

export const SPECS = {
  raft: raftSpec,
  etcd: etcdSpec,
  kubernetes: kubernetesSpec,
  bully: bullySpec,
  ring: ringSpec,
  zab: zabSpec,
  zookeeper: zookeeperSpec,
  database: databaseSpec,
  heartbeat: heartbeatSpec,
} as const satisfies Record<string, ProtocolSpec>;

export type ProtocolName = keyof typeof SPECS;
export const PROTOCOL_NAMES = Object.keys(SPECS) as ProtocolName[];

export function isProtocol(name: unknown): name is ProtocolName {
  return typeof name === "string" && Object.prototype.hasOwnProperty.call(SPECS, name);
}

export function specOf(name: string): ProtocolSpec {
  if (!isProtocol(name)) throw new Error(`protocol "${name}" does not exist`);
  return SPECS[name];
}
