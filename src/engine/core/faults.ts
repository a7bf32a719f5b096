// Faults: what a scenario (or a sandbox click, appended at the current time) does to the world.
// "leader" resolves, at the instant the fault fires, to the node that believes it leads (the one
// with the highest token if several do; ties to the lowest id), and the trace records whom.
import { armed } from "./cause-make.ts";
import { heapPush } from "./queue.ts";
import { r3, setDrift, stepWall, simAtLocal } from "./clock.ts";
import { heapify, heapRemoveAt } from "./queue.ts";
import { emit } from "./trace-emit.ts";
import { applyCuts, dropMsg, healAll, healPairs, isolationPairs, partitionPairs } from "./network.ts";
import { crashNode, restartNode, shutdownNode } from "./process.ts";
import { pauseNode } from "./pause.ts";
import { procIndex, type World } from "./world.ts";
import type { Fault } from "./scenario.ts";
import type { ClockState, MsgEntry, QEvent } from "./types.ts";
import type { FaultEffect, FaultNoEffect, TraceEvent } from "./trace.ts";
import type { TraceInput } from "./protocol.ts";
import { slowEndEntry, storeUpEntry, unlinkEntry } from "./queue-entry.ts";

export function resolveLeader(w: World): number {
  let best = -1;
  for (const n of w.s.nodes) {
    if (!n.believes || n.token === null) continue;
    if (best < 0 || n.token > (w.s.nodes[best].token as number)) best = n.idx;
  }
  return best;
}

function describe(f: Fault): string {
  const parts: string[] = [];
  if (f.for !== undefined) parts.push(`for ${f.for} ms`);
  if (f.during) parts.push(`during ${f.during}`);
  if (f.groups) parts.push(`groups ${JSON.stringify(f.groups)}${f.oneWay ? " one-way" : ""}`);
  if (f.drift !== undefined) parts.push(`drift ${f.drift} ppm`);
  if (f.step !== undefined) parts.push(`step ${f.step} ms`);
  if (f.factor !== undefined) parts.push(`factor ${f.factor}`);
  if (f.delay !== undefined) parts.push(`delay ${f.delay} ms`);
  if (f.jitter !== undefined) parts.push(`jitter ${f.jitter} ms`);
  if (f.loss !== undefined) parts.push(`loss ${f.loss}`);
  if (f.message !== undefined) parts.push(`message ${f.message}`);
  return parts.join(", ");
}

function resolveName(w: World, name: string): { idx: number; resolved?: string } {
  if (name !== "leader") return { idx: procIndex(w, name) };
  const i = resolveLeader(w);
  return { idx: i, resolved: i >= 0 ? w.s.nodes[i].id : "nobody" };
}

/** The fault's own parameters as typed fields (the same facts describe() puts in words). */
function params(f: Fault): Partial<Extract<TraceEvent, { type: "fault" }>> {
  const p: Partial<Extract<TraceEvent, { type: "fault" }>> = {};
  if (f.for !== undefined) p.for = f.for;
  if (f.during) p.during = f.during;
  if (f.oneWay) p.oneWay = true;
  if (f.drift !== undefined) p.drift = f.drift;
  if (f.step !== undefined) p.step = f.step;
  if (f.factor !== undefined) p.factor = f.factor;
  if (f.delay !== undefined) p.delay = f.delay;
  if (f.jitter !== undefined) p.jitter = f.jitter;
  if (f.loss !== undefined) p.loss = f.loss;
  return p;
}

export function applyFault(w: World, f: Fault): void {
  const s = w.s;
  let idx = -1;
  let resolved: string | undefined;
  if (f.node !== undefined) ({ idx, resolved } = resolveName(w, f.node));
  const base = { type: "fault" as const, fault: f.do, node: f.node, resolved, detail: describe(f) };
  if (f.node !== undefined && idx < 0) {
    emit(w, {
      ...base,
      detail: `${base.detail}${base.detail ? "; " : ""}skipped: no node believes it leads`,
      effect: "no-effect",
      reason: "no-leader",
      ...params(f),
    });
    return;
  }
  const node = idx >= 0 && idx < s.nodes.length ? s.nodes[idx] : null;
  // Record the fault before its effects, so the trace reads cause then consequence. The typed
  // outcome fields are filled in below, once the effect is known.
  const ev = emit(w, base as TraceInput) as Extract<TraceEvent, { type: "fault" }> | undefined;
  // Whatever this fault makes happen (a crash, a power-off) names it as what armed it.
  // The index in the whole trace: a sandbox session may have dropped its oldest events (traceBase).
  armed(w, {
    kind: "fault",
    fault: f.do,
    at: s.now,
    index: ev ? (s.traceBase ?? 0) + s.trace.length - 1 : -1,
  });
  let detail = base.detail;
  let effect: FaultEffect = "applied";
  let reason: FaultNoEffect | undefined;
  let status: string | undefined;
  let applied: string[][] | undefined;
  let leader: string | undefined;
  switch (f.do) {
    case "crash":
      if (node) crashNode(w, node, "crashed", "crashed");
      break;
    case "restart":
      if (node && !restartNode(w, node)) {
        detail = `${detail}${detail ? "; " : ""}no effect: ${node.id} is ${node.status}`;
        [effect, reason, status] = ["no-effect", "not-down", node.status];
      }
      break;
    case "pause":
      if (!node) break;
      if (f.during === "write") {
        node.pauseOnWrite = { for: f.for as number };
        detail = `${detail}; armed: strikes at ${node.id}'s next write decision`;
        effect = "armed";
      } else pauseNode(w, node, f.for as number);
      break;
    case "isolate": {
      const pairs = isolationPairs(w, idx);
      applyCuts(w, pairs, 1);
      if (f.for !== undefined)
        heapPush(s.queue, unlinkEntry(r3(s.now + f.for), s.seq++, pairs, s.net.healEpoch));
      break;
    }
    case "partition": {
      const groups = (f.groups as string[][]).map((g) =>
        g
          .map((n) => {
            const r = resolveName(w, n);
            if (r.resolved) {
              detail += `; leader=${r.resolved}`;
              leader = r.resolved;
            }
            return r.idx;
          })
          .filter((i) => i >= 0),
      );
      if (ev) applied = groups.map((g) => g.map((i) => procName(w, i)));
      const pairs = partitionPairs(groups, !!f.oneWay);
      applyCuts(w, pairs, 1);
      if (f.for !== undefined)
        heapPush(s.queue, unlinkEntry(r3(s.now + f.for), s.seq++, pairs, s.net.healEpoch));
      break;
    }
    case "heal":
      if (f.groups) {
        // One link (or the links between groups) heals; every other cut stays as it was.
        const groups = f.groups.map((g) => g.map((n) => procIndex(w, n)).filter((i) => i >= 0));
        if (ev) applied = groups.map((g) => g.map((i) => procName(w, i)));
        healPairs(w, partitionPairs(groups, !!f.oneWay));
      } else healAll(w);
      break;
    case "drop": {
      // A message lost on the wire by the learner's hand, like a lossy link for one packet. It
      // leaves the queue at once; the trace records the drop as the network would.
      const at = s.queue.ev.findIndex((e) => e.type === "msg" && e.id === f.message);
      if (at < 0) {
        [effect, reason] = ["no-effect", "no-message"];
        detail = `${detail}; no effect: it had already arrived`;
        break;
      }
      const m = s.queue.ev[at] as MsgEntry;
      heapRemoveAt(s.queue, at);
      dropMsg(w, m, "dropped");
      if (ev) Object.assign(ev, { messageKind: m.kind, from: procName(w, m.from), to: procName(w, m.to) });
      break;
    }
    case "clock": {
      const isStore = idx === w.STORE;
      const c: ClockState = isStore ? s.storeClock : s.nodes[idx].clock;
      if (f.step !== undefined) stepWall(c, f.step);
      if (f.drift !== undefined) {
        setDrift(c, s.now, f.drift);
        // Every timer the store owns runs on its clock: etcd lease expiry (store-timer) and the named
        // ticks (ZooKeeper session expiry, the election controller's requeue, the fence device).
        retime(w, c, (e) =>
          isStore
            ? e.type === "store-timer" || e.type === "store-tick"
            : e.type === "timer" && e.node === idx,
        );
      }
      break;
    }
    case "slow":
      if (!node) break;
      node.slow = f.factor as number;
      node.slowEpoch++;
      if (f.for !== undefined)
        heapPush(s.queue, slowEndEntry(r3(s.now + f.for), s.seq++, idx, node.slowEpoch));
      break;
    case "shutdown":
      if (node) {
        const before = node.status;
        if (!shutdownNode(w, node)) {
          detail = `${detail}${detail ? "; " : ""}no effect: ${node.id} was ${node.status}`;
          // A paused node is stopped all the same (shutdownNode), though the words above say
          // "no effect"; the typed outcome says what happened.
          if (before !== "paused") [effect, reason, status] = ["no-effect", "not-running", node.status];
        }
      }
      break;
    case "store-outage":
      s.store.up = false;
      s.store.epoch++;
      if (f.for !== undefined) heapPush(s.queue, storeUpEntry(r3(s.now + f.for), s.seq++, s.store.epoch));
      break;
    case "network":
      if (f.delay !== undefined) s.net.delay = f.delay;
      if (f.jitter !== undefined) s.net.jitter = f.jitter;
      if (f.loss !== undefined) s.net.loss = f.loss;
      break;
  }
  if (!ev) return;
  ev.detail = detail;
  ev.effect = effect;
  if (reason) ev.reason = reason;
  if (status) ev.status = status;
  Object.assign(ev, params(f));
  if (f.message !== undefined) ev.message = f.message;
  if (applied) ev.groups = applied;
  if (leader) ev.leader = leader;
}

/** A process index as the trace names it: a node id, "store" or "resource". */
function procName(w: World, i: number): string {
  return i < w.s.nodes.length ? w.s.nodes[i].id : i === w.STORE ? "store" : "resource";
}

/** After a drift change, pending timers armed on that clock move to their new real times. */
function retime(w: World, c: ClockState, match: (e: QEvent) => boolean): void {
  let any = false;
  for (const e of w.s.queue.ev) {
    if (!match(e)) continue;
    const due = (e as { due: number }).due;
    const at = simAtLocal(c, due);
    e.at = at < w.s.now ? w.s.now : at;
    any = true;
  }
  if (any) heapify(w.s.queue);
}

export function endSlow(w: World, e: Extract<QEvent, { type: "slow-end" }>): void {
  const node = w.s.nodes[e.node];
  if (node.slowEpoch === e.epoch) node.slow = 1;
}

export function endUnlink(w: World, e: Extract<QEvent, { type: "unlink" }>): void {
  if (e.epoch === w.s.net.healEpoch) applyCuts(w, e.pairs, -1);
}

export function endStoreOutage(w: World, e: Extract<QEvent, { type: "store-up" }>): void {
  if (e.epoch !== w.s.store.epoch || w.s.store.up) return;
  w.s.store.up = true;
  const detail = w.server ? w.server.recovered(w) : "nothing runs there";
  emit(w, { type: "store", op: "recovered", rev: w.s.store.rev, detail });
}
