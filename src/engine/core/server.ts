// The state every server behind the store process keeps (an etcd cluster, the Kubernetes API
// server, a ZooKeeper ensemble, a SQL row, a power switch). Their interface, Server, sits in
// world.ts beside the World it is bound into; servers/ implements both, wired in engine/wiring.ts.

/** What every server's state has; each server keeps its own fields beside these. */
export interface StoreBase {
  /** what the store process stands for ("etcd", "zookeeper", "sql", "power") */
  mode?: string;
  up: boolean;
  /** bumped by each outage, so a scheduled recovery of an older outage is ignored */
  epoch: number;
  rev: number;
  /** who the server says holds the leadership, and that holding's token (for the monitors) */
  holder: string | null;
  holderToken: number;
  /** generation per named store tick (a re-armed tick makes the older one stale) */
  ticks?: Record<string, number>;
}
