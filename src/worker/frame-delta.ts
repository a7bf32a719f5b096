// Frames travel as deltas: only what changed since the previous frame the page drew. Clocks
// move every instant, so they go as a flat number array; lease countdowns are derived from
// their deadline and the judging clock, so they are rebuilt on the page instead of sent.
// apply(prev, encode(prev, next)) equals next (frame-delta.test.ts).
import type { Frame, FrameNode, LeaseView } from "../engine/index.ts";
import type { FrameDelta, NodeCore } from "./protocol.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** JSON of a value without the fields that follow from the clocks. */
function key(v: unknown): string {
  return JSON.stringify(v, (k, val) =>
    k === "remainingMs" || k === "localClockMs" || k === "wallClockMs" || k === "clockMs" ? undefined : val,
  );
}

function core(n: FrameNode): NodeCore {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { localClockMs, wallClockMs, ...rest } = n;
  return rest;
}

export interface DeltaEncoder {
  encode(next: Frame): FrameDelta;
  reset(frame: Frame | null): void;
}

/** Keeps what was last sent, so each delta carries only the changes since then. */
export function createEncoder(): DeltaEncoder {
  let nodeKeys: string[] = [];
  let msgIds = new Set<number>();
  let cutsKey = "";
  let storeKey = "";
  let resourceKey = "";
  let monitorsKey = "";
  let primed = false;

  const remember = (f: Frame) => {
    nodeKeys = f.nodes.map((n) => key(core(n)));
    msgIds = new Set(f.messages.map((m) => m.id));
    cutsKey = JSON.stringify(f.cuts);
    storeKey = key(f.store);
    resourceKey = JSON.stringify(f.resource);
    monitorsKey = JSON.stringify(f.monitors);
    primed = true;
  };

  return {
    reset(frame) {
      if (frame) remember(frame);
      else primed = false;
    },
    encode(next) {
      const clocks: number[] = [];
      const nodes: Array<[number, NodeCore]> = [];
      next.nodes.forEach((n, i) => {
        clocks.push(n.localClockMs, n.wallClockMs);
        const c = core(n);
        const k = key(c);
        if (!primed || nodeKeys[i] !== k) {
          nodes.push([i, c]);
          nodeKeys[i] = k;
        }
      });
      const ids = new Set<number>();
      const messagesAdded: Frame["messages"] = [];
      for (const m of next.messages) {
        ids.add(m.id);
        if (!primed || !msgIds.has(m.id)) messagesAdded.push(m);
      }
      const messagesRemoved: number[] = [];
      if (primed) for (const id of msgIds) if (!ids.has(id)) messagesRemoved.push(id);
      msgIds = ids;
      const delta: FrameDelta = {
        t: next.t,
        clocks,
        nodes,
        messagesAdded,
        messagesRemoved,
        storeClockMs: next.store ? next.store.clockMs : null,
      };
      const ck = JSON.stringify(next.cuts);
      if (!primed || ck !== cutsKey) {
        delta.cuts = next.cuts;
        cutsKey = ck;
      }
      const sk = key(next.store);
      if (!primed || sk !== storeKey) {
        delta.store = next.store;
        storeKey = sk;
      }
      const rk = JSON.stringify(next.resource);
      if (!primed || rk !== resourceKey) {
        delta.resource = next.resource;
        resourceKey = rk;
      }
      const mk = JSON.stringify(next.monitors);
      if (!primed || mk !== monitorsKey) {
        delta.monitors = next.monitors;
        monitorsKey = mk;
      }
      primed = true;
      return delta;
    },
  };
}

function remaining(
  v: LeaseView | null | undefined,
  local: number,
  storeClock: number | null,
): LeaseView | null | undefined {
  if (!v || typeof v !== "object" || !("expiresAtMs" in v)) return v;
  const clock = v.judge === "store" ? storeClock : local;
  const rem = v.expiresAtMs === null || clock === null ? null : r3(v.expiresAtMs - clock);
  return rem === v.remainingMs ? v : { ...v, remainingMs: rem };
}

/** The frame after a delta. `prev` is not modified. */
export function applyDelta(prev: Frame, d: FrameDelta): Frame {
  const storeClock = d.storeClockMs;
  const changed = new Map<number, NodeCore>(d.nodes);
  const count = Math.max(prev.nodes.length, d.clocks.length / 2);
  const nodes: FrameNode[] = [];
  for (let i = 0; i < count; i++) {
    const base: NodeCore = changed.get(i) ?? prev.nodes[i];
    const local = d.clocks[2 * i];
    const node: FrameNode = { ...(base as FrameNode), localClockMs: local, wallClockMs: d.clocks[2 * i + 1] };
    if (node.lease) {
      const holder = remaining(node.lease.holder, local, storeClock) ?? null;
      const store = remaining(node.lease.store, local, storeClock) ?? null;
      if (holder !== node.lease.holder || store !== node.lease.store) node.lease = { holder, store };
    }
    const vl = node.view && (node.view as { lease?: LeaseView | null }).lease;
    if (vl) {
      const upd = remaining(vl, local, storeClock);
      if (upd !== vl) node.view = { ...node.view, lease: upd };
    }
    nodes.push(node);
  }
  let messages = prev.messages;
  if (d.messagesAdded.length || d.messagesRemoved.length) {
    const gone = new Set(d.messagesRemoved);
    messages = prev.messages.filter((m) => !gone.has(m.id)).concat(d.messagesAdded);
    messages.sort((a, b) => a.id - b.id);
  }
  let store = d.store !== undefined ? d.store : prev.store;
  if (store && storeClock !== null) {
    const leases = store.leases.map((l) => {
      const rem = r3(l.expiresAtStoreMs - storeClock);
      return rem === l.remainingMs ? l : { ...l, remainingMs: rem };
    });
    store = { ...store, clockMs: storeClock, leases };
  }
  return {
    ...prev,
    t: d.t,
    nodes,
    messages,
    cuts: d.cuts ?? prev.cuts,
    store,
    resource: d.resource ?? prev.resource,
    monitors: d.monitors ?? prev.monitors,
  };
}
