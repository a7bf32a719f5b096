// The cost of one election as the cluster grows (the practice lab plots it): for bully, ring,
// Raft and Zab, n = 3, 5, 9, 15, 25, each protocol with its default timing. Every trial boots
// the cluster, lets it elect, crashes the leader and counts the election messages (the
// protocol's electionKinds: no pings, heartbeats or work) sent from the crash until the new
// leader is in place plus a short settle (the ring's ELECTED lap, the bully's last
// COORDINATORs), and two times: failover (crash to new leader, detection included) and election
// (first election message to new leader).
import { specOf } from "../protocols/registry.ts";
import { stats, type Stats } from "./raft-timeouts.ts";
import { runTrial, type TrialSpec } from "./trial.ts";

export const ELECTION_COST_PROTOCOLS = ["bully", "ring", "raft", "zab"] as const;
export const ELECTION_COST_SIZES = [3, 5, 9, 15, 25];
/** What the literature says one election costs (Garcia-Molina 1982 for bully, Chang and Roberts 1979 for ring, Raft paper section 5.2, Zab: Junqueira et al. 2011). */
export const KNOWN_COST: Record<string, string> = {
  bully: "best n-2 COORDINATORs; worst about n^2 (n(n-1)/2 ELECTIONs, (n-1)(n-2)/2 ANSWERs)",
  ring: "one initiator: at most 3n-1; all initiate: about n*H_n ELECTIONs + n ELECTED",
  raft: "about 2(n-1) per round (RequestVote and replies); split votes repeat rounds",
  zab: "n(n-1) notifications per round plus n-1 per changed vote (O(n^2) typical, O(n^3) worst), plus 6(n-1) for discovery",
};
/** When each protocol's trial crashes its leader: after the first election has settled. */
export const ELECTION_COST_CRASH_AT: Readonly<Record<string, number>> = {
  bully: 1000,
  ring: 1000,
  raft: 2000,
  zab: 5000,
};
const SETTLE: Record<string, number> = { bully: 100, ring: 300, raft: 50, zab: 100 };
/** simulated time after the crash before a trial gives up waiting for a new leader */
const CAP = 120_000;

export interface ElectionCostOptions {
  sizes?: number[];
  trials?: number;
  seed?: number;
  protocols?: readonly string[];
}
export interface ElectionCostRow {
  protocol: string;
  n: number;
  trials: number;
  /** runs with no new leader within the cap (left out of the figures) */
  censored: number;
  messages: Stats;
  byKind: Record<string, number>;
  failoverMs: Stats;
  electionMs: Stats;
  known: string;
}
export interface ElectionCostResult {
  sizes: number[];
  trials: number;
  rows: ElectionCostRow[];
}

export interface ElectionCostSample {
  messages: number;
  kinds: Record<string, number>;
  failover: number;
  election: number;
}

/** One trial: boot n nodes on the protocol's defaults, let them elect, crash the leader; null
 *  when nobody leads again within the cap. */
export function electionCostTrial(
  protocol: string,
  n: number,
  seed: number,
): TrialSpec<ElectionCostSample | null> {
  const crashAt = ELECTION_COST_CRASH_AT[protocol];
  return {
    trace: "full",
    // The estimate charges every node n messages per shortest timer for the whole run; a trial
    // stops at the first leader after the crash, so above 25 nodes it is the hard stop that guards.
    estimate: n <= 25,
    scenario: {
      protocol,
      nodes: n,
      seed,
      until: crashAt + CAP,
      work: { every: 0 },
      faults: [{ at: crashAt, do: "crash", node: "leader" }],
    },
    measure: (sim) => {
      const s = sim.state;
      sim.runUntil(crashAt + CAP, () => s.now > crashAt && s.mon.believers > 0);
      if (s.mon.believers === 0) return null;
      const led = s.now;
      sim.runUntil(led + SETTLE[protocol]);
      const want = new Set(specOf(protocol).protocol.electionKinds ?? []);
      const kinds: Record<string, number> = {};
      let messages = 0;
      let first = Infinity;
      for (const e of s.trace) {
        if (e.type !== "send" || e.t < crashAt || !want.has(e.kind)) continue;
        kinds[e.kind] = (kinds[e.kind] ?? 0) + 1;
        messages++;
        if (e.t < first) first = e.t;
      }
      return { messages, kinds, failover: led - crashAt, election: led - Math.min(first, led) };
    },
  };
}

export function runElectionCost(opts: ElectionCostOptions = {}): ElectionCostResult {
  const sizes = opts.sizes ?? ELECTION_COST_SIZES;
  const trials = opts.trials ?? 20;
  const seed = opts.seed ?? 1;
  const rows: ElectionCostRow[] = [];
  for (const protocol of opts.protocols ?? ELECTION_COST_PROTOCOLS) {
    for (const n of sizes) {
      const runs = Array.from({ length: trials }, (_, i) =>
        runTrial(electionCostTrial(protocol, n, seed + i)),
      );
      const ok = runs.filter((r): r is NonNullable<typeof r> => r !== null);
      const byKind: Record<string, number> = {};
      for (const r of ok)
        for (const [k, v] of Object.entries(r.kinds)) byKind[k] = (byKind[k] ?? 0) + v / ok.length;
      for (const k of Object.keys(byKind)) byKind[k] = Math.round(byKind[k] * 10) / 10;
      rows.push({
        protocol,
        n,
        trials,
        censored: trials - ok.length,
        messages: stats(ok.map((r) => r.messages)),
        byKind,
        failoverMs: stats(ok.map((r) => Math.round(r.failover * 1000) / 1000)),
        electionMs: stats(ok.map((r) => Math.round(r.election * 1000) / 1000)),
        known: KNOWN_COST[protocol],
      });
    }
  }
  return { sizes, trials, rows };
}
