// Failover per fault, as the learner sees it happen: from a fault that struck the leader (or
// the network or store under it) to the next node that started leading. The engine's
// failoverTime counts only the run's first fault, so after a second crash the sandbox's
// "Failover" kept the first number while the learner watched a different outage.
import type { TraceEvent } from "../engine/index.ts";

export interface Failover {
  /** when the fault struck (ms) */
  from: number;
  /** what struck, in words: "n2 crashed" */
  fault: string;
  /** when the next leader started (ms), and who */
  to: number;
  leader: string;
}

/** Faults that end a leadership only by ending a process or its links; a heal, a restart or a
 *  slow clock does not start a failover of its own. */
const STRIKES = new Set(["crash", "shutdown", "pause", "isolate", "partition", "store-outage"]);

const FAULT_WORDS: Record<string, string> = {
  crash: "crashed",
  shutdown: "was shut down",
  pause: "was paused",
  isolate: "was cut off",
};

/** A cut in words: one link is "the link n2–etcd was cut"; "split" only when the cluster is
 *  divided into sides (review 6b #5: cutting n2–etcd read "the network split at 1.57 s"). */
function cutWords(e: Extract<TraceEvent, { type: "fault" }>, store: string): string {
  const name = (p: string) => (p === "store" ? store : p);
  const g = e.groups ?? [];
  if (g.length === 2 && g.every((x) => x.length === 1)) {
    const [a, b] = [name(g[0][0]), name(g[1][0])];
    return e.oneWay ? `the link from ${a} to ${b} was cut one way` : `the link ${a}–${b} was cut`;
  }
  if (e.oneWay) return "links were cut one way";
  return g.length > 2 ? `the network split into ${g.length} sides` : "the network split into two sides";
}

function faultWords(e: Extract<TraceEvent, { type: "fault" }>, who: string | null, store: string): string {
  if (e.fault === "partition") return cutWords(e, store);
  if (e.fault === "store-outage") return "the store went down";
  return `${who ?? "a node"} ${FAULT_WORDS[e.fault] ?? e.fault}`;
}

/** Every failover in the run so far, oldest first. A fault counts when it struck a node that
 *  led at that moment (a split or a store outage counts whenever someone led); a second fault
 *  before the new leader is part of the same failover, which is timed from the first. */
export function failovers(history: readonly TraceEvent[], store = "the store"): Failover[] {
  const leaders = new Set<string>();
  const out: Failover[] = [];
  let open: { from: number; fault: string } | null = null;
  for (const e of history) {
    if (e.type === "leader-start") {
      if (open) out.push({ ...open, to: e.t, leader: e.node });
      open = null;
      leaders.add(e.node);
    } else if (e.type === "leader-end") {
      leaders.delete(e.node);
    } else if (e.type === "fault" && e.effect === "applied" && STRIKES.has(e.fault) && !open) {
      const who = e.resolved && e.resolved !== "nobody" ? e.resolved : (e.node ?? null);
      const struckLeader =
        e.fault === "partition" || e.fault === "store-outage" ? leaders.size > 0 : !!who && leaders.has(who);
      if (struckLeader) open = { from: e.t, fault: faultWords(e, who, store) };
    }
  }
  return out;
}
