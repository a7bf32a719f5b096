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
    leases: Array<{ id: string; owner: string; ttlMs: number; expiresAtStoreMs: number; remainingMs: number; keys: string[] }>;
    keys: Array<{ key: string; value: unknown; createRev: number; modRev: number; lease: string | null }>;
    /** what the store stands for: "etcd", "apiserver", "zookeeper", "database", "power-switch" */
    kind?: string;
  };
