// The etcd key space as the store keeps it: MVCC keys with create and mod revisions, TTL leases,
// compare-and-set transactions (etcd server mvcc and lease packages; clientv3 Txn).
export interface KV {
  value: unknown;
  createRev: number;
  modRev: number;
  version: number;
  lease: number;
}
export interface StoreLease {
  id: number;
  ttl: number;
  expiry: number;
  gen: number;
  keys: string[];
  owner: string;
}
export type Cmp = {
  key: string;
  target: "create" | "mod" | "version";
  result: "=" | "!=" | "<" | ">";
  value: number;
};
export type Op =
  | { op: "put"; key: string; value: unknown; lease?: number }
  | { op: "get"; key: string; prefix?: boolean; sort?: "firstCreate" | "lastCreate"; maxCreateRev?: number }
  | { op: "delete"; key: string };
/** record: the holder is a field of one object; its token is leaseTransitions, or ("rev") the
 *  revision of the write that installed the holder (coordinated election never bumps transitions) */
export type HolderRule =
  { kind: "lowest-create"; prefix: string } | { kind: "record"; key: string; token?: "rev" } | null;
