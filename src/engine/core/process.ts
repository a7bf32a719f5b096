// Processes: running, paused (stop the world: nothing runs, timers fire late, messages queue,
// the rest of the world goes on), crashed (volatile state lost), restarted (durable state
// recovered), gracefully shut down, booted. Running handlers and timers is core/handlers.ts; the
// leader's work loop is core/work.ts.
import { localAt, newClock } from "./clock.ts";
import { emit } from "./trace-emit.ts";
import { leaderEnded, termChanged } from "./monitors.ts";
import { closeConnections, loseHeldReplies, send } from "./network.ts";
import { afterHandler, runMessage, runTimer } from "./handlers.ts";
import { armed, currentArm, withArm } from "./cause-make.ts";
import type { World } from "./world.ts";
import { heapPush } from "./queue.ts";
import { clearTimers } from "./timers.ts";
import { r3 } from "./clock.ts";
import type { NodeRt, QEvent } from "./types.ts";
import { graceEndEntry } from "./queue-entry.ts";

/** How long a graceful shutdown may take before the process is killed: a pod's
 *  terminationGracePeriodSeconds, 30 s by default (kubernetes pkg/apis/core/v1 defaults:
 *  DefaultTerminationGracePeriodSeconds); the kubelet sends SIGTERM, then SIGKILL when it ends. */
export const SHUTDOWN_GRACE = 30_000;

export function newNode(idx: number, drift: number, offset: number): NodeRt {
  return {
    id: `n${idx + 1}`,
    idx,
    status: "up",
    inc: 0,
    pausedUntil: 0,
    pauseEpoch: 0,
    pauseOnWrite: null,
    heldWrite: null,
    deferred: [],
    slow: 1,
    slowEpoch: 0,
    clock: newClock(drift, offset),
    timers: [],
    due: [],
    timerGen: 0,
    armedAt: [],
    p: null,
    durable: null,
    role: "down",
    believes: false,
    term: 0,
    token: null,
    leaderSince: -1,
  };
}

/** Boot (or reboot) a node: protocol init with whatever durable state survived, then start. */
export function bootNode(w: World, node: NodeRt, durable: unknown): void {
  const arm = currentArm(w);
  armed(w, { kind: "boot", node: node.id });
  w.ctx.bind(node.idx);
  node.p = w.proto.init(w.ctx, durable);
  const from = node.role;
  node.role = w.proto.role(node.p);
  node.term = w.proto.term(node.p);
  termChanged(w, node.idx, node.term);
  if (from !== "down")
    emit(w, {
      type: "role",
      node: node.id,
      from,
      to: node.role,
      term: node.term,
      why: withArm(w, {
        rule: "process.restart",
        values: { node: node.id, was: from },
        clock: { kind: "none" },
      }),
    });
  w.proto.start(w.ctx, node.p);
  afterHandler(w, node);
  w.arm = arm;
}

export function resumeNode(w: World, e: Extract<QEvent, { type: "resume" }>): void {
  const node = w.s.nodes[e.node];
  if (e.inc !== node.inc || e.epoch !== node.pauseEpoch || node.status !== "paused") return;
  node.status = "up";
  emit(w, {
    type: "note",
    node: node.id,
    text: `resumed after pause (${node.deferred.length} queued events)`,
    note: { kind: "resumed", queued: node.deferred.length },
  });
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
    if (ev.type === "timer") runTimer(w, ev);
    else if (ev.type === "msg") runMessage(w, node, ev);
    exitIfDone(w, node.idx);
  }
}

/** Crash: volatile state is lost; durable state (Raft's term, vote, log) is kept. */
/** `by`: the node whose STONITH powered this one off. */
export function crashNode(
  w: World,
  node: NodeRt,
  status: "crashed" | "stopped",
  reason: string,
  by?: string,
): void {
  if (node.status === "crashed" || node.status === "stopped") return;
  const why = withArm(w, {
    rule: by ? "stonith.poweredOff" : status === "stopped" ? "process.shutdown" : "process.crash",
    values: by ? { by, target: node.id } : { node: node.id },
    clock: { kind: "none" },
  });
  if (node.believes)
    leaderEnded(
      w,
      node.idx,
      node.token as number,
      reason,
      by ? { cause: "stonith", by } : { cause: status === "stopped" ? "shutdown" : "crash" },
      why,
    );
  node.believes = false;
  node.token = null;
  if (node.confirmed !== undefined) node.confirmed = null;
  emit(w, { type: "role", node: node.id, from: node.role, to: status, term: node.term, why });
  node.role = status;
  node.durable = w.proto.durable(node.p);
  node.p = null;
  node.status = status;
  loseHeldReplies(w, node.idx);
  // A crash or a shutdown ends the process and the kernel closes its sockets (a pause does not,
  // and neither does a power switch: STONITH cuts the power, so nothing sends a FIN).
  if (!by) closeConnections(w, node.idx);
  node.inc++;
  // Every timer this life had armed is dead now (engine.ts sweeps them).
  clearTimers(w, node);
  node.deferred = [];
  node.pauseOnWrite = null;
  node.heldWrite = null;
  node.slow = 1;
  if (node.stopping !== undefined) {
    delete node.stopping;
    delete node.exiting;
  }
}

export function restartNode(w: World, node: NodeRt): boolean {
  if (node.status !== "crashed" && node.status !== "stopped") return false;
  if (node.role === "down") node.role = "stopped"; // restarted before its scheduled boot
  node.status = "up";
  node.inc++;
  node.clock.l0 = localAt(node.clock, w.s.now); // monotonic clocks restart from boot, but keep
  node.clock.t0 = w.s.now; // them increasing so traces stay readable
  bootNode(w, node, node.durable);
  return true;
}

/** Graceful shutdown (SIGTERM): the protocol may release its lease. If that takes round trips
 *  (onShutdown returns true), the process keeps running, its leader's work included, until the
 *  protocol calls ctx.exit() or the grace period ends; otherwise it stops at once. */
export function shutdownNode(w: World, node: NodeRt): boolean {
  if (node.status !== "up" || node.stopping !== undefined) {
    if (node.status === "paused" && node.stopping === undefined)
      crashNode(w, node, "stopped", "shutdown while paused");
    return false;
  }
  if (w.proto.onShutdown) {
    w.ctx.bind(node.idx);
    node.stopping = r3(w.s.now + SHUTDOWN_GRACE);
    if (w.proto.onShutdown(w.ctx, node.p) === true && !node.exiting) {
      heapPush(w.s.queue, graceEndEntry(node.stopping, w.s.seq++, node.idx, node.inc));
      afterHandler(w, node);
      return true;
    }
  }
  crashNode(w, node, "stopped", "shutdown");
  return true;
}

/** After a handler: if the protocol finished its graceful shutdown (ctx.exit()), the process
 *  exits now, and a leadership it still held ends with it (cause "shutdown"). */
export function exitIfDone(w: World, idx: number): void {
  const node = w.s.nodes[idx];
  if (node?.exiting) crashNode(w, node, "stopped", "shutdown");
}

/** The grace period ran out before the protocol finished: SIGKILL. */
export function graceEnd(w: World, e: Extract<QEvent, { type: "grace-end" }>): void {
  const node = w.s.nodes[e.node];
  if (e.inc !== node.inc || node.stopping === undefined) return;
  emit(w, {
    type: "note",
    node: node.id,
    text: `killed: the graceful shutdown took longer than its ${SHUTDOWN_GRACE / 1000} s grace period`,
    note: { kind: "killed", graceMs: SHUTDOWN_GRACE },
  });
  crashNode(w, node, "stopped", "shutdown: killed after the grace period");
}
