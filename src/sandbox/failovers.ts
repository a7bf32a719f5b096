// Failover per fault, as the learner sees it happen: from a fault that left the cluster without a
// usable leader (a crash, pause or isolation of the leader, a cut that parts the leader from
// others, a store outage, or a leader stepping down on its own) to the next node that started
// leading. The engine's failoverTime counts only the run's first fault, so after a second crash
// the sandbox's "Failover" kept the first number while the learner watched a different outage.
//
// A cut is a failover only when it cost the cluster its leader, which the trace shows in one of
// two ways: a node on the far side of the cut starts leading (a new leader elected while the old
// one is cut off IS a leader change, though the old one still believes it leads: Raft paper,
// Ongaro & Ousterhout 2014, §5.2, "If a follower receives no communication over a period of time
// called the election timeout, then it assumes there is no viable leader and begins an election";
// etcd-io/raft raft.go, tickElection and stepFollower: a follower's electionElapsed is reset by
// each MsgApp or MsgHeartbeat from the leader, so its election starts a timeout after the last
// one it heard; the new term's leader is elected on the majority side while the old leader, on
// the minority side, stays leader in its old term until it hears the higher one, unless
// CheckQuorum makes it step down), or the cut-off leader stops leading while nobody else leads. Either way the gap is
// timed from the cut itself: until that moment the leader could reach the majority (its last
// heartbeat before the cut is not the start, since a write sent in between would still have
// committed), and the Raft paper times a failover from the fault the same way for a crash
// (§9.3 and Figure 16: "the time to detect and replace a crashed leader", from the crash). A cut
// that leaves the leader with everyone it needs (a follower cut off) is no failover: it is
// forgotten at the next heal, and if the rejoining follower then deposes the leader (Raft without
// Pre-Vote), that failover runs from the moment the leader stepped down, not from the old cut.
import type { TraceEvent } from "../engine/index.ts";

export interface Failover {
  /** when the fault struck (ms) */
  from: number;
  /** what struck, in words: "n2 crashed" */
  fault: string;
  /** when the next leader started (ms), and who */
  to: number;
  leader: string;
  /** old leaders that still believed they led when the new one started (a cut-off or paused
   *  leader), oldest id first: the failover counts although the time with no leader did not */
  stillBelieved: string[];
}

/** Faults that end a leadership only by ending a process or its links; a heal, a restart or a
 *  slow clock does not start a failover of its own. A cut (partition) is weighed on its own. */
const STRIKES = new Set(["crash", "shutdown", "pause", "isolate", "store-outage"]);

const FAULT_WORDS: Record<string, string> = {
  crash: "crashed",
  shutdown: "was shut down",
  pause: "was paused",
  isolate: "was cut off",
};

type FaultEvent = Extract<TraceEvent, { type: "fault" }>;

/** A cut in words: one link is "the link n2–etcd was cut"; "split" only when the cluster is
 *  divided into sides (review 6b #5: cutting n2–etcd read "the network split at 1.57 s"). */
function cutWords(e: FaultEvent, store: string): string {
  const name = (p: string) => (p === "store" ? store : p);
  const g = e.groups ?? [];
  if (g.length === 2 && g.every((x) => x.length === 1)) {
    const [a, b] = [name(g[0][0]), name(g[1][0])];
    return e.oneWay ? `the link from ${a} to ${b} was cut one way` : `the link ${a}–${b} was cut`;
  }
  if (e.oneWay) return "links were cut one way";
  return g.length > 2 ? `the network split into ${g.length} sides` : "the network split into two sides";
}

function faultWords(e: FaultEvent, who: string | null, store: string): string {
  if (e.fault === "partition") return cutWords(e, store);
  if (e.fault === "store-outage") return "the store went down";
  return `${who ?? "a node"} ${FAULT_WORDS[e.fault] ?? e.fault}`;
}

/** A cut that parted a leader from some of the others: pending until it shows it cost the
 *  cluster its leader (or a heal forgets it). */
interface Cut {
  from: number;
  fault: string;
  /** the leaders the cut touched, each with the side it is on */
  sides: Map<string, Set<string>>;
}

/** Every failover in the run so far, oldest first. A second fault before the new leader is part
 *  of the same failover, which is timed from the first. */
export function failovers(history: readonly TraceEvent[], store = "the store"): Failover[] {
  const leaders = new Set<string>();
  const out: Failover[] = [];
  let open: { from: number; fault: string } | null = null;
  let cut: Cut | null = null;
  const close = (t: number, leader: string, from: number, fault: string) => {
    const stillBelieved = [...leaders].filter((n) => n !== leader).sort();
    out.push({ from, fault, to: t, leader, stillBelieved });
    open = null;
    cut = null;
  };
  for (const e of history) {
    if (e.type === "leader-start") {
      if (open) close(e.t, e.node, open.from, open.fault);
      else if (cut && [...cut.sides].some(([old, side]) => old !== e.node && !side.has(e.node)))
        // elected on the far side of the cut from a leader it parted
        close(e.t, e.node, cut.from, cut.fault);
      leaders.add(e.node);
    } else if (e.type === "leader-end") {
      leaders.delete(e.node);
      if (!open && leaders.size === 0) {
        // the cut-off leader gave up with nobody else leading: the failover began at the cut;
        // a leader stepping down with no fault behind it begins one now
        const c: Cut | null = cut;
        open = c?.sides.has(e.node)
          ? { from: c.from, fault: c.fault }
          : { from: e.t, fault: `${e.node} stopped leading` };
        cut = null;
      }
    } else if (e.type === "fault" && e.effect === "applied") {
      if (e.fault === "heal" && !e.groups) cut = null;
      if (open) continue;
      if (e.fault === "partition") {
        if (cut) continue;
        const sides = new Map<string, Set<string>>();
        for (const g of e.groups ?? []) for (const n of g) if (leaders.has(n)) sides.set(n, new Set(g));
        if (sides.size > 0) cut = { from: e.t, fault: faultWords(e, null, store), sides };
      } else if (STRIKES.has(e.fault)) {
        const who = e.resolved && e.resolved !== "nobody" ? e.resolved : (e.node ?? null);
        const struckLeader = e.fault === "store-outage" ? leaders.size > 0 : !!who && leaders.has(who);
        // a strike on the leader starts its own failover, and a cut still pending is dropped
        // (the strike, not the cut, is what the next leader replaces)
        if (struckLeader) {
          open = { from: e.t, fault: faultWords(e, who, store) };
          cut = null;
        }
      }
    }
  }
  return out;
}

/** How long the leaders of the moment a failover began still believed they led within it: each
 *  such node until its leader-end, or to the failover's end if it still believed then. The time
 *  with no leader counts only the rest, so "Last failover 9.26 s" beside "Time with no leader
 *  0.41 s" is explained by "n2 still believed it led for 8.85 s of it" (review 16b #8). `ms` is 0
 *  when the old leader stopped believing as the fault struck (a crash). */
export function believedDuring(
  history: readonly TraceEvent[],
  f: Pick<Failover, "from" | "to">,
): { nodes: string[]; ms: number } {
  const leading = new Set<string>();
  for (const e of history) {
    if (e.t >= f.from) break;
    if (e.type === "leader-start") leading.add(e.node);
    else if (e.type === "leader-end") leading.delete(e.node);
  }
  let until = f.from;
  const nodes: string[] = [];
  for (const n of [...leading].sort()) {
    const end = history.find((e) => e.type === "leader-end" && e.node === n && e.t >= f.from)?.t;
    const stop = Math.min(end ?? f.to, f.to);
    if (stop > f.from) nodes.push(n);
    until = Math.max(until, stop);
  }
  return { nodes, ms: until - f.from };
}
