// A recorded real trial (scripts/reality/record.ts: leader intervals with their tokens, the
// faults' times per node, the trial's end) turned into what the sandbox draws for a simulated
// run: a frame at any moment, the trial's events (faults and leader changes) and the timeline's
// lane samples. Only what the recording holds is shown: roles, the holder and its token, the
// fault marks; lease countdowns and messages were not recorded, so the frame has none.
import type { Frame, FrameNode, TraceEvent } from "../../engine/index.ts";
import type { LaneEvent } from "../../worker/protocol.ts";

export interface RecordedLeadership {
  node: string;
  token: number;
  term?: number;
  from: number;
  to: number | null;
}
export interface RecordedFault {
  at: number;
  do: string;
  node: string;
  for?: number;
}
export interface RecordedTrial {
  side: "real" | "engine";
  trial: number;
  faults: RecordedFault[];
  leaders: RecordedLeadership[];
  end: number;
}

const downAt = (tr: RecordedTrial, node: string, t: number): "crashed" | "paused" | null => {
  for (const f of tr.faults) {
    if (f.node !== node || f.at > t) continue;
    if (f.do === "crash" || f.do === "kill") return "crashed";
    if (f.do === "pause" && (f.for === undefined || t < f.at + f.for)) return "paused";
  }
  return null;
};

const leaderAt = (tr: RecordedTrial, node: string, t: number) =>
  tr.leaders.find((l) => l.node === node && l.from <= t && (l.to === null || t < l.to)) ?? null;

/** The picture at time t, on the shape of a frame the simulated run drew (its nodes and store). */
export function frameAt(tr: RecordedTrial, template: Frame, t: number): Frame {
  const at = Math.max(0, Math.min(t, tr.end));
  const nodes: FrameNode[] = template.nodes.map((n) => {
    const down = downAt(tr, n.id, at);
    const lead = down ? null : leaderAt(tr, n.id, at);
    const role = down ?? (lead ? "leader" : "follower");
    return {
      ...n,
      role,
      detail: down ?? (lead ? "leader" : "waiting"),
      term: lead ? (lead.term ?? lead.token) : 0,
      token: lead?.token ?? null,
      believesLeader: lead !== null,
      localClockMs: at,
      wallClockMs: at,
      driftPpm: 0,
      slow: 1,
      queued: 0,
      lease: null,
      view: {},
    };
  });
  const holder = tr.leaders.find((l) => l.from <= at && (l.to === null || at < l.to)) ?? null;
  const started = tr.leaders.filter((l) => l.from <= at);
  const rev = Math.max(0, ...started.map((l) => l.token));
  const store = template.store
    ? {
        ...template.store,
        up: true,
        rev,
        clockMs: at,
        driftPpm: 0,
        holder: holder?.node ?? null,
        holderToken: holder?.token ?? 0,
        leases: [],
        keys: [],
        ...(template.store.watches ? { watches: [] } : {}),
      }
    : null;
  return {
    t: at,
    protocol: template.protocol,
    until: tr.end,
    nodes,
    messages: [],
    cuts: [],
    store,
    resource: {
      ...template.resource,
      maxToken: rev,
      accepted: 0,
      rejected: 0,
      staleAccepted: 0,
      outOfOrder: 0,
      lastWrites: [],
    },
    monitors: {
      believers: nodes.filter((n) => n.believesLeader).length,
      overlapMs: 0,
      leaderlessMs: leaderless(tr, at),
      maxConcurrent: 1,
      leaderChanges: Math.max(0, started.length - 1),
      violations: [],
      hazards: [],
    },
  };
}

function leaderless(tr: RecordedTrial, t: number): number {
  let covered = 0;
  for (const l of tr.leaders) covered += Math.max(0, Math.min(t, l.to ?? t) - l.from);
  return Math.max(0, t - covered);
}

/** The trial's faults and leader changes as trace events, in time order. */
export function trialEvents(tr: RecordedTrial): TraceEvent[] {
  const out: TraceEvent[] = [];
  for (const f of tr.faults)
    out.push({
      t: f.at,
      type: "fault",
      fault: f.do,
      node: f.node,
      detail: "",
      effect: "applied",
      ...(f.for !== undefined ? { for: f.for } : {}),
    });
  for (const l of tr.leaders) {
    out.push({ t: l.from, type: "leader-start", node: l.node, token: l.token, term: l.term ?? l.token });
    if (l.to === null) continue;
    const crashed = tr.faults.some(
      (f) => f.node === l.node && f.at === l.to && (f.do === "crash" || f.do === "kill"),
    );
    out.push({
      t: l.to,
      type: "leader-end",
      node: l.node,
      token: l.token,
      reason: crashed ? "crashed" : "stopped leading",
      cause: crashed ? "crash" : "role-change",
      ...(crashed ? {} : { to: "follower" }),
    });
  }
  return out.sort((a, b) => a.t - b.t);
}

/** The timeline's lane samples: each node's role from the start and at each change. */
export function trialLanes(tr: RecordedTrial, template: Frame): LaneEvent[] {
  const times = [
    0,
    ...tr.faults.flatMap((f) => [f.at, ...(f.for !== undefined ? [f.at + f.for] : [])]),
    ...tr.leaders.flatMap((l) => [l.from, ...(l.to !== null ? [l.to] : [])]),
  ]
    .filter((t) => t <= tr.end)
    .sort((a, b) => a - b);
  const out: LaneEvent[] = [];
  const last = new Map<number, string>();
  for (const t of [...new Set(times)]) {
    const f = frameAt(tr, template, t);
    f.nodes.forEach((n, i) => {
      const key = `${n.role}:${n.token}`;
      if (last.get(i) === key) return;
      last.set(i, key);
      out.push({ t, i, role: n.role, term: n.term, token: n.token });
    });
  }
  return out;
}
