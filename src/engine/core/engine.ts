// The discrete-event loop. One queue ordered by (time, seq), one seeded PRNG, virtual ms.
// Faults are kept apart from the queue in an ordered list and run before any queued event of
// the same instant, so a fault appended while running (a sandbox click at the current time)
// behaves exactly as if the scenario had contained it from the start.
import { headAt, heapPop, heapPush, newQueue, sweepHeap } from "./queue.ts";
import { cloneData } from "./clone.ts";
import { seedRng, uniform } from "./random.ts";
import { newClock } from "./clock.ts";
import { newNet, linkCut, dropMsg } from "./network.ts";
import { connectionGate, refuseOnConnection } from "./connection.ts";
import { newMonitors } from "./monitors.ts";
import { newResource, handleResourceMsg, resourceTimer } from "./resource.ts";
import { applyFault, endSlow, endUnlink, endStoreOutage } from "./faults.ts";
import { bootNode, exitIfDone, graceEnd, newNode, resumeNode } from "./process.ts";
import { isStaleTimer, runMessage, runTimer } from "./handlers.ts";
import { emit } from "./trace-emit.ts";
import { TraceLog } from "./trace-log.ts";
import { armed, armedByMessage } from "./cause-make.ts";
import { isStaleTick } from "./store-ticks.ts";
import { bindKindIds } from "./kind-counts.ts";
import { bindTimerSlots } from "./timers.ts";
import { MAX_RUN_EVENTS, RunLimitError } from "./budget.ts";
import { NodeCtx } from "./ctx.ts";
import { procName, type World, type WorldParts } from "./world.ts";
import type { MsgEntry, QEvent, SimState } from "./types.ts";
import type { CoreScenario } from "./scenario.ts";
import { bootEntry } from "./queue-entry.ts";

export interface WorldOptions {
  /** "full" records every message; "roles" only roles, leadership, faults, writes, violations */
  trace?: "full" | "roles";
  /** stop with a RunLimitError after this many events (default MAX_RUN_EVENTS) */
  maxEvents?: number;
}

const clockOf = (sc: CoreScenario, id: string) => sc.clocks[id] ?? { drift: 0, offset: 0 };

/** A new world for a normalised scenario, with the behaviour `parts` chose for it. */
export function createWorld(scenario: CoreScenario, parts: WorldParts, opts: WorldOptions = {}): World {
  const N = scenario.nodes;
  const P = N + 2;
  const s: SimState = {
    version: 1,
    scenario: cloneData(scenario),
    now: 0,
    seq: 0,
    lastAt: -1,
    rng: seedRng(scenario.seed),
    queue: newQueue(),
    faultOrder: [],
    faultNext: 0,
    nodes: Array.from({ length: N }, (_, i) =>
      newNode(i, clockOf(scenario, `n${i + 1}`).drift, clockOf(scenario, `n${i + 1}`).offset),
    ),
    store: parts.newStore(),
    storeClock: newClock(clockOf(scenario, "store").drift, clockOf(scenario, "store").offset),
    net: newNet(P, scenario.network.delay, scenario.network.jitter, scenario.network.loss, parts.transport),
    resource: newResource(scenario.fencing),
    mon: newMonitors(N),
    trace: new TraceLog(),
    traceLevel: opts.trace ?? "full",
    nextMsgId: 1,
    timerNames: [],
    stats: { events: 0, messages: 0, dropped: 0, kindNames: [], kindCounts: [] },
  };
  s.faultOrder = s.scenario.faults
    .map((_, i) => i)
    .sort((a, b) => s.scenario.faults[a].at - s.scenario.faults[b].at || a - b);
  const w = bindWorld(s, parts);
  if (opts.maxEvents !== undefined) w.maxEvents = opts.maxEvents;
  emit(w, {
    type: "start",
    protocol: scenario.protocol,
    nodes: N,
    seed: scenario.seed,
    until: scenario.until,
    fencing: scenario.fencing,
  });
  if (scenario.boot > 0) {
    // A rolling start: each node boots at its own seeded instant; until then it is down.
    for (const node of s.nodes) {
      node.status = "stopped";
      const at = Math.round(uniform(s.rng, 0, scenario.boot) * 1000) / 1000;
      heapPush(s.queue, bootEntry(at, s.seq++, node.idx));
    }
  } else for (const node of s.nodes) bootNode(w, node, null);
  return w;
}

/** Attach behaviour to a (possibly cloned) state. */
export function bindWorld(s: SimState, parts: WorldParts): World {
  const N = s.nodes.length;
  const w = {
    s,
    proto: parts.proto,
    server: parts.server,
    tokenName: parts.tokenName,
    writeDetail: parts.writeDetail,
    P: N + 2,
    STORE: N,
    RESOURCE: N + 1,
    kindIds: bindKindIds(s),
    lastKind: "",
    lastKindId: -1,
    timerIds: bindTimerSlots(s),
    timerEv: s.nodes.map((): Array<Extract<QEvent, { type: "timer" }> | null> => []),
  } as World;
  // A cloned state's log is plain data again; one saved before the log is an array of events.
  const log = (s.trace = TraceLog.revive(s.trace));
  if (log.procs.length !== w.P) log.procs = Array.from({ length: w.P }, (_, i) => procName(w, i));
  w.ctx = new NodeCtx(w);
  return w;
}

function dispatch(w: World, e: QEvent): void {
  switch (e.type) {
    case "timer":
      runTimer(w, e);
      exitIfDone(w, e.node);
      return;
    case "msg":
      deliver(w, e);
      exitIfDone(w, e.to);
      return;
    case "resume":
      resumeNode(w, e);
      return;
    case "store-timer":
      armed(w, { kind: "store-timer", timer: "lease-expiry" });
      w.server?.leaseTimer?.(w, e);
      return;
    case "store-tick":
      armed(w, { kind: "store-timer", timer: e.name });
      w.server?.tick(w, e);
      return;
    case "resource-timer":
      armed(w, { kind: "store-timer", timer: "sequencer-timeout" });
      resourceTimer(w, e);
      return;
    case "unlink":
      endUnlink(w, e);
      return;
    case "slow-end":
      endSlow(w, e);
      return;
    case "store-up":
      endStoreOutage(w, e);
      return;
    case "grace-end":
      graceEnd(w, e);
      return;
    case "boot": {
      const node = w.s.nodes[e.node];
      if (node.status === "stopped" && node.role === "down") {
        node.status = "up";
        bootNode(w, node, null);
      }
      return;
    }
  }
}

function deliver(w: World, m: MsgEntry): void {
  if (m.unsent) return dropMsg(w, m, "sender crashed before its write completed");
  if (m.conn !== undefined) {
    if (connectionGate(w, m)) return;
  } else if (linkCut(w, m.from, m.to)) return dropMsg(w, m, "partition"); // a datagram a cut caught in flight is lost
  if (m.to < w.s.nodes.length) {
    const node = w.s.nodes[m.to];
    if (node.status === "crashed" || node.status === "stopped") {
      return dropMsg(w, m, w.s.traceLevel === "full" ? `${node.id} is ${node.status}` : ""); // the reason is only traced in full
    }
    if (node.status === "paused") {
      node.deferred.push(m);
      return;
    }
    runMessage(w, node, m);
  } else if (m.to === w.STORE) {
    // On a connection the down store's host answers RST (its process has no socket), as a
    // crashed node's does (connection.ts connectionGate): the client's call fails at once.
    if (!w.s.store.up)
      return m.conn !== undefined && w.server?.refusesWhenDown
        ? refuseOnConnection(w, m, "store is down")
        : dropMsg(w, m, "store is down");
    if (w.s.traceLevel === "full") w.s.trace.pushDeliver(w.s.now, m.id, m.from, w.STORE, m.kind);
    armedByMessage(w, m);
    if (w.server) w.server.receive(w, m);
    else dropMsg(w, m, "no server");
  } else {
    armedByMessage(w, m);
    handleResourceMsg(w, m);
  }
}

/** A timer of a previous life or one re-armed since (a node's or the store's): no event. */
function isDeadEvent(w: World, e: QEvent): boolean {
  return e.type === "timer" ? isStaleTimer(w, e) : e.type === "store-tick" && isStaleTick(w, e);
}

export function sweepDeadTimers(w: World): void {
  sweepHeap(w.s.queue, (e) => isDeadEvent(w, e));
  w.s.dead = 0;
}

/** Time of the next thing to happen (fault or event), Infinity if none. */
export function nextAt(w: World): number {
  const s = w.s;
  const fat = s.faultNext < s.faultOrder.length ? s.scenario.faults[s.faultOrder[s.faultNext]].at : Infinity;
  const eat = headAt(s.queue);
  return fat <= eat ? fat : eat;
}

/** Process exactly one fault or event. Returns false when nothing is left. */
export function stepWorld(w: World): boolean {
  const s = w.s;
  const fat = s.faultNext < s.faultOrder.length ? s.scenario.faults[s.faultOrder[s.faultNext]].at : Infinity;
  const eat = headAt(s.queue);
  if (fat === Infinity && eat === Infinity) return false;
  if (fat <= eat) runFault(w);
  else runEvent(w);
  return true;
}

/** The next fault, which is due no later than the next queued event. */
function runFault(w: World): void {
  const s = w.s;
  const f = s.scenario.faults[s.faultOrder[s.faultNext++]];
  if (f.at > s.now) s.now = f.at;
  s.lastAt = s.now;
  applyFault(w, f);
}

/** The next queued event, which is due before the next fault. */
function runEvent(w: World): void {
  const s = w.s;
  const e = heapPop(s.queue) as QEvent;
  if (e.at > s.now) s.now = e.at;
  s.lastAt = s.now;
  // A timer of a previous life or one re-armed since (a node's or the store's) is no event: it is counted apart, never
  // against the run's event budget (the bench reports live events only).
  if (isDeadEvent(w, e)) {
    s.stats.stale = (s.stats.stale ?? 0) + 1;
    return;
  }
  if (++s.stats.events > (w.maxEvents ?? MAX_RUN_EVENTS)) throw new RunLimitError(s.now, s.stats.events - 1);
  dispatch(w, e);
  // Re-armed and cancelled timers leave no dead event (timers.ts, store-ticks.ts move or remove
  // it); those left are a crashed life's timers and those of a state bound since. They are
  // swept in bulk once they could be a quarter of the queue: no pop (and no log n sift) per
  // dead timer. Only here, between events, so every caller reads the queue's head after it.
  if ((s.dead ?? 0) > 1 && (s.dead as number) * 4 > s.queue.ev.length) sweepDeadTimers(w);
}

/** Run every event strictly before t, then set the clock to t. `stop` ends the run early.
 *  (nextAt and stepWorld fused: the hot loop of every run.) */
export function runWorldUntil(w: World, t: number, stop?: () => boolean): void {
  const s = w.s;
  for (;;) {
    const fat =
      s.faultNext < s.faultOrder.length ? s.scenario.faults[s.faultOrder[s.faultNext]].at : Infinity;
    const q = s.queue;
    const eat = q.ev.length > 0 ? q.ev[0].at : Infinity;
    if (fat <= eat) {
      if (fat >= t) break;
      runFault(w);
    } else {
      if (eat >= t) break;
      runEvent(w);
    }
    if (stop && stop()) return;
  }
  if (t > s.now && t !== Infinity) s.now = t;
}
