// The network: per-message latency = delay + seeded uniform jitter, seeded loss, directed link
// cuts (symmetric and one-way partitions, isolation). Links are FIFO: a message never overtakes
// an earlier one on the same link. Datagram transports lose what loss or a cut hits; connection
// transports (core/connection.ts) hold it and retransmit it instead.
import { heapPush } from "./queue.ts";
import { msgEntry } from "./queue-entry.ts";
import { nextFloat } from "./random.ts";
import { r3 } from "./clock.ts";
import type { World } from "./world.ts";
import { flushStalled, sendOnConnection } from "./connection.ts";
import { countKind } from "./kind-counts.ts";
import type { Msg } from "./types.ts";

export { CLOSED, closeConnections } from "./connection.ts";

export function newNet(
  P: number,
  delay: number,
  jitter: number,
  loss: number,
  transport: "datagram" | "connection" = "datagram",
) {
  const net = {
    delay,
    jitter,
    loss,
    cut: new Array<number>(P * P).fill(0),
    lastArrive: new Array<number>(P * P).fill(0),
    healEpoch: 0,
  };
  return transport === "connection"
    ? { ...net, conn: new Array<number>(P * P).fill(0), nextConn: 0, streamArrive: [] as number[] }
    : net;
}

export function linkCut(w: World, from: number, to: number): boolean {
  return w.s.net.cut[from * w.P + to] > 0;
}

export function send(w: World, from: number, to: number, kind: string, body: unknown, holdMs = 0): void {
  const s = w.s;
  const net = s.net;
  s.stats.messages++;
  countKind(w, kind);
  const id = s.nextMsgId++;
  if (net.conn) return sendOnConnection(w, id, from, to, kind, body, holdMs);
  const full = s.traceLevel === "full";
  const lost = net.loss > 0 && nextFloat(s.rng) < net.loss;
  const cut = net.cut[from * w.P + to] > 0;
  if (lost || cut) {
    s.stats.dropped++;
    if (full) {
      s.trace.pushSend(s.now, id, from, to, kind, -1);
      s.trace.pushDrop(s.now, id, from, to, kind, lost ? "loss" : "partition");
    }
    return;
  }
  let lat = net.delay + holdMs;
  if (net.jitter > 0) lat += net.jitter * nextFloat(s.rng);
  // An overloaded sender is slow to get its messages out (fault `slow`).
  if (from < s.nodes.length && s.nodes[from].slow > 1)
    lat += (s.nodes[from].slow - 1) * Math.max(1, net.delay);
  const link = from * w.P + to;
  let at = r3(s.now + lat);
  if (at < net.lastArrive[link]) at = net.lastArrive[link];
  net.lastArrive[link] = at;
  // The message is its own queue entry: one allocation per message. Every message has the same
  // fields in the same order (queue-entry.ts msgEntry, connection.ts too), the optional ones
  // undefined: a held reply given heldUntil afterwards changed its hidden class, so handlers
  // reading m.kind and m.body met two shapes in any run with persist (Figure 16's set-up).
  heapPush(
    s.queue,
    msgEntry(
      at,
      s.seq++,
      id,
      from,
      to,
      kind,
      s.now,
      body,
      holdMs > 0 ? r3(s.now + holdMs) : undefined,
      undefined,
    ),
  );
  if (full) s.trace.pushSend(s.now, id, from, to, kind, at);
}

export function dropMsg(w: World, m: Msg, reason: string): void {
  w.s.stats.dropped++;
  if (w.s.traceLevel === "full") w.s.trace.pushDrop(w.s.now, m.id, m.from, m.to, m.kind, reason);
}

/** Add (+1) or remove (-1) cuts on directed links given as flat [from, to, from, to, ...]. */
export function applyCuts(w: World, pairs: number[], d: 1 | -1): void {
  const cut = w.s.net.cut;
  for (let i = 0; i < pairs.length; i += 2) {
    const k = pairs[i] * w.P + pairs[i + 1];
    cut[k] = Math.max(0, cut[k] + d);
  }
  if (d < 0) flushStalled(w);
}

/** All directed links between one process and every other (isolation). */
export function isolationPairs(w: World, p: number): number[] {
  const out: number[] = [];
  for (let q = 0; q < w.P; q++) if (q !== p) out.push(p, q, q, p);
  return out;
}

/** Links cut by a partition. Processes in no group keep talking to everyone. With oneWay,
 *  only traffic from an earlier group to a later group is cut. */
export function partitionPairs(groups: number[][], oneWay: boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < groups.length; i++) {
    for (let j = 0; j < groups.length; j++) {
      if (i === j || (oneWay && j < i)) continue;
      for (const a of groups[i]) for (const b of groups[j]) out.push(a, b);
    }
  }
  return out;
}

/** Restore the directed links given as flat pairs, whatever cut them (a click on one link). */
export function healPairs(w: World, pairs: number[]): void {
  for (let i = 0; i < pairs.length; i += 2) w.s.net.cut[pairs[i] * w.P + pairs[i + 1]] = 0;
}

export function healAll(w: World): void {
  w.s.net.cut.fill(0);
  w.s.net.healEpoch++;
  flushStalled(w);
}

/** A crash loses the replies still waiting for their write (holdMs): Raft Fig. 2 answers only
 *  after currentTerm/votedFor are on stable storage, so a node that dies mid-fsync never
 *  answered. (The queue is scanned once per crash; crashes are rare.) */
export function loseHeldReplies(w: World, from: number): void {
  const now = w.s.now;
  for (const e of w.s.queue.ev) {
    if (e.type === "msg" && e.from === from && e.heldUntil !== undefined && e.heldUntil > now)
      e.unsent = true;
  }
}
