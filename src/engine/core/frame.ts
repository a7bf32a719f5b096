// A compact, serialisable view of the world at this instant, for drawing. Built on demand
// (not on the hot path). Lease protocols show both views of the lease: the holder's own
// (judged on its monotonic clock) and the store's (judged on the store's clock).
import { localAt, wallAt } from "./clock.ts";
import { monitorTotals } from "./monitors.ts";
import { procName, type World } from "./world.ts";
import type { LeaseView, StoreFrame, WatchView } from "./frame-types.ts";
import type { MessageFields } from "./protocol.ts";

export type { LeaseView, StoreFrame, WatchView };

export type FrameRole = "follower" | "candidate" | "leader" | "paused" | "crashed";

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
  /** messages in flight; `fields` are the body's typed fields (term, granted, zxid...) */
  messages: Array<{
    id: number;
    from: string;
    to: string;
    kind: string;
    sentAt: number;
    arriveAt: number;
    fields: MessageFields;
  }>;
  cuts: Array<[string, string]>;
  store: StoreFrame;
  resource: {
    mode: string;
    maxToken: number;
    accepted: number;
    rejected: number;
    staleAccepted: number;
    /** writes applied below a token already applied: fencing's promise broken (safety lost);
     *  the rest of staleAccepted landed before the newer leader's first write (a hazard) */
    outOfOrder: number;
    lastWrites: Array<{ t: number; node: string; token: number; result: string; outOfOrder?: boolean }>;
  };
  monitors: {
    believers: number;
    overlapMs: number;
    leaderlessMs: number;
    maxConcurrent: number;
    leaderChanges: number;
    violations: Array<{ property: string; at: number; detail: string }>;
    hazards: Array<{ property: string; at: number; detail: string }>;
  };
}

/** The body's scalars, or the protocol's own view of them. */
function fieldsOf(w: World, kind: string, body: unknown): MessageFields {
  if (w.proto.messageView) return w.proto.messageView(kind, body, (i) => procName(w, i));
  const out: MessageFields = {};
  if (body && typeof body === "object") {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (typeof v === "number" || typeof v === "string" || typeof v === "boolean" || v === null) out[k] = v;
    }
  }
  return out;
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
  const nodes: FrameNode[] = s.nodes.map((n) => {
    let view: Record<string, unknown> = {};
    let holderLease: LeaseView | null = null;
    if (n.p) {
      w.ctx.bind(n.idx);
      view = w.proto.view(w.ctx, n.p);
      holderLease = (view.lease as LeaseView | undefined) ?? null;
    }
    const hasStore = w.server !== null && w.server.leases;
    const storeLease = hasStore ? (w.server as NonNullable<World["server"]>).leaseOf(w, n.id) : null;
    // A node whose scheduled boot has not come yet is "booting", not "stopped" (engine.ts boot).
    const detail =
      n.status !== "up"
        ? n.status === "stopped" && n.role === "down"
          ? "booting"
          : n.status
        : n.p && w.proto.detail
          ? w.proto.detail(n.p)
          : n.role;
    return {
      id: n.id,
      role: roleOf(n.status, n.role),
      detail,
      term: n.term,
      token: n.token,
      believesLeader: n.believes,
      localClockMs: localAt(n.clock, now),
      wallClockMs: wallAt(n.clock, now),
      driftPpm: n.clock.driftPpm,
      slow: n.slow,
      queued: n.deferred.length,
      lease: hasStore ? { holder: holderLease, store: storeLease } : null,
      view,
    };
  });
  const messages: Frame["messages"] = [];
  for (const m of s.queue.ev) {
    if (m.type !== "msg") continue;
    messages.push({
      id: m.id,
      from: procName(w, m.from),
      to: procName(w, m.to),
      kind: m.kind,
      sentAt: m.sentAt,
      arriveAt: m.arriveAt,
      fields: fieldsOf(w, m.kind, m.body),
    });
  }
  messages.sort((a, b) => a.id - b.id);
  const cuts: Array<[string, string]> = [];
  for (let a = 0; a < w.P; a++)
    for (let b = 0; b < w.P; b++) if (s.net.cut[a * w.P + b] > 0) cuts.push([procName(w, a), procName(w, b)]);
  const store = w.server ? w.server.frame(w) : null;
  const r = s.resource;
  const tot = monitorTotals(w);
  return {
    t: now,
    protocol: s.scenario.protocol,
    until: s.scenario.until,
    nodes,
    messages,
    cuts,
    store,
    resource: {
      mode: r.mode,
      maxToken: r.maxSeen,
      accepted: r.accepted,
      rejected: r.rejected,
      staleAccepted: r.staleAccepted,
      outOfOrder: countOf(s.mon.violations, "fencing-monotonic"),
      lastWrites: r.last.map((x) => ({ ...x })),
    },
    monitors: {
      believers: s.mon.believers,
      overlapMs: tot.overlapMs,
      leaderlessMs: tot.leaderlessMs,
      maxConcurrent: s.mon.maxConcurrent,
      leaderChanges: s.mon.leaderChanges,
      violations: s.mon.violations.map((v) => ({ ...v })),
      hazards: (s.mon.hazards ?? []).map((v) => ({ ...v })),
    },
  };
}

function countOf(list: ReadonlyArray<{ property: string }>, property: string): number {
  let n = 0;
  for (const v of list) if (v.property === property) n++;
  return n;
}
