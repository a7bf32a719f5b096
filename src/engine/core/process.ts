// Processes: running, paused (stop the world: nothing runs, timers fire late, messages queue,
// the rest of the world goes on), crashed (volatile state lost), restarted (durable state
// recovered), slowed, gracefully shut down. Also the engine side of every handler call: timers,
// diffing the protocol's observable state into trace events and monitors, and the leader's
// work loop that writes to the fenced resource.
import { heapPush } from "./queue.ts";
import { nextFloat } from "./random.ts";
import { localAt, simAtLocal, r3, newClock } from "./clock.ts";
import { emit } from "./trace-emit.ts";
import { leaderStarted, leaderEnded, termChanged, electionGrant } from "./monitors.ts";
import { send } from "./network.ts";
import type { World } from "./world.ts";
import type { Msg, NodeRt, QEvent } from "./types.ts";

export const WORK_TIMER = "$work";

export function newNode(idx: number, drift: number, offset: number): NodeRt {
  return {
    id: `n${idx + 1}`, idx, status: "up", inc: 0, pausedUntil: 0, pauseEpoch: 0,
    pauseOnWrite: null, heldWrite: null, deferred: [], slow: 1, slowEpoch: 0,
    clock: newClock(drift, offset), timers: {}, due: {}, timerGen: 0,
    p: null, durable: null, role: "down", believes: false, term: 0, token: null, leaderSince: -1,
  };
}

export function armTimer(w: World, node: NodeRt, name: string, ms: number): void {
  const s = w.s;
  // Scheduling noise only when asked for, so scenarios without it keep their exact traces.
  const noise = s.scenario.timerNoise > 0 ? s.scenario.timerNoise * nextFloat(s.rng) : 0;
  const due = r3(localAt(node.clock, s.now) + Math.max(0, ms) * node.slow + noise);
  const gen = ++node.timerGen;
  node.timers[name] = gen;
  node.due[name] = due;
  let at = simAtLocal(node.clock, due);
  if (at < s.now) at = s.now;
  heapPush(s.queue, { at, seq: s.seq++, kind: "timer", node: node.idx, inc: node.inc, name, gen, due });
}

export function cancelTimer(node: NodeRt, name: string): void {
  node.timers[name] = 0;
  node.due[name] = -1;
}

/** Boot (or reboot) a node: protocol init with whatever durable state survived, then start. */
export function bootNode(w: World, node: NodeRt, durable: unknown): void {
  w.ctx.bind(node.idx);
  node.p = w.proto.init(w.ctx, durable);
  const from = node.role;
  node.role = w.proto.role(node.p);
  node.term = w.proto.term(node.p);
  termChanged(w, node.idx, node.term);
  if (from !== "down") emit(w, { type: "role", node: node.id, from, to: node.role, term: node.term });
  w.proto.start(w.ctx, node.p);
  afterHandler(w, node);
}

/** Diff the protocol's observables after a handler ran: roles, terms, leadership, work loop. */
export function afterHandler(w: World, node: NodeRt): void {
  const proto = w.proto;
  const p = node.p;
  const role = proto.role(p);
  const term = proto.term(p);
  if (role !== node.role) {
    emit(w, { type: "role", node: node.id, from: node.role, to: role, term });
    node.role = role;
  }
  if (term !== node.term) {
    if (w.s.traceLevel === "full") w.s.trace.push({ t: w.s.now, type: "term", node: node.id, from: node.term, to: term });
    if (electionGrant(w)) termChanged(w, node.idx, term);
    node.term = term;
  }
  const believes = proto.believesLeader(p);
  const token = believes ? proto.token(p) : null;
  if (believes !== node.believes || token !== node.token) {
    if (node.believes) leaderEnded(w, node.idx, node.token as number, `now ${role}`);
    node.believes = false;
    if (believes) {
      leaderStarted(w, node.idx, token as number, term);
      node.leaderSince = w.s.now;
      if (w.s.scenario.work.every > 0) armTimer(w, node, WORK_TIMER, 0);
    }
    node.believes = believes;
    node.token = token;
  }
}

export function runTimer(w: World, e: Extract<QEvent, { kind: "timer" }>): void {
  const node = w.s.nodes[e.node];
  if (e.inc !== node.inc || node.timers[e.name] !== e.gen) return; // stale: previous life or re-armed
  if (node.status === "paused") {
    node.deferred.push(e);
    return;
  }
  if (node.status !== "up") return;
  node.timers[e.name] = 0;
  node.due[e.name] = -1;
  if (e.name === WORK_TIMER) doWork(w, node);
  else {
    w.ctx.bind(node.idx);
    w.proto.onTimer(w.ctx, node.p, e.name);
  }
  afterHandler(w, node);
}

export function runMessage(w: World, node: NodeRt, m: Msg): void {
  if (w.s.traceLevel === "full") w.s.trace.push({ t: w.s.now, type: "deliver", id: m.id, from: procNameOf(w, m.from), to: node.id, kind: m.kind });
  if (m.kind === "CheckSequencerResp" && m.body.confirm) return confirmed(w, node, m.body);
  w.ctx.bind(node.idx);
  w.proto.onMessage(w.ctx, node.p, m);
  afterHandler(w, node);
}

function procNameOf(w: World, i: number): string {
  return i < w.s.nodes.length ? w.s.nodes[i].id : i === w.STORE ? "store" : "resource";
}

/** The leader's side-effecting work: one write every work.every carrying its token. */
function doWork(w: World, node: NodeRt): void {
  if (!node.believes || node.token === null) return;
  armTimer(w, node, WORK_TIMER, w.s.scenario.work.every);
  const token = node.token;
  if (w.proto.beforeWrite) {
    w.ctx.bind(node.idx);
    const why = w.proto.beforeWrite(w.ctx, node.p);
    if (why !== null) {
      emit(w, { type: "write-skipped", node: node.id, token, reason: why });
      return;
    }
  }
  // Chubby: a newly elected primary confirms with CheckSequencer that it still holds the lock
  // before acting on it. The answer comes back as a message (confirmed() below).
  if (w.s.scenario.fencing === "sequencer" && node.confirmed !== token) {
    send(w, node.idx, w.STORE, "CheckSequencer", { reqId: 0, node: node.id, token, confirm: true });
    return;
  }
  if (node.pauseOnWrite) {
    // The seeds' sequence diagram: the leader has decided to write (and checked its lease),
    // then stops the world before the write leaves; the write goes out when it wakes.
    const ms = node.pauseOnWrite.for;
    node.pauseOnWrite = null;
    node.heldWrite = { token, decidedAt: w.s.now };
    emit(w, { type: "fault", fault: "pause", node: node.id, detail: `paused ${ms} ms mid-write (write with token ${token} decided, not yet sent)` });
    pauseNode(w, node, ms);
    return;
  }
  send(w, node.idx, w.RESOURCE, "Write", { token });
}

function confirmed(w: World, node: NodeRt, b: { valid: boolean; token: number; why: string }): void {
  if (!node.believes || node.token !== b.token) return;
  if (!b.valid) {
    emit(w, { type: "write-skipped", node: node.id, token: b.token, reason: `CheckSequencer: ${b.why}` });
    return;
  }
  if (node.confirmed === b.token) return;
  node.confirmed = b.token;
  emit(w, { type: "note", node: node.id, text: `CheckSequencer: still the holder (generation ${b.token}); acting on it` });
  doWork(w, node);
}

export function pauseNode(w: World, node: NodeRt, ms: number): boolean {
  if (node.status === "crashed" || node.status === "stopped") return false;
  node.status = "paused";
  node.pausedUntil = Math.max(node.pausedUntil, r3(w.s.now + ms));
  node.pauseEpoch++;
  heapPush(w.s.queue, { at: node.pausedUntil, seq: w.s.seq++, kind: "resume", node: node.idx, inc: node.inc, epoch: node.pauseEpoch });
  return true;
}

export function resumeNode(w: World, e: Extract<QEvent, { kind: "resume" }>): void {
  const node = w.s.nodes[e.node];
  if (e.inc !== node.inc || e.epoch !== node.pauseEpoch || node.status !== "paused") return;
  node.status = "up";
  emit(w, { type: "note", node: node.id, text: `resumed after pause (${node.deferred.length} queued events)` });
  if (node.heldWrite) {
    const hw = node.heldWrite;
    node.heldWrite = null;
    send(w, node.idx, w.RESOURCE, "Write", { token: hw.token });
  }
  const list = node.deferred;
  node.deferred = [];
  for (let i = 0; i < list.length; i++) {
    const status = node.status as string; // a replayed write may pause the node again
    if (status === "paused") {
      node.deferred.push(...list.slice(i));
      break;
    }
    if (status !== "up") break;
    const ev = list[i];
    if (ev.kind === "timer") runTimer(w, ev);
    else if (ev.kind === "msg") runMessage(w, node, ev.msg);
  }
}

/** Crash: volatile state is lost; durable state (Raft's term, vote, log) is kept. */
export function crashNode(w: World, node: NodeRt, status: "crashed" | "stopped", reason: string): void {
  if (node.status === "crashed" || node.status === "stopped") return;
  if (node.believes) leaderEnded(w, node.idx, node.token as number, reason);
  node.believes = false;
  node.token = null;
  if (node.confirmed !== undefined) node.confirmed = null;
  emit(w, { type: "role", node: node.id, from: node.role, to: status, term: node.term });
  node.role = status;
  node.durable = w.proto.durable(node.p);
  node.p = null;
  node.status = status;
  node.inc++;
  node.timers = {};
  node.due = {};
  node.deferred = [];
  node.pauseOnWrite = null;
  node.heldWrite = null;
  node.slow = 1;
}

export function restartNode(w: World, node: NodeRt): boolean {
  if (node.status !== "crashed" && node.status !== "stopped") return false;
  if (node.role === "down") node.role = "stopped"; // restarted before its scheduled boot
  node.status = "up";
  node.inc++;
  node.clock.l0 = localAt(node.clock, w.s.now); // monotonic clocks restart from boot, but keep
  node.clock.t0 = w.s.now;                      // them increasing so traces stay readable
  bootNode(w, node, node.durable);
  return true;
}

/** Graceful shutdown: the protocol may release its lease, then the process stops. */
export function shutdownNode(w: World, node: NodeRt): boolean {
  if (node.status !== "up") {
    if (node.status === "paused") crashNode(w, node, "stopped", "shutdown while paused");
    return false;
  }
  if (w.proto.onShutdown) {
    w.ctx.bind(node.idx);
    w.proto.onShutdown(w.ctx, node.p);
  }
  crashNode(w, node, "stopped", "shutdown");
  return true;
}
