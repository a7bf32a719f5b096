// The store as a ZooKeeper ensemble: sessions kept alive by any request
// (pings when idle), ephemeral sequential znodes under one election parent, one-shot exists()
// watches. Sources: ZooKeeperServer.java:1394-1403,1518-1527 (timeout negotiation, clamped to
// [2, 20] × tickTime), ExpiryQueue.java:53-54,87 (expiry rounded up to the next tick: a session
// dies within (T, T + tickTime] of the last packet the server saw), PrepRequestProcessor.java
// :665-667 (the sequence suffix is "%010d" of the parent's cversion, which every child create
// and delete increments). The ensemble is one linearizable process, like the etcd store.
import { storeCause } from "../../core/cause-make.ts";
import { emit } from "../../core/trace-emit.ts";
import { holderChanged } from "../../core/monitors.ts";
import { send } from "../../core/network.ts";
import { reply, storeNow } from "../common.ts";
import { negotiatedTimeout, type ZkServer, type ZkSession, type Znode } from "./types.ts";
import { armTick, cancelTick, tickLive } from "../../core/store-ticks.ts";
import type { ServerWorld as World } from "../world.ts";
import type { Msg, QEvent } from "../../core/types.ts";
import { closeConnection } from "../../core/connection.ts";

const EXPIRY_TICK = "zk-expiry";

export function newZk(): ZkServer {
  return { zxid: 0, cversion: 0, sessions: {}, nextSession: 0x1000, znodes: {}, watches: [] };
}

const zkOf = (w: World) => w.s.store.zk as ZkServer;
/** The ensemble's tickTime (zoo.cfg), from the scenario's timing. */
const tickTime = (w: World) => (w.s.scenario.timing as { tickTime: number }).tickTime;
export const sessionHex = (id: number) => `0x${id.toString(16)}`;

/** ExpiryQueue.roundToNextInterval: (time / interval + 1) * interval, always the next boundary. */
function roundToNextTick(w: World, t: number): number {
  const tick = tickTime(w);
  return (Math.floor(t / tick) + 1) * tick;
}

function touch(w: World, s: ZkSession): void {
  s.expiry = roundToNextTick(w, storeNow(w) + s.timeout);
  armExpiry(w);
}

/** The live sessions in id order: an index of zk.sessions kept on the World (not state), since
 *  sessions keyed by id are slow to scan and every packet rescans them. Rebuilt after a session
 *  is created or closed, and for any other state (a resumed snapshot). */
function sessionList(w: World): ZkSession[] {
  const zk = zkOf(w);
  // Derived from the state, never part of it: rebuilt after a session opens or closes.
  let c = w.cache as { zk: ZkServer; list: ZkSession[] } | null | undefined;
  if (!c || c.zk !== zk) w.cache = c = { zk, list: Object.values(zk.sessions) };
  return c.list;
}

/** The session tracker wakes at the earliest expiry bucket. */
function armExpiry(w: World): void {
  let next = Infinity;
  const list = sessionList(w);
  for (let i = 0; i < list.length; i++) if (list[i].expiry < next) next = list[i].expiry;
  if (next === Infinity) {
    cancelTick(w, EXPIRY_TICK);
    return;
  }
  armTick(w, EXPIRY_TICK, next);
}

export function zkTick(w: World, e: Extract<QEvent, { type: "store-tick" }>): void {
  if (!tickLive(w, e)) return;
  const now = storeNow(w);
  for (const s of Object.values(zkOf(w).sessions)) {
    if (s.expiry > now) continue;
    emit(w, {
      type: "lease",
      action: "expire",
      node: s.owner,
      judge: "store",
      lease: sessionHex(s.id),
      ttlMs: s.timeout,
      expiresAtLocal: s.expiry,
      detail: `session expired at the tick boundary ${s.expiry} (server clock ${now})`,
      clockMs: now,
      why: storeCause(w, "zk.session.expired", {
        expiresAt: s.expiry,
        timeoutMs: s.timeout,
        holder: s.owner,
      }),
    });
    closeSession(w, s);
    // ZooKeeperServer.expire -> close(sessionId): the server also closes the session's
    // connection (ServerCnxnFactory.closeSession); the client reads the FIN once the link carries it.
    closeConnection(w, w.STORE, s.node);
  }
  armExpiry(w);
}

function closeSession(w: World, s: ZkSession): void {
  const zk = zkOf(w);
  delete zk.sessions[s.id];
  w.cache = null;
  zk.watches = zk.watches.filter((x) => x.session !== s.id);
  for (const z of Object.values(zk.znodes)) if (z.session === s.id) deleteZnode(w, z);
}

function deleteZnode(w: World, z: Znode): void {
  const zk = zkOf(w);
  delete zk.znodes[z.name];
  zk.cversion++;
  zk.zxid++;
  if (w.s.traceLevel === "full") {
    const watchers = zk.watches.filter((x) => x.path === z.name).map((x) => w.s.nodes[x.node].id);
    const why = storeCause(w, watchers.length ? "zk.watch.nodeDeleted" : "zk.znode.deleted", {
      key: z.name,
      zxid: zk.zxid,
      watchers: watchers.length,
      session: sessionHex(z.session),
      owner: z.owner,
    });
    w.s.trace.push({
      t: w.s.now,
      type: "store",
      op: "delete",
      key: z.name,
      rev: zk.zxid,
      ...(watchers.length ? { watchers } : {}),
      why,
    });
  }
  const keep: ZkServer["watches"] = [];
  for (const x of zk.watches) {
    // A one-shot watch fires once and is gone (NodeDeleted).
    if (x.path === z.name)
      send(w, w.STORE, x.node, "WatchEvent", { type: "NodeDeleted", path: z.name, session: x.session });
    else keep.push(x);
  }
  zk.watches = keep;
  updateHolder(w);
}

/** Holder: the owner of the smallest sequence under the election parent; token: that sequence. */
function updateHolder(w: World): void {
  const st = w.s.store;
  let best: Znode | null = null;
  for (const z of Object.values(zkOf(w).znodes)) if (!best || z.seq < best.seq) best = z;
  const holder = best ? best.owner : null;
  const token = best ? best.seq : 0;
  if (holder !== st.holder || token !== st.holderToken) {
    st.holder = holder;
    st.holderToken = token;
    holderChanged(w, holder, token);
  }
}

export function zkHandle(w: World, m: Msg): void {
  const zk = zkOf(w);
  const b = m.body;
  const who = w.s.nodes[m.from]?.id ?? "?";
  if (m.kind === "CreateSession") {
    // ZooKeeperServer.java:1518-1527: clamp the requested timeout to [min, max] session timeout.
    const tick = tickTime(w);
    const timeout = negotiatedTimeout(tick, b.timeout as number);
    const s: ZkSession = { id: ++zk.nextSession, owner: who, node: m.from, timeout, expiry: 0 };
    zk.sessions[s.id] = s;
    w.cache = null;
    touch(w, s);
    const clamped =
      timeout !== b.timeout
        ? `requested ${b.timeout} ms, negotiated ${timeout} ms (${timeout === 2 * tick ? "minimum 2" : "maximum 20"} × tickTime ${tick} ms)`
        : undefined;
    if (w.s.traceLevel === "full")
      w.s.trace.push({
        t: w.s.now,
        type: "lease",
        action: "grant",
        node: who,
        judge: "store",
        lease: sessionHex(s.id),
        ttlMs: timeout,
        expiresAtLocal: s.expiry,
        ...(clamped ? { detail: clamped, requestedTtlMs: b.timeout as number } : {}),
        why: storeCause(w, "zk.session.negotiated", {
          requestedMs: b.timeout as number,
          minMs: 2 * tick,
          maxMs: 20 * tick,
          timeoutMs: timeout,
        }),
      });
    return reply(w, m, { session: s.id, timeout });
  }
  const s = zk.sessions[b.session];
  if (!s) return reply(w, m, { session: b.session, error: "SESSIONEXPIRED" });
  // Every packet from a client touches its session (SessionTrackerImpl.touchSession).
  touch(w, s);
  switch (m.kind) {
    case "Ping":
    case "Connect":
      if (w.s.traceLevel === "full")
        w.s.trace.push({
          t: w.s.now,
          type: "lease",
          action: "renew",
          node: who,
          judge: "store",
          lease: sessionHex(s.id),
          ttlMs: s.timeout,
          expiresAtLocal: s.expiry,
          why: storeCause(w, "zk.session.touched", { timeoutMs: s.timeout, expiresAt: s.expiry }),
        });
      return reply(w, m, { session: s.id, ok: true });
    case "Create": {
      const seq = zk.cversion;
      const name = `${b.prefix}${String(seq).padStart(10, "0")}`;
      zk.cversion++;
      zk.zxid++;
      zk.znodes[name] = { name, owner: who, session: s.id, seq, czxid: zk.zxid };
      if (w.s.traceLevel === "full")
        w.s.trace.push({
          t: w.s.now,
          type: "store",
          op: "create",
          key: name,
          rev: zk.zxid,
          detail: `EPHEMERAL_SEQUENTIAL for session ${sessionHex(s.id)}`,
          node: who,
          session: sessionHex(s.id),
        });
      reply(w, m, { session: s.id, name, seq, czxid: zk.zxid });
      return updateHolder(w);
    }
    case "GetChildren":
      // getChildren(path, watch=false): no watch here, that would be the herd (recipes.mdx 338-353).
      return reply(w, m, { session: s.id, children: Object.keys(zk.znodes) });
    case "Exists": {
      const z = zk.znodes[b.path];
      if (z && b.watch) zk.watches.push({ node: m.from, session: s.id, path: b.path });
      return reply(w, m, {
        session: s.id,
        stat: z ? { czxid: z.czxid, ephemeralOwner: sessionHex(z.session) } : null,
      });
    }
    case "CloseSession":
      emit(w, { type: "lease", action: "revoke", node: who, judge: "store", lease: sessionHex(s.id) });
      closeSession(w, s);
      armExpiry(w);
      return reply(w, m, { session: s.id, ok: true });
  }
}

/** After an outage the new ensemble leader gives every session a fresh timeout. */
export function zkStoreUp(w: World): void {
  for (const s of Object.values(zkOf(w).sessions)) s.expiry = roundToNextTick(w, storeNow(w) + s.timeout);
  armExpiry(w);
}

/** Is `token` the sequence of `node`'s znode, and is it the smallest? (CheckSequencer) */
export function zkSequencerValid(w: World, node: string, token: number): boolean {
  return w.s.store.holder === node && w.s.store.holderToken === token;
}
