// The `node` a learner's handler is given (src/elector/api.ts documents it): a thin layer over
// the engine's ctx, bound to the node being run before each call, like the ctx itself. Node
// state is plain data in the protocol state (so a run can be cloned, resumed and replayed), and
// every message and stored value is copied as it leaves, so a module cannot reach into another
// node's memory through a shared object.
import type { Ctx } from "../../core/protocol.ts";
import type { CauseValues } from "../../core/cause.ts";
import { LearnerError } from "./load.ts";

// The learner's note kind (core/trace.ts NoteKinds): a line its own elector logged (node.log).
declare module "../../core/trace.ts" {
  interface NoteKinds {
    log: Record<never, never>;
  }
}

export interface LearnerState {
  /** node.state: lost on a crash */
  user: Record<string, unknown>;
  /** node.disk: kept across a crash */
  disk: Record<string, unknown>;
  role: "follower" | "candidate" | "leader";
  /** the token of the current leadership (valid while role is "leader") */
  token: number;
  /** the highest token this node has led with (drawn as its term; kept across a crash) */
  term: number;
  /** store request counter (request ids are namespaced by incarnation) */
  seq: number;
}

/** Copy plain data (messages, stored values) so no object is shared between nodes. */
export function copyJson(v: unknown, where: string, depth = 0): unknown {
  if (v === null || typeof v === "number" || typeof v === "string" || typeof v === "boolean") return v;
  if (depth > 32) throw new LearnerError(`${where}: nested more than 32 levels`, "", 0);
  if (Array.isArray(v)) return v.map((x) => copyJson(x ?? null, where, depth + 1));
  if (typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object)) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) out[k] = copyJson(x, where, depth + 1);
    }
    return out;
  }
  throw new LearnerError(
    `${where}: a ${typeof v} cannot travel; send plain data (numbers, strings, booleans, arrays, objects)`,
    "",
    0,
  );
}

function scalar(v: unknown): string | number | boolean | null {
  return v === null || typeof v === "number" || typeof v === "string" || typeof v === "boolean"
    ? v
    : v === undefined
      ? null
      : JSON.stringify(v);
}

const misuse = (what: string) => new LearnerError(what, "", 0);

/** One per world: re-bound to (ctx, state) before each handler call. */
export class NodeApi {
  ctx!: Ctx;
  st!: LearnerState;
  private readonly peerLists: string[][] = [];
  readonly store: StoreApi;

  constructor() {
    this.store = new StoreApi(this);
  }

  bind(ctx: Ctx, st: LearnerState): this {
    this.ctx = ctx;
    this.st = st;
    return this;
  }

  get id(): string {
    return this.ctx.id;
  }
  get rank(): number {
    return this.ctx.self + 1;
  }
  get size(): number {
    return this.ctx.n;
  }
  get peers(): readonly string[] {
    const self = this.ctx.self;
    let p = this.peerLists[self];
    if (!p || p.length !== this.ctx.n - 1) {
      p = Array.from({ length: this.ctx.n }, (_, i) => this.ctx.nodeId(i)).filter((_, i) => i !== self);
      this.peerLists[self] = p;
      Object.freeze(p);
    }
    return p;
  }
  get state(): Record<string, unknown> {
    return this.st.user;
  }
  get disk(): Record<string, unknown> {
    return this.st.disk;
  }

  rankOf(id: string): number {
    const m = typeof id === "string" ? /^n(\d+)$/.exec(id) : null;
    const r = m ? Number(m[1]) : NaN;
    if (!(r >= 1 && r <= this.ctx.n))
      throw misuse(`there is no node ${JSON.stringify(id)} (nodes are n1..n${this.ctx.n})`);
    return r;
  }

  send(to: string, msg: { type: string }): void {
    const i = this.rankOf(to) - 1;
    if (!msg || typeof msg.type !== "string" || msg.type === "")
      throw misuse('send: a message needs a type, e.g. { type: "VOTE", term: 3 }');
    this.ctx.send(i, msg.type, copyJson(msg, `message ${msg.type}`));
  }

  broadcast(msg: { type: string }): void {
    if (!msg || typeof msg.type !== "string" || msg.type === "")
      throw misuse('broadcast: a message needs a type, e.g. { type: "VOTE", term: 3 }');
    for (let i = 0; i < this.ctx.n; i++)
      if (i !== this.ctx.self) this.ctx.send(i, msg.type, copyJson(msg, `message ${msg.type}`));
  }

  setTimer(name: string, ms: number): void {
    if (typeof name !== "string" || name === "" || name.startsWith("$"))
      throw misuse(
        `setTimer: name the timer with a string that does not start with $, got ${JSON.stringify(name)}`,
      );
    if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 1)
      throw misuse(`setTimer("${name}", ${String(ms)}): the delay must be a number of ms, at least 1`);
    this.ctx.setTimer(name, ms);
  }
  cancelTimer(name: string): void {
    this.ctx.cancelTimer(String(name));
  }
  hasTimer(name: string): boolean {
    return this.ctx.hasTimer(String(name));
  }
  now(): number {
    return this.ctx.local();
  }
  random(): number {
    return this.ctx.random();
  }

  lead(token: number): void {
    if (typeof token !== "number" || !Number.isSafeInteger(token) || token < 0)
      throw misuse(`lead(${String(token)}): the token must be a whole number, 0 or more`);
    this.st.role = "leader";
    this.st.token = token;
    if (token > this.st.term) this.st.term = token;
  }
  campaign(): void {
    this.st.role = "candidate";
  }
  follow(): void {
    this.st.role = "follower";
  }
  leading(): boolean {
    return this.st.role === "leader";
  }

  write(value?: unknown): boolean {
    if (this.st.role !== "leader") return false;
    if (value !== undefined) copyJson(value, "write");
    this.ctx.send(this.ctx.n + 1, "Write", { token: this.st.token });
    return true;
  }

  because(rule: string, values?: Record<string, unknown>): void {
    const v: CauseValues = {};
    for (const k of Object.keys(values ?? {}).slice(0, 12))
      v[k] = scalar((values as Record<string, unknown>)[k]);
    this.ctx.because(`learner.${String(rule).slice(0, 60)}`, v);
  }

  log(text: string): void {
    this.ctx.note(String(text).slice(0, 200), { kind: "log" });
  }

  /** the next store request id: namespaced by incarnation, so a restarted node's answers to its
   *  old requests are told apart */
  nextReq(): number {
    return this.ctx.inc * 1_000_000 + ++this.st.seq;
  }
}

const keyOf = (k: unknown): string => {
  if (typeof k !== "string" || k === "")
    throw misuse(`store: a key is a non-empty string, got ${JSON.stringify(k)}`);
  return k;
};
const leaseOf = (l: unknown): number => {
  if (l === undefined || l === 0) return 0;
  if (typeof l !== "number" || !Number.isSafeInteger(l))
    throw misuse(`store: a lease is the number the store granted, got ${JSON.stringify(l)}`);
  return l;
};

/** The etcd-like store as requests (servers/etcd/store.ts routes them). */
export class StoreApi {
  constructor(private readonly node: NodeApi) {}

  private send(kind: string, body: Record<string, unknown>): number {
    const reqId = this.node.nextReq();
    this.node.ctx.send(this.node.ctx.STORE, kind, { reqId, ...body });
    return reqId;
  }
  private put(kind: string, key: string, value: unknown, lease: unknown, compare: unknown[]): number {
    const k = keyOf(key);
    const l = leaseOf(lease);
    const put = l
      ? { op: "put", key: k, value: copyJson(value ?? null, `the value of ${k}`), lease: l }
      : { op: "put", key: k, value: copyJson(value ?? null, `the value of ${k}`) };
    return this.send(kind, {
      compare,
      success: [put, { op: "get", key: k }],
      failure: [{ op: "get", key: k }],
    });
  }

  grant(ttl: number): number {
    if (typeof ttl !== "number" || !(ttl >= 1000) || ttl % 1000 !== 0)
      throw misuse(`store.grant(${String(ttl)}): etcd grants leases in whole seconds: 1000, 2000, ...`);
    return this.send("LeaseGrant", { ttl });
  }
  keepAlive(lease: number): number {
    return this.send("LeaseKeepAlive", { lease: leaseOf(lease) });
  }
  revoke(lease: number): number {
    return this.send("LeaseRevoke", { lease: leaseOf(lease) });
  }
  create(key: string, value: unknown, lease?: number): number {
    return this.put("Create", key, value, lease, [
      { key: keyOf(key), target: "create", result: "=", value: 0 },
    ]);
  }
  compareAndSet(key: string, modRev: number, value: unknown, lease?: number): number {
    if (typeof modRev !== "number" || !Number.isSafeInteger(modRev) || modRev < 0)
      throw misuse(
        `store.compareAndSet: modRev is the key's last revision (0: absent), got ${JSON.stringify(modRev)}`,
      );
    const cmp =
      modRev === 0
        ? { key: keyOf(key), target: "create", result: "=", value: 0 }
        : { key: keyOf(key), target: "mod", result: "=", value: modRev };
    return this.put("CompareAndSet", key, value, lease, [cmp]);
  }
  delete(key: string): number {
    const k = keyOf(key);
    return this.send("Delete", {
      compare: [],
      success: [
        { op: "delete", key: k },
        { op: "get", key: k },
      ],
      failure: [],
    });
  }
  get(key: string): number {
    return this.send("Get", { compare: [], success: [{ op: "get", key: keyOf(key) }], failure: [] });
  }
  list(prefix: string): number {
    return this.send("List", {
      compare: [],
      success: [{ op: "get", key: keyOf(prefix), prefix: true }],
      failure: [],
    });
  }
  watchDelete(key: string, fromRev: number): number {
    if (typeof fromRev !== "number" || !Number.isSafeInteger(fromRev))
      throw misuse("store.watchDelete: fromRev is a revision number");
    return this.send("Watch", { key: keyOf(key), fromRev });
  }
}

interface RawKv {
  key: string;
  value: unknown;
  createRev: number;
  modRev: number;
  lease: number;
}
const kvOut = (k: RawKv) => ({
  key: k.key,
  value: copyJson(k.value ?? null, k.key),
  createRev: k.createRev,
  modRev: k.modRev,
  lease: k.lease,
});

/** A store answer as the learner's StoreEvent, or null for answers a learner never asked for. */
export function storeEvent(kind: string, b: Record<string, unknown>): Record<string, unknown> | null {
  const req = b.reqId as number;
  switch (kind) {
    case "LeaseGrantResp":
      return { type: "granted", req, lease: b.lease, ttl: b.ttl };
    case "LeaseKeepAliveResp":
      return { type: "keptAlive", req, lease: b.lease, ttl: b.ttl };
    case "LeaseRevokeResp":
      return { type: "revoked", req, ok: b.ok === true };
    case "WatchEvent":
      return { type: "deleted", req, key: b.key, rev: b.rev };
    case "CreateResp":
    case "CompareAndSetResp":
    case "DeleteResp": {
      const results = (b.results as Array<{ kvs?: RawKv[] }>) ?? [];
      let key: RawKv | null = null;
      for (const r of results) if (r.kvs) key = r.kvs[0] ?? null;
      const ev: Record<string, unknown> = {
        type: "txn",
        req,
        ok: b.succeeded === true,
        rev: b.rev,
        key: key ? kvOut(key) : null,
      };
      if (typeof b.error === "string") ev.error = b.error;
      return ev;
    }
    case "GetResp":
    case "ListResp": {
      const r = ((b.results as Array<{ kvs?: RawKv[]; rev?: number }>) ?? [])[0];
      return { type: "keys", req, rev: b.rev, keys: (r?.kvs ?? []).map(kvOut) };
    }
    default:
      return null;
  }
}
