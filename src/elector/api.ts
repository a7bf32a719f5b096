// The elector API: everything a learner's module sees. Types only, so the editor page can show
// this file as the one page of documentation and feed it to completions; the runtime that backs
// it is engine/protocols/learner/. Every handler runs to completion on one node at one instant
// of the simulation: no host timers, no host clock, no host randomness reach it.

/** A plain value that can travel in a message or be kept in node state: no functions, no class
 *  instances, no `undefined` inside arrays. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A node's name: "n1", "n2", ... */
export type NodeId = string;

/** A message between nodes. `type` names it on the timeline ("VOTE", "HEARTBEAT"); every other
 *  field is yours. */
export interface Message {
  type: string;
  [field: string]: Json;
}

/** One key as the store keeps it (etcd's mvcc KeyValue). */
export interface StoreKey {
  key: string;
  value: Json;
  /** the store revision that created the key; the lowest under a prefix was there first */
  createRev: number;
  /** the store revision of the key's last change */
  modRev: number;
  /** the lease the key lives on (0: none); the key is deleted when the lease expires */
  lease: number;
}

/** What the store answers, delivered to `onStore`. `req` is the number the request returned. */
export type StoreEvent =
  /** `store.grant(ttl)`: a lease that expires `ttl` ms after its last keepalive, on the store's clock */
  | { type: "granted"; req: number; lease: number; ttl: number }
  /** `store.keepAlive(lease)`: `ttl` is the lease's new remaining time, 0 when it is gone */
  | { type: "keptAlive"; req: number; lease: number; ttl: number }
  /** `store.revoke(lease)`: `ok` false when it had already expired */
  | { type: "revoked"; req: number; ok: boolean }
  /** `store.create`, `store.compareAndSet`, `store.delete`: `ok` says whether the compare held
   *  (the change was made); `rev` is the store's revision after it; `key` the key as it is now
   *  (null when absent); `error` when the lease named was not found */
  | { type: "txn"; req: number; ok: boolean; rev: number; key: StoreKey | null; error?: string }
  /** `store.get(key)` or `store.list(prefix)`: the keys, oldest create revision first */
  | { type: "keys"; req: number; rev: number; keys: StoreKey[] }
  /** `store.watchDelete(key, fromRev)`: the key is gone (deleted, or its lease expired) */
  | { type: "deleted"; req: number; key: string; rev: number };

/** The coordination store: the engine's etcd-like server, one process on the network (a cut or
 *  an outage reaches it like any node). Every call sends one request and returns its number;
 *  the answer arrives later in `onStore`, or never when the network or the store fails. */
export interface Store {
  /** ask for a lease of `ttl` ms (etcd grants whole seconds: 1000, 2000, ...) */
  grant(ttl: number): number;
  /** renew a lease; it expires `ttl` after the store last renewed it, on the store's clock */
  keepAlive(lease: number): number;
  /** give a lease up now: its keys are deleted */
  revoke(lease: number): number;
  /** put `key` only if it does not exist (etcd: compare create revision = 0), on `lease` if
   *  given; the answer's `key.createRev` is the key's create revision either way */
  create(key: string, value: Json, lease?: number): number;
  /** put `key` only if its last change was at `modRev` (0: only if absent) */
  compareAndSet(key: string, modRev: number, value: Json, lease?: number): number;
  /** delete `key` */
  delete(key: string): number;
  /** read one key */
  get(key: string): number;
  /** read every key that starts with `prefix`, oldest create revision first */
  list(prefix: string): number;
  /** one `deleted` event when `key` is deleted at or after `fromRev` (at once when it already
   *  is); a new watch replaces this node's older one */
  watchDelete(key: string, fromRev: number): number;
}

/** What a handler is given: this node, and what it can do. */
export interface Node {
  /** this node's name, "n1".. */
  readonly id: NodeId;
  /** this node's number: 1 for n1 (compare nodes with `rank`, not by their names: "n10" < "n9") */
  readonly rank: number;
  /** every other node's name */
  readonly peers: readonly NodeId[];
  /** how many nodes there are, this one included */
  readonly size: number;
  /** the number of a node: `node.rankOf("n3")` is 3 */
  rankOf(id: NodeId): number;
  /** this node's memory: lost when it crashes (a restart starts with an empty object). Keep
   *  plain data only. Module-level variables are shared by every node: keep state here. */
  readonly state: { [key: string]: Json };
  /** this node's disk: kept across a crash and restart (write a term or a vote here before
   *  acting on it). Plain data only. */
  readonly disk: { [key: string]: Json };

  /** send a message to one node; it may be delayed, lost or cut off like any datagram */
  send(to: NodeId, msg: Message): void;
  /** send a message to every other node */
  broadcast(msg: Message): void;
  /** arm the timer `name` to fire `ms` from now on this node's own clock (re-arming replaces it) */
  setTimer(name: string, ms: number): void;
  cancelTimer(name: string): void;
  /** is the timer `name` armed? */
  hasTimer(name: string): boolean;
  /** this node's monotonic clock in ms: it keeps running through a pause, and may drift */
  now(): number;
  /** a seeded random number in [0, 1): the same run gives the same numbers */
  random(): number;

  /** declare that this node leads, with the fencing `token` its writes carry (a term, an epoch,
   *  a create revision: it must grow with every new leadership). The monitors judge every
   *  `lead`: two nodes leading with one token is a violation. */
  lead(token: number): void;
  /** declare that this node is standing for election (drawn as a candidate) */
  campaign(): void;
  /** declare that this node does not lead */
  follow(): void;
  /** does this node lead now? */
  leading(): boolean;
  /** write `value` to the fenced resource with this node's token; false when it does not lead.
   *  With fencing on, the resource refuses a token below one it has already seen. A leader
   *  also writes once every work interval when the challenge sets one. */
  write(value?: Json): boolean;
  /** the coordination store (only where the challenge has one) */
  readonly store: Store;

  /** say why this node decided what it is about to do: `rule` is your rule's name, `values`
   *  what it compared. "Why?" on the replay shows it for the next role change. */
  because(rule: string, values?: { [name: string]: string | number | boolean | null }): void;
  /** a line in the run's log */
  log(text: string): void;
}

/** The module a learner writes: export the handlers it needs. */
export interface Elector {
  /** a node (re)starts: its `state` is empty, its `disk` is what it wrote before a crash */
  init?(node: Node): void;
  /** a message from another node arrived */
  onMessage?(node: Node, from: NodeId, msg: Message): void;
  /** the timer `name` fired */
  onTimer?(node: Node, name: string): void;
  /** the store answered, or a watched key was deleted */
  onStore?(node: Node, event: StoreEvent): void;
}

/** The handler names a module may export. */
export const HANDLERS = ["init", "onMessage", "onTimer", "onStore"] as const satisfies ReadonlyArray<
  keyof Elector
>;
