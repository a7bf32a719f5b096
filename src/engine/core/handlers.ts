// The engine side of every handler call: running a timer or a message through the protocol, then diffing the protocol's observables (role, term,
// leadership, token) into trace events and monitors, and starting the leader's work loop.
import { armTimer, timerFired } from "./timers.ts";
import { emit } from "./trace-emit.ts";
import { leaderStarted, leaderEnded, termChanged, electionGrant } from "./monitors.ts";
import { confirmed, doWork, WORK_TIMER } from "./work.ts";
import type { World } from "./world.ts";
import { CLOSED } from "./network.ts";
import type { Msg, NodeRt, QEvent } from "./types.ts";
import { armedByMessage, armedByTimer } from "./cause-make.ts";

/** Diff the protocol's observables after a handler ran: roles, terms, leadership, work loop. */
export function afterHandler(w: World, node: NodeRt): void {
  const proto = w.proto;
  const p = node.p;
  const role = proto.role(p);
  const term = proto.term(p);
  if (role !== node.role) {
    emit(
      w,
      w.pending
        ? { type: "role", node: node.id, from: node.role, to: role, term, why: w.pending }
        : { type: "role", node: node.id, from: node.role, to: role, term },
    );
    node.role = role;
  }
  if (term !== node.term) {
    if (w.s.traceLevel === "full")
      w.s.trace.push({ t: w.s.now, type: "term", node: node.id, from: node.term, to: term });
    if (electionGrant(w)) termChanged(w, node.idx, term);
    node.term = term;
  }
  const believes = proto.believesLeader(p);
  const token = believes ? proto.token(p) : null;
  if (believes !== node.believes || token !== node.token) {
    if (node.believes)
      leaderEnded(
        w,
        node.idx,
        node.token as number,
        `now ${role}`,
        { cause: "role-change", to: role },
        w.pending,
      );
    node.believes = false;
    if (believes) {
      leaderStarted(w, node.idx, token as number, term, w.pending);
      node.leaderSince = w.s.now;
      if (w.s.scenario.work.every > 0) armTimer(w, node, WORK_TIMER, 0);
    }
    node.believes = believes;
    node.token = token;
  }
}

/** A timer event of a previous life of its node, or one re-armed or cancelled since. */
export function isStaleTimer(w: World, e: Extract<QEvent, { type: "timer" }>): boolean {
  const node = w.s.nodes[e.node];
  return e.inc !== node.inc || node.timers[e.slot] !== e.gen;
}

export function runTimer(w: World, e: Extract<QEvent, { type: "timer" }>): void {
  const node = w.s.nodes[e.node];
  if (e.inc !== node.inc || node.timers[e.slot] !== e.gen) return; // stale: previous life or re-armed
  timerFired(w, node, e);
  if (node.status === "paused") {
    node.deferred.push(e);
    return;
  }
  if (node.status !== "up") return;
  node.timers[e.slot] = 0;
  node.due[e.slot] = -1;
  armedByTimer(w, node, e.name, node.armedAt[e.slot] ?? -1);
  if (e.name === WORK_TIMER) doWork(w, node);
  else {
    w.ctx.bind(node.idx);
    w.proto.onTimer(w.ctx, node.p, e.name);
  }
  afterHandler(w, node);
}

export function runMessage(w: World, node: NodeRt, m: Msg): void {
  if (w.s.traceLevel === "full") w.s.trace.pushDeliver(w.s.now, m.id, m.from, node.idx, m.kind);
  armedByMessage(w, m);
  if (m.kind === "CheckSequencerResp" && m.body.confirm) return confirmed(w, node, m.body);
  w.ctx.bind(node.idx);
  if (m.kind === CLOSED) w.proto.onConnectionClosed?.(w.ctx, node.p, m.from);
  else w.proto.onMessage(w.ctx, node.p, m);
  afterHandler(w, node);
}
