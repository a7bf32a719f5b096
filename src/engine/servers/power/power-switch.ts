// The store as the fence device of a failover pair: a network power switch (or an IPMI
// controller) that powers a node off when asked: STONITH, "shoot the other node in the head".
// It obeys every request it receives, after the seconds a real fence action takes, and has no
// notion of who should win: if both nodes ask in time, both go down. It is reachable like any
// process, so a partition decides who can still shoot whom.
import { storeCause } from "../../core/cause-make.ts";
import { emit } from "../../core/trace-emit.ts";
import { storeNow } from "../common.ts";
import type { PowerState } from "./types.ts";
import { armTick, tickLive } from "../../core/store-ticks.ts";
import { send } from "../../core/network.ts";
import { crashNode } from "../../core/process.ts";
import type { ServerWorld as World } from "../world.ts";
import type { Msg, QEvent } from "../../core/types.ts";

// The notes the fence device writes (core/trace.ts NoteKinds).
declare module "../../core/trace.ts" {
  interface NoteKinds {
    "fence-request": { by: string; target: string };
    fenced: { by: string; target: string; wasUp: boolean };
  }
}

export function newPower(): PowerState {
  return { shots: {}, next: 0 };
}

const powerOf = (w: World) => w.s.store.power as PowerState;

export function powerHandle(w: World, m: Msg): void {
  if (m.kind !== "PowerOff") return;
  const p = powerOf(w);
  const id = `shot-${++p.next}`;
  const due = storeNow(w) + (w.s.scenario.timing as { fence: number }).fence;
  p.shots[id] = { reqId: m.body.reqId, from: m.from, target: m.body.target, due };
  emit(w, {
    type: "note",
    node: "store",
    text: `fence device: ${w.s.nodes[m.from].id} asks to power off ${w.s.nodes[m.body.target].id}`,
    note: { kind: "fence-request", by: w.s.nodes[m.from].id, target: w.s.nodes[m.body.target].id },
  });
  armTick(w, id, due);
}

export function powerTick(w: World, e: Extract<QEvent, { type: "store-tick" }>): void {
  if (!tickLive(w, e)) return;
  const p = powerOf(w);
  const shot = p.shots[e.name];
  if (!shot) return;
  delete p.shots[e.name];
  const target = w.s.nodes[shot.target];
  const by = w.s.nodes[shot.from].id;
  const wasUp = target.status === "up" || target.status === "paused";
  emit(w, {
    type: "note",
    node: "store",
    text: wasUp
      ? `fence device: powered off ${target.id} (STONITH by ${by})`
      : `fence device: ${target.id} was already off (STONITH by ${by})`,
    note: { kind: "fenced", by, target: target.id, wasUp },
    why: storeCause(w, "stonith.shot", { by, target: target.id, wasUp, due: shot.due }),
  });
  if (wasUp) crashNode(w, target, "crashed", `powered off by STONITH from ${by}`, by);
  send(w, w.STORE, shot.from, "PowerOffResp", { reqId: shot.reqId, target: shot.target, ok: true });
}

export function powerKeys(w: World) {
  return Object.values(powerOf(w).shots).map((s) => ({
    key: `outlet/${w.s.nodes[s.target].id}`,
    value: `powering off at ${s.due} (asked by ${w.s.nodes[s.from].id})`,
    createRev: 0,
    modRev: 0,
    lease: null,
  }));
}
