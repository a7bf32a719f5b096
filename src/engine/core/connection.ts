// Connections: what a TCP stream (and gRPC or HTTP/2 on it) promises, for the protocols whose
// real clients use one (their spec's `transport.kind` is "connection"). While a connection lives,
// its bytes arrive reliably and in order: a lost segment or a cut link only delays them, because
// the sender's kernel keeps retransmitting them on TCP's backoff schedule (RFC 6298 section 5;
// Linux include/net/tcp.h TCP_RTO_MIN = HZ/5 = 200 ms, TCP_RTO_MAX = 120 s). A connection ends
// only when one end closes it: its own timeout fired (the protocol decides when, with the real
// client's keepalive or read timeout: ctx.closeConnection), or its process died and the kernel
// closed its sockets (a FIN behind the bytes already queued). The other end learns of it when the
// FIN arrives, or when its own data hits the closed socket and comes back as an RST. A partition,
// a pause or a power loss closes nothing: only timeouts notice those. Datagram protocols (Raft's
// RPCs, the papers' models) never reach this file.
import { heapPush, heapify } from "./queue.ts";
import { nextFloat } from "./random.ts";
import { r3 } from "./clock.ts";
import { procName, type World } from "./world.ts";
import type { Msg, MsgEntry } from "./types.ts";
import type { ConnCloseCause } from "./trace.ts";
import { msgEntry } from "./queue-entry.ts";

/** The message kind a closed connection arrives as (a FIN or an RST; never sent by a protocol). */
export const CLOSED = "$closed";
/** Linux TCP_RTO_MIN: the floor of the retransmission timeout */
export const RTO_MIN = 200;
/** Linux TCP_RTO_MAX: the backoff stops doubling here */
export const RTO_MAX = 120_000;
/** net.ipv4.tcp_retries2 default: a segment is retransmitted at most this often before the
 *  kernel gives up (about 15 min at RTO_MIN; longer than any run here) */
export const MAX_RETRANSMITS = 15;

/** The first retransmission timeout on a quiet LAN: the round trip plus TCP_RTO_MIN (Linux
 *  tcp_set_rto: srtt + max(4 rttvar, rto_min)). */
const firstRto = (w: World) => RTO_MIN + 2 * w.s.net.delay;

export const usesConnections = (w: World): boolean => w.s.net.conn !== undefined;

function traceConn(
  w: World,
  op: "open" | "close",
  a: number,
  b: number,
  conn: number,
  cause?: ConnCloseCause,
): void {
  if (w.s.traceLevel !== "full") return;
  w.s.trace.push(
    cause
      ? { t: w.s.now, type: "conn", op, node: procName(w, a), peer: procName(w, b), conn, cause }
      : { t: w.s.now, type: "conn", op, node: procName(w, a), peer: procName(w, b), conn },
  );
}

function traceDrop(w: World, m: Msg, reason: string): void {
  w.s.stats.dropped++;
  if (w.s.traceLevel === "full") w.s.trace.pushDrop(w.s.now, m.id, m.from, m.to, m.kind, reason);
}

/** The connection `a` holds to `b`: > 0 open, -id the last one it closed, 0 none yet. */
export function connEnd(w: World, a: number, b: number): number {
  return (w.s.net.conn as number[])[a * w.P + b];
}

/** The connection a sends on to b, dialling a new one if it has none. */
function ensureOpen(w: World, a: number, b: number): number {
  const net = w.s.net;
  const conn = net.conn as number[];
  const k = a * w.P + b;
  if (conn[k] > 0) return conn[k];
  // Both ends dialling at once make one connection (TCP simultaneous open; ZooKeeper's
  // QuorumCnxManager keeps one of the two as well): join the peer's, unless it is one this end
  // already closed.
  const theirs = conn[b * w.P + a];
  if (theirs > Math.abs(conn[k])) {
    conn[k] = theirs;
    traceConn(w, "open", a, b, theirs);
    return theirs;
  }
  const c = (net.nextConn = (net.nextConn ?? 0) + 1);
  conn[k] = c;
  traceConn(w, "open", a, b, c);
  return c;
}

/** Hold a message in the sender's kernel until the link heals, oldest first (by id: a segment in
 *  flight when the cut came was sent before anything that stalled since). */
function stall(w: World, m: MsgEntry): void {
  const net = w.s.net;
  const key = String(m.from * w.P + m.to);
  const all = (net.stalled ??= {});
  const list = (all[key] ??= []);
  let i = list.length;
  while (i > 0 && list[i - 1].id > m.id) i--;
  list.splice(i, 0, m);
  m.arriveAt = -1;
  if (w.s.traceLevel === "full") w.s.trace.pushStall(w.s.now, m.id, m.from, m.to, m.kind, m.conn as number);
}

/** The ordering key of m's stream: its connection and direction (the sending process). Each
 *  connection is its own TCP sequence space, so a new connection's bytes never wait behind an
 *  old one's retransmissions (RFC 9293 section 3.4: sequence numbers order the segments of one
 *  connection). A number, an index into net.streamArrive: a string key built and hashed per
 *  message was the costliest part of a send on a connection (issue 39). */
const streamKey = (w: World, m: Msg) => (m.conn as number) * w.P + m.from;

/** Last arrival time per stream (streamKey), kept packed (every index below the length a
 *  number). A state saved before kept it as a record keyed "conn>from": moved here. */
function streamArrive(w: World): number[] {
  const net = w.s.net;
  if (net.streamArrive) return net.streamArrive;
  const arrive: number[] = [];
  for (const [key, at] of Object.entries(net.connArrive ?? {})) {
    const [c, from] = key.split(">").map(Number);
    arriveAtLeast(arrive, c * w.P + from, at);
  }
  delete net.connArrive;
  return (net.streamArrive = arrive);
}

function arriveAtLeast(arrive: number[], k: number, at: number): number {
  while (arrive.length <= k) arrive.push(0);
  if (at < arrive[k]) at = arrive[k];
  arrive[k] = at;
  return at;
}

/** Has m's own connection bytes held by a cut on this link (so m must queue behind them)? */
function connStalled(w: World, link: number, conn: number): boolean {
  const list = w.s.net.stalled?.[String(link)];
  return !!list && list.some((x) => x.conn === conn);
}

function enqueue(w: World, m: MsgEntry, at: number, retransmits: number): void {
  const s = w.s;
  at = arriveAtLeast(streamArrive(w), streamKey(w, m), at);
  m.arriveAt = at;
  m.at = at;
  m.seq = s.seq++;
  heapPush(s.queue, m);
  if (s.traceLevel === "full") s.trace.pushSend(s.now, m.id, m.from, m.to, m.kind, at, retransmits);
}

/** network.ts send() for a connection transport. The first loss draw is the one a datagram
 *  takes, so a run without loss draws the same seeded numbers; a lost segment is sent again
 *  after the retransmission timeout, which doubles each time (each retry draws again). */
export function sendOnConnection(
  w: World,
  id: number,
  from: number,
  to: number,
  kind: string,
  body: unknown,
  holdMs: number,
): void {
  const s = w.s;
  const net = s.net;
  const conn = ensureOpen(w, from, to);
  // The message is its own queue entry (queue-entry.ts), as network.ts send() makes it.
  const m = msgEntry(
    -1,
    -1,
    id,
    from,
    to,
    kind,
    s.now,
    body,
    holdMs > 0 ? r3(s.now + holdMs) : undefined,
    conn,
  );
  let lost = net.loss > 0 && nextFloat(s.rng) < net.loss;
  const link = from * w.P + to;
  if (net.cut[link] > 0 || connStalled(w, link, conn)) return stall(w, m);
  let lat = net.delay + holdMs;
  if (net.jitter > 0) lat += net.jitter * nextFloat(s.rng);
  if (from < s.nodes.length && s.nodes[from].slow > 1)
    lat += (s.nodes[from].slow - 1) * Math.max(1, net.delay);
  let rto = firstRto(w);
  let k = 0;
  while (lost && k < MAX_RETRANSMITS) {
    lat += rto;
    rto = Math.min(2 * rto, RTO_MAX);
    k++;
    lost = nextFloat(s.rng) < net.loss;
  }
  enqueue(w, m, r3(s.now + lat), k);
}

/** A FIN (or RST) from a to b on connection c: no loss draw and no jitter, so the seeded sequence
 *  of every other message stays as it was. A FIN is retransmitted like data (it stalls on a cut);
 *  an RST is not (a cut loses it, and the peer's own timeout notices). */
function sendClosed(w: World, a: number, b: number, c: number, reset: boolean): void {
  const s = w.s;
  const link = a * w.P + b;
  if (reset && s.net.cut[link] > 0) return;
  const m = msgEntry(-1, -1, s.nextMsgId++, a, b, CLOSED, s.now, { reset }, undefined, c);
  if (!reset && (s.net.cut[link] > 0 || connStalled(w, link, c))) return stall(w, m);
  enqueue(w, m, r3(s.now + s.net.delay), 0);
}

/** Close a's end of its connection to b; what a had not yet got through goes with it. Returns
 *  the connection, or 0 if a had none open. */
function closeEnd(w: World, a: number, b: number, cause: ConnCloseCause, keepQueued = false): number {
  const net = w.s.net;
  const conn = net.conn as number[];
  const k = a * w.P + b;
  const c = conn[k];
  if (c <= 0) return 0;
  conn[k] = -c;
  const key = String(k);
  const list = net.stalled?.[key];
  if (list && !keepQueued) {
    const kept = list.filter((m) => m.conn !== c);
    for (const m of list) if (m.conn === c) traceDrop(w, m, "connection closed");
    if (kept.length) (net.stalled as Record<string, Msg[]>)[key] = kept;
    else delete (net.stalled as Record<string, Msg[]>)[key];
  }
  traceConn(w, "close", a, b, c, cause);
  return c;
}

/** a's own timeout fired (a keepalive, a read timeout): it closes its connection to b and sends
 *  a FIN, which b reads once the link carries it. Queued bytes are discarded. */
export function closeConnection(w: World, a: number, b: number): void {
  if (!usesConnections(w)) return;
  const c = closeEnd(w, a, b, "timeout");
  if (c) sendClosed(w, a, b, c, false);
}

/** A process died (crash or graceful stop, not a power loss): its kernel closes every socket it
 *  had, each FIN behind the bytes already queued on that connection. */
export function closeConnections(w: World, from: number): void {
  if (!usesConnections(w)) return;
  for (let to = 0; to < w.P; to++) {
    if (to === from) continue;
    const c = closeEnd(w, from, to, "died", true);
    if (c) sendClosed(w, from, to, c, false);
  }
}

/** A request reached a process that is not running (the store during an outage): its host's
 *  kernel has no socket for it and answers RST, so the sender's call fails instead of waiting. */
export function refuseOnConnection(w: World, m: Msg, reason: string): void {
  traceDrop(w, m, reason);
  if (m.kind !== CLOSED) sendClosed(w, m.to, m.from, m.conn as number, true);
}

/** A cut healed: each connection's stalled bytes go out with the sender's next retransmission
 *  of the oldest of them (its backoff began when it was first sent), the rest right behind it.
 *  Connections are retransmitted each on its own timer: a connection dialled during the cut
 *  does not wait for an older one's backoff. */
export function flushStalled(w: World): void {
  const s = w.s;
  const net = s.net;
  if (!net.stalled) return;
  for (const key of Object.keys(net.stalled)) {
    const link = Number(key);
    if (net.cut[link] > 0) continue;
    const list = net.stalled[key];
    delete net.stalled[key];
    const conns: number[] = [];
    for (const m of list) if (!conns.includes(m.conn as number)) conns.push(m.conn as number);
    for (const c of conns) {
      const mine = list.filter((m) => m.conn === c);
      let rto = firstRto(w);
      let t = mine[0].sentAt + rto;
      let k = 1;
      while (t < s.now && k < MAX_RETRANSMITS) {
        rto = Math.min(2 * rto, RTO_MAX);
        t += rto;
        k++;
      }
      if (t < s.now) t = s.now;
      for (const m of mine) enqueue(w, m, r3(t + net.delay), k);
      holdBehind(w, link, c, mine[0].id, streamArrive(w)[streamKey(w, mine[0])]);
    }
  }
  if (Object.keys(net.stalled).length === 0) delete net.stalled;
}

/** Bytes of the same connection sent after the oldest stalled one but still in flight wait
 *  behind the retransmitted ones (the receiver's TCP delivers in sequence order). */
function holdBehind(w: World, link: number, conn: number, afterId: number, at: number): void {
  const s = w.s;
  const behind = s.queue.ev.filter(
    (e): e is MsgEntry =>
      e.type === "msg" &&
      e.from * w.P + e.to === link &&
      e.conn === conn &&
      e.id > afterId &&
      e.at < at &&
      e.arriveAt >= 0,
  );
  if (behind.length === 0) return;
  behind.sort((x, y) => x.id - y.id);
  for (const e of behind) {
    e.at = at;
    e.seq = s.seq++;
    e.arriveAt = at;
  }
  heapify(s.queue);
}

/** The receiving kernel's part of a delivery on a connection. Returns true when the message
 *  ends here (held by a cut, refused, or a FIN/RST for the store or the resource); false when it
 *  goes on to the process (a CLOSED then means: your peer closed this connection). */
export function connectionGate(w: World, m: MsgEntry): boolean {
  const s = w.s;
  const net = s.net;
  if (net.cut[m.from * w.P + m.to] > 0) {
    // A segment in flight when the cut came: the sender retransmits it once the link heals.
    stall(w, m);
    return true;
  }
  const c = m.conn as number;
  if (m.to < s.nodes.length) {
    const st = s.nodes[m.to].status;
    if (st === "crashed" || st === "stopped") {
      // Its process is gone; its host's kernel answers RST.
      traceDrop(w, m, `${s.nodes[m.to].id} is ${st}`);
      if (m.kind !== CLOSED) sendClosed(w, m.to, m.from, c, true);
      return true;
    }
  }
  const conn = net.conn as number[];
  const k = m.to * w.P + m.from;
  const end = conn[k];
  if (end !== c) {
    if (c > Math.abs(end) && m.kind !== CLOSED) {
      // The peer dialled a new connection: accept it.
      conn[k] = c;
      traceConn(w, "open", m.to, m.from, c);
    } else {
      // A connection this end already closed (or never saw): drop it; data gets an RST back.
      traceDrop(w, m, "connection closed");
      if (m.kind !== CLOSED) sendClosed(w, m.to, m.from, c, true);
      return true;
    }
  }
  if (m.kind !== CLOSED) return false;
  closeEnd(w, m.to, m.from, m.body?.reset ? "reset" : "peer-closed");
  return m.to >= s.nodes.length;
}
