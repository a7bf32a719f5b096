// A compact, serialisable view of the world at this instant, for drawing. Built on demand
// (not on the hot path). Lease protocols show both views of the lease: the holder's own
// (judged on its monotonic clock) and the store's (judged on the store's clock).
import { localAt, wallAt } from "./clock.ts";
import { monitorTotals } from "./monitors.ts";
import { leaseHex } from "./store.ts";
import { procName, type World } from "./world.ts";

export type FrameRole = "follower" | "candidate" | "leader" | "paused" | "crashed";

export interface LeaseView {
  /** whose clock decides: "holder" (its own monotonic clock), "store", or "observer" */
  judge: "holder" | "store" | "observer";
  /** deadline on the judging clock */
  expiresAtMs: number | null;
  remainingMs: number | null;
  detail?: string;
}

export interface FrameNode {
  id: string;
  role: FrameRole;
  /** protocol-specific role: precandidate, waiting, acquiring, renewing, stopped, ... */
  detail: string;
  term: number;
  token: number | null;
  believesLeader: boolean;
  localClockMs: number;
  wallClockMs: number;
  driftPpm: number;
  slow: number;
  queued: number;
  lease: { holder: LeaseView | null; store: LeaseView | null } | null;
  view: Record<string, unknown>;
}

export interface Frame {
  t: number;
  protocol: string;
  until: number;
  nodes: FrameNode[];
  messages: Array<{ id: number; from: string; to: string; kind: string; sentAt: number; arriveAt: number }>;
  cuts: Array<[string, string]>;
  store: null | {
    up: boolean;
    rev: number;
    clockMs: number;
    driftPpm: number;
    holder: string | null;
    holderToken: number;
    leases: Array<{ id: string; owner: string; ttlMs: number; expiresAtStoreMs: number; remainingMs: number; keys: string[] }>;
    keys: Array<{ key: string; value: unknown; createRev: number; modRev: number; lease: string | null }>;
  };
  resource: { mode: string; maxToken: number; accepted: number; rejected: number; staleAccepted: number; lastWrites: Array<{ t: number; node: string; token: number; result: string }> };
  monitors: { believers: number; overlapMs: number; leaderlessMs: number; maxConcurrent: number; leaderChanges: number; violations: Array<{ property: string; at: number; detail: string }> };
}

function roleOf(status: string, role: string): FrameRole {
  if (status === "paused") return "paused";
  if (status === "crashed" || status === "stopped") return "crashed";
  if (role === "leader") return "leader";
  if (role === "candidate" || role === "precandidate") return "candidate";
  return "follower";
}

export function buildFrame(w: World): Frame {
  const s = w.s;
  const now = s.now;
  const storeLocal = localAt(s.storeClock, now);
  const nodes: FrameNode[] = s.nodes.map((n) => {
    let view: Record<string, unknown> = {};
    let holderLease: LeaseView | null = null;
    if (n.p) {
      w.ctx.bind(n.idx);
      view = w.proto.view(w.ctx, n.p);
      holderLease = (view.lease as LeaseView | undefined) ?? null;
    }
    let storeLease: LeaseView | null = null;
    if (s.scenario.protocol === "etcd") {
      const l = Object.values(s.store.leases).find((x) => x.owner === n.id);
      if (l) storeLease = { judge: "store", expiresAtMs: l.expiry, remainingMs: Math.round((l.expiry - storeLocal) * 1000) / 1000 };
    } else if (s.scenario.protocol === "kubernetes") {
      storeLease = { judge: "store", expiresAtMs: null, remainingMs: null, detail: "the API server keeps renewTime but never judges expiry: each candidate does, on its own clock" };
    }
    return {
      id: n.id, role: roleOf(n.status, n.role), detail: n.status === "up" ? n.role : n.status,
      term: n.term, token: n.token, believesLeader: n.believes,
      localClockMs: localAt(n.clock, now), wallClockMs: wallAt(n.clock, now), driftPpm: n.clock.driftPpm,
      slow: n.slow, queued: n.deferred.length,
      lease: s.scenario.protocol === "raft" ? null : { holder: holderLease, store: storeLease },
      view,
    };
  });
  const messages: Frame["messages"] = [];
  for (const e of s.queue) {
    if (e.kind !== "msg") continue;
    const m = e.msg;
    messages.push({ id: m.id, from: procName(w, m.from), to: procName(w, m.to), kind: m.kind, sentAt: m.sentAt, arriveAt: m.arriveAt });
  }
  messages.sort((a, b) => a.id - b.id);
  const cuts: Array<[string, string]> = [];
  for (let a = 0; a < w.P; a++) for (let b = 0; b < w.P; b++) if (s.net.cut[a * w.P + b] > 0) cuts.push([procName(w, a), procName(w, b)]);
  const st = s.store;
  const store: Frame["store"] = s.scenario.protocol === "raft" ? null : {
    up: st.up, rev: st.rev, clockMs: storeLocal, driftPpm: s.storeClock.driftPpm, holder: st.holder, holderToken: st.holderToken,
    leases: Object.values(st.leases).map((l) => ({ id: leaseHex(l.id), owner: l.owner, ttlMs: l.ttl, expiresAtStoreMs: l.expiry, remainingMs: Math.round((l.expiry - storeLocal) * 1000) / 1000, keys: [...l.keys] })),
    keys: Object.keys(st.kv).sort().map((k) => ({ key: k, value: structuredClone(st.kv[k].value), createRev: st.kv[k].createRev, modRev: st.kv[k].modRev, lease: st.kv[k].lease ? leaseHex(st.kv[k].lease) : null })),
  };
  const r = s.resource;
  const tot = monitorTotals(w);
  return {
    t: now, protocol: s.scenario.protocol, until: s.scenario.until, nodes, messages, cuts, store,
    resource: { mode: r.mode, maxToken: r.maxSeen, accepted: r.accepted, rejected: r.rejected, staleAccepted: r.staleAccepted, lastWrites: r.last.map((x) => ({ ...x })) },
    monitors: {
      believers: s.mon.believers, overlapMs: tot.overlapMs, leaderlessMs: tot.leaderlessMs, maxConcurrent: s.mon.maxConcurrent,
      leaderChanges: s.mon.leaderChanges, violations: s.mon.violations.map((v) => ({ ...v })),
    },
  };
}
