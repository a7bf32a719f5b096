// The servers a protocol can talk to, by name. A protocol's spec names one (or none); the
// wiring above the protocols (engine/wiring.ts) asks here for its behaviour and its first state.
// Every server runs behind the one interface the core drives (core/server.ts).
import type { Server } from "../core/world.ts";
import type { StoreState } from "./state.ts";
import { etcdServer, newEtcdStore } from "./etcd/server.ts";
import { apiserverServer, newApiserverStore } from "./apiserver/server.ts";
import { zookeeperServer, newZookeeperStore } from "./zookeeper/server.ts";
import { sqlServer, newSqlStore } from "./sql/server.ts";
import { powerServer, newPowerStore } from "./power/server.ts";

/** What a spec asks for: a server and how its state starts (the options it needs). */
export type ServerChoice =
  | { kind: "etcd"; prefix: string }
  | { kind: "apiserver"; coordinated: boolean }
  | { kind: "zookeeper" }
  | { kind: "database" }
  | { kind: "power-switch" };

export function serverFor(choice: ServerChoice): { server: Server; newStore: () => StoreState } {
  switch (choice.kind) {
    case "etcd":
      return {
        server: etcdServer,
        newStore: () => newEtcdStore({ kind: "lowest-create", prefix: `${choice.prefix}/` }),
      };
    case "apiserver":
      return { server: apiserverServer, newStore: () => newApiserverStore(choice.coordinated) };
    case "zookeeper":
      return { server: zookeeperServer, newStore: newZookeeperStore };
    case "database":
      return { server: sqlServer, newStore: newSqlStore };
    case "power-switch":
      return { server: powerServer, newStore: newPowerStore };
  }
}

/** The store process's state when no server runs there: never reached by any request. */
export function noStore(): StoreState {
  return newEtcdStore(null);
}

export { K8S_KEY, CANDIDATES, type LeaseRecord } from "./apiserver/types.ts";
export { negotiatedTimeout } from "./zookeeper/types.ts";
export { leaseHex } from "./etcd/store-leases.ts";
