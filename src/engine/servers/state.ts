// The store process's state: the core's StoreBase plus each server's own part. Pure data; the
// mode names which server is behind it.
import type { StoreBase } from "../core/server.ts";
import type { KV, StoreLease, HolderRule } from "./etcd/types.ts";
import type { ZkServer } from "./zookeeper/types.ts";
import type { SqlRow } from "./sql/types.ts";
import type { CleState } from "./apiserver/types.ts";
import type { PowerState } from "./power/types.ts";

/** What the store process stands for: etcd (and the API server in front of it), a ZooKeeper
 *  ensemble, a SQL database holding a lease row, or the power switch of a failover pair. */
export type StoreMode = "etcd" | "zookeeper" | "sql" | "power";

export interface StoreState extends StoreBase {
  /** absent in states made before other modes existed: etcd */
  mode?: StoreMode;
  up: boolean;
  epoch: number;
  rev: number;
  kv: Record<string, KV>;
  leases: Record<string, StoreLease>;
  nextLease: number;
  watches: Array<{ node: number; key: string; reqId: number }>;
  /** deletions, so a watch created "from" an older revision still sees them (etcd watch fromRev) */
  deletes: Array<{ rev: number; key: string }>;
  holderRule: HolderRule;
  holder: string | null;
  holderToken: number;
  /** etcd server.go:344-349: MinLeaseTTL = ceil(1.5 × election timeout) = 2 s with defaults */
  minTtl: number;
  /** etcd extends every lease by the election timeout when a new etcd leader takes over
   *  (lessor.Promote, server.go ~1950): we apply it when the store comes back from an outage */
  promoteExtend: number;
  zk?: ZkServer;
  sql?: SqlRow;
  cle?: CleState;
  power?: PowerState;
  /** generation per named store tick (a re-armed tick makes the older one stale) */
  ticks?: Record<string, number>;
}
