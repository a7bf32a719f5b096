// The parts of a frame a server draws itself (core/server.ts): its view of a node's lease and
// the store process as a whole. Plain types, importing nothing.

export interface LeaseView {
  /** whose clock decides: "holder" (its own monotonic clock), "store", or "observer" */
  judge: "holder" | "store" | "observer";
  /** deadline on the judging clock */
  expiresAtMs: number | null;
  remainingMs: number | null;
  detail?: string;
}

/** The store process as drawn: null when the protocol talks to no server. */
export type StoreFrame = null | {
  up: boolean;
  rev: number;
  clockMs: number;
  driftPpm: number;
  holder: string | null;
  holderToken: number;
  leases: Array<{
    id: string;
    owner: string;
    ttlMs: number;
    expiresAtStoreMs: number;
    remainingMs: number;
    keys: string[];
  }>;
  keys: Array<{ key: string; value: unknown; createRev: number; modRev: number; lease: string | null }>;
  /** what the store stands for: "etcd", "apiserver", "zookeeper", "database", "power-switch" */
  kind?: string;
  /** ZooKeeper only: the one-shot exists() watches the ensemble holds now, in the order they
   *  were set. One leaves when it fires (its znode deleted) or its session ends, and comes
   *  back when the client sets it again. */
  watches?: WatchView[];
};

/** One registered watch: who set it, on which path, and whose znode that path is. */
export interface WatchView {
  /** the watching client */
  node: string;
  /** its session, as ZooKeeper writes it ("0x1001") */
  session: string;
  /** the watched znode's path */
  path: string;
  /** the client whose session owns the watched znode; null when that znode is gone */
  owner: string | null;
  /** the watched znode's sequence number; null when it is gone */
  seq: number | null;
}
