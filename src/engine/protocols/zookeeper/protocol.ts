// The ZooKeeper election recipe (recipes.mdx 338-353, LeaderElectionSupport.java:165-255;
// ZooKeeper "Recipes and Solutions", Leader Election) on a session (ClientCnxn.java). Create /election/<id>-n_ EPHEMERAL|SEQUENTIAL,
// getChildren without a watch, lead if ours is the smallest sequence, else exists(watch) on the
// next smaller one (options.watch "predecessor") or on the smallest ("leader": the herd); on
// NodeDeleted, list again rather than assume anything. The session lives while the server
// hears from us: we ping after readTimeout/2 of idle sending (readTimeout = 2T/3), raise
// Disconnected after readTimeout of silence and stop acting (you cannot know you still hold
// it), and, as clients have since 3.9.3 (ZOOKEEPER-4508), expire locally after 4T/3. Expired
// means the znode is gone: a new session joins at the back. Token: our znode's sequence number.
import type { Ctx, Protocol } from "../../core/protocol.ts";
import type { Msg } from "../../core/types.ts";
import type { ZkOptions, ZkTiming } from "./config.ts";

export interface ZkState {
  phase: "connecting" | "creating" | "listing" | "checking" | "watching" | "leader" | "disconnected";
  session: number;
  /** negotiated session timeout T */
  timeout: number;
  myName: string | null;
  mySeq: number;
  watching: string | null;
  leading: boolean;
  lastHeard: number;
  /** local time of our last packet to the server (ClientCnxnSocket lastSend) */
  lastSend?: number;
  reqSeq: number;
  want: number;
}

const T = (ctx: Ctx) => ctx.scenario.timing as ZkTiming;
const O = (ctx: Ctx) => ctx.scenario.options as ZkOptions;
const seqOf = (name: string) => Number(name.slice(-10));
const readTimeout = (st: ZkState) => (st.timeout * 2) / 3;
/** ClientCnxn SendThread.run: the loop pings when idle sending has reached readTimeout/2 (less
 *  1 s once idle sending is over 1 s), or when it is over MAX_SEND_PING_INTERVAL, 10 s; else it
 *  sleeps until the ping falls due. It wakes on that timeout and on each packet from the server,
 *  so without other traffic it pings readTimeout/2 after its last send (the server's answer to
 *  the previous ping wakes it within 1 s of the send, when nothing is taken off), and the 10 s
 *  cap applies only when a packet wakes it after 10 s of idle sending. So a 40 s session
 *  (readTimeout 26,666 ms) pings every 13.33 s when idle, not every 10 s (apache/zookeeper
 *  release-3.8.0-1, 5a02a05eddb59aee6ac762f7ea82e92a68eb9c0f, the 3.8.0 release: ClientCnxn.java
 *  :435 and :1437 readTimeout = sessionTimeout * 2 / 3, :1184 MAX_SEND_PING_INTERVAL, :1239 the
 *  read deadline, :1252-1267 timeToNextPing and the ping condition; ClientCnxnSocketNIO.java
 *  :332-340 doTransport sleeps in select until the timeout or a packet, :109 a write updates
 *  lastSend). */
const MAX_SEND_PING_INTERVAL = 10_000;
function loopWake(ctx: Ctx, st: ZkState): void {
  if (!st.session || st.phase === "disconnected" || st.phase === "connecting") return;
  const idle = ctx.local() - (st.lastSend ?? ctx.local());
  const next = readTimeout(st) / 2 - idle - (idle > 1000 ? 1000 : 0);
  // (under a microsecond counts as due: clocks are read to the microsecond)
  if (next < 0.001 || idle > MAX_SEND_PING_INTERVAL) return request(ctx, st, "Ping", {}, false);
  ctx.setTimer("ping", next);
}

function request(ctx: Ctx, st: ZkState, kind: string, body: Record<string, unknown>, tracked = true): void {
  const reqId = ctx.inc * 1_000_000 + ++st.reqSeq;
  if (tracked) st.want = reqId;
  ctx.send(ctx.STORE, kind, Object.assign({ reqId, session: st.session }, body)); // not a spread after fields: V8's slow copy (issue 39)
  st.lastSend = ctx.local();
  if (st.session) ctx.setTimer("ping", readTimeout(st) / 2); // idle sending starts over
}

function connect(ctx: Ctx, st: ZkState): void {
  // A new handle (or a connect attempt that timed out) starts on a new connection.
  ctx.closeConnection(ctx.STORE);
  Object.assign(st, {
    phase: "connecting",
    session: 0,
    timeout: 0,
    myName: null,
    mySeq: 0,
    watching: null,
    leading: false,
  });
  for (const t of ["ping", "read", "expire"]) ctx.cancelTimer(t);
  request(ctx, st, "CreateSession", { timeout: T(ctx).sessionTimeout });
  ctx.setTimer("retry", T(ctx).sessionTimeout); // connectTimeout = T / hostCount, one server
}

function list(ctx: Ctx, st: ZkState): void {
  st.phase = "listing";
  request(ctx, st, "GetChildren", { path: O(ctx).path });
}

function stopLeading(
  ctx: Ctx,
  st: ZkState,
  why: string,
  reason: "disconnected" | "server-expired" | "local-expiry",
  silentMs?: number,
): void {
  const cause = ctx.because(
    reason === "disconnected"
      ? "zk.client.disconnected"
      : reason === "server-expired"
        ? "zk.client.sessionExpired"
        : "zk.client.localExpiry",
    {
      silentMs: Math.round(ctx.local() - st.lastHeard),
      readTimeoutMs: Math.round(readTimeout(st)),
      expiryMs: Math.round((st.timeout * 4) / 3),
      timeoutMs: st.timeout,
      session: `0x${st.session.toString(16)}`,
    },
  );
  if (st.leading)
    ctx.trace({
      type: "lease",
      action: "self-demote",
      node: ctx.id,
      judge: "holder",
      lease: `0x${st.session.toString(16)}`,
      ttlMs: st.timeout,
      detail: why,
      reason,
      ...(silentMs !== undefined ? { silentMs } : {}),
      why: cause,
    });
  st.leading = false;
}

/** Expired (the server said so, or our own 4T/3 clock did): everything is gone; start over. */
function expired(ctx: Ctx, st: ZkState, why: string, reason: "server-expired" | "local-expiry"): void {
  stopLeading(ctx, st, why, reason);
  ctx.note(
    `session 0x${st.session.toString(16)} expired: ${why}; creating a new session`,
    {
      kind: "session-expired",
      session: `0x${st.session.toString(16)}`,
      reason: reason === "server-expired" ? "server" : "client-timeout",
    },
    ctx.cause(reason === "server-expired" ? "zk.client.sessionExpired" : "zk.client.localExpiry", {
      silentMs: Math.round(ctx.local() - st.lastHeard),
      readTimeoutMs: Math.round(readTimeout(st)),
      expiryMs: Math.round((st.timeout * 4) / 3),
      timeoutMs: st.timeout,
      session: `0x${st.session.toString(16)}`,
    }),
  );
  connect(ctx, st);
}

function onMessage(ctx: Ctx, st: ZkState, m: Msg): void {
  const b = m.body;
  if (m.kind === "WatchEvent") {
    // Any packet read from the server counts as heard (ClientCnxnSocket updateLastHeard) and
    // wakes the send loop, which may ping first (loopWake).
    if (b.session === st.session && st.session && st.phase !== "disconnected" && st.phase !== "connecting")
      heard(ctx, st);
    if (b.session === st.session && b.path === st.watching && st.phase === "watching") {
      ctx.because("zk.watch.fired", { path: b.path, watching: st.watching });
      st.watching = null;
      list(ctx, st);
    }
    return;
  }
  if (m.kind === "CreateSessionResp") {
    if (st.phase !== "connecting" || b.reqId !== st.want) return;
    ctx.cancelTimer("retry");
    st.session = b.session;
    st.timeout = b.timeout;
    heard(ctx, st);
    st.phase = "creating";
    return request(ctx, st, "Create", { prefix: `${O(ctx).path}/${ctx.id}-n_` });
  }
  if (b.session !== undefined && b.session !== st.session) return; // meant for an older session
  if (b.error === "SESSIONEXPIRED")
    return expired(ctx, st, "the server answered SESSIONEXPIRED", "server-expired");
  heard(ctx, st);
  if (m.kind === "ConnectResp") {
    if (st.phase !== "disconnected") return;
    ctx.cancelTimer("retry");
    ctx.note(`reconnected: session 0x${st.session.toString(16)} is still alive`, {
      kind: "session-reconnected",
      session: `0x${st.session.toString(16)}`,
    });
    return list(ctx, st);
  }
  if (b.reqId !== st.want) return; // pings, or an answer we stopped waiting for
  switch (m.kind) {
    case "CreateResp":
      st.myName = b.name;
      st.mySeq = b.seq;
      return list(ctx, st);
    case "GetChildrenResp": {
      const names = (b.children as string[]).slice().sort((x, y) => seqOf(x) - seqOf(y));
      if (!st.myName || !names.includes(st.myName)) {
        st.phase = "creating";
        return request(ctx, st, "Create", { prefix: `${O(ctx).path}/${ctx.id}-n_` });
      }
      const mine = names.indexOf(st.myName);
      if (mine === 0) {
        ctx.because("zk.recipe.lowest", {
          mySeq: st.mySeq,
          lowestSeq: seqOf(names[0]),
          children: names.length,
        });
        st.phase = "leader";
        st.leading = true;
        return;
      }
      st.phase = "checking";
      st.watching = O(ctx).watch === "predecessor" ? names[mine - 1] : names[0];
      return request(ctx, st, "Exists", { path: `${st.watching}`, watch: true });
    }
    case "ExistsResp":
      if (b.stat === null) {
        st.watching = null;
        return list(ctx, st);
      } // gone between the two calls
      ctx.because("zk.recipe.watch", {
        mySeq: st.mySeq,
        watchingSeq: st.watching ? seqOf(st.watching) : null,
        watching: st.watching,
      });
      st.phase = "watching";
      return;
  }
}

/** The connection is gone (our read timeout closed it, or the server's FIN or RST arrived):
 *  Disconnected; stop acting, and reconnect after a random pause under 1 s (ClientCnxn
 *  startConnect), replaying the session's watches there (the recipe lists again). */
function disconnected(ctx: Ctx, st: ZkState, why: string): void {
  stopLeading(ctx, st, why, "disconnected", Math.round(ctx.local() - st.lastHeard));
  st.phase = "disconnected";
  ctx.cancelTimer("ping");
  ctx.setTimer("retry", 1000 * ctx.random());
}

/** ClientCnxn SendThread: an EOF or RST on the socket ends the connection at once. */
function connectionClosed(ctx: Ctx, st: ZkState, peer: number): void {
  if (peer !== ctx.STORE) return;
  if (st.phase === "connecting") {
    ctx.setTimer("retry", 1000 * ctx.random());
    return;
  }
  if (st.phase === "disconnected") return;
  disconnected(ctx, st, "Disconnected: the server closed the connection; it may no longer hold the lock");
}

/** A packet from the server: the read timeout and the local expiry start over. */
function heard(ctx: Ctx, st: ZkState): void {
  st.lastHeard = ctx.local();
  ctx.setTimer("read", readTimeout(st));
  ctx.setTimer("expire", (st.timeout * 4) / 3);
  loopWake(ctx, st);
}

function onTimer(ctx: Ctx, st: ZkState, name: string): void {
  switch (name) {
    case "ping":
      return loopWake(ctx, st);
    case "read":
      // "Client session timed out, have not heard from server in ...ms": ClientCnxn closes the
      // socket (cleanup) and raises Disconnected.
      if (st.phase === "disconnected" || st.phase === "connecting") return;
      ctx.closeConnection(ctx.STORE);
      return disconnected(
        ctx,
        st,
        `Disconnected: nothing from the server for ${Math.round(ctx.local() - st.lastHeard)} ms (readTimeout ${Math.round(readTimeout(st))} ms); it may no longer hold the lock`,
      );
    case "retry":
      if (st.phase === "connecting") return connect(ctx, st);
      if (st.phase === "disconnected") {
        ctx.closeConnection(ctx.STORE); // connectTimeout passed: give up on that attempt
        request(ctx, st, "Connect", {}, false);
        ctx.setTimer("retry", st.timeout);
      }
      return;
    case "expire":
      if (st.phase !== "connecting")
        expired(
          ctx,
          st,
          `nothing from the server for 4T/3 = ${Math.round((st.timeout * 4) / 3)} ms (local expiry)`,
          "local-expiry",
        );
      return;
  }
}

export const zookeeper: Protocol<ZkState> = {
  name: "zookeeper",
  tokenKind: "sequence",
  electionKinds: [
    "Create",
    "CreateResp",
    "GetChildren",
    "GetChildrenResp",
    "Exists",
    "ExistsResp",
    "WatchEvent",
  ],
  init: () => ({
    phase: "connecting",
    session: 0,
    timeout: 0,
    myName: null,
    mySeq: 0,
    watching: null,
    leading: false,
    lastHeard: 0,
    reqSeq: 0,
    want: 0,
  }),
  start: connect,
  onMessage,
  onTimer,
  onConnectionClosed: connectionClosed,
  durable: () => null,
  role: (st) => (st.leading ? "leader" : st.phase === "watching" ? "follower" : "candidate"),
  detail: (st) => st.phase,
  believesLeader: (st) => st.leading,
  term: (st) => st.mySeq,
  token: (st) => (st.leading ? st.mySeq : null),
  view: (ctx, st) => {
    const until = st.lastHeard + readTimeout(st);
    return {
      phase: st.phase,
      session: st.session ? `0x${st.session.toString(16)}` : null,
      timeout: st.timeout || null,
      znode: st.myName,
      watching: st.watching,
      lease:
        st.session && st.phase !== "disconnected"
          ? {
              judge: "holder",
              expiresAtMs: Math.round(until * 1000) / 1000,
              remainingMs: Math.round((until - ctx.local()) * 1000) / 1000,
              detail:
                "raises Disconnected and stops acting after readTimeout (2T/3) without a packet from the server",
            }
          : null,
    };
  },
  onShutdown(ctx, st) {
    // zk.close(): the server deletes our ephemeral znode now, not after the session timeout.
    if (st.session)
      ctx.send(ctx.STORE, "CloseSession", { reqId: ctx.inc * 1_000_000 + ++st.reqSeq, session: st.session });
  },
};
