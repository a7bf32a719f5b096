// The course's scenarios as they are run on the real servers, each beside the engine scenario
// it corresponds to (the preset it is modelled on, with the same timing and the fault moved by
// the same phase). Pure data and arithmetic: the recorded-results test imports it too.
import { presets } from "../../src/engine/scenario/presets.ts";
import { parseDuration } from "../../src/engine/validate/duration.ts";

export type System = "etcd-election" | "etcd-raft" | "zk-recipe" | "zab";
export type FaultKind = "crash" | "pause" | "cut" | "resign";
export type TimingName = "course" | "scaled";

export interface Params {
  /** etcd lease TTL, whole seconds (etcd rounds a TTL to seconds) */
  ttl?: number;
  /** Raft: etcd's --heartbeat-interval and --election-timeout, ms */
  heartbeat?: number;
  election?: number;
  preVote?: boolean;
  /** ZooKeeper / Zab: the server's tickTime (ms) and the client's session timeout (ms) */
  tickTime?: number;
  session?: number;
  syncLimit?: number;
  initLimit?: number;
  /** how long a pause or a cut lasts (ms) */
  faultFor?: number;
  /** time the first leader holds before the fault (ms), plus phase × period */
  warm: number;
  /** the period the fault's phase is spread over: one renewal / heartbeat / ping interval (ms) */
  period: number;
  /** how long after the fault the trial keeps watching (ms) */
  observe: number;
}

export interface RealScenario {
  name: string;
  system: System;
  fault: FaultKind;
  /** the engine preset this scenario is modelled on */
  preset: string;
  title: string;
  timings: Record<TimingName, Params>;
  /** the timings at which this is the preset itself (same servers, timing and fault), so the
   *  sandbox may show the real runs beside it */
  samePreset?: TimingName[];
}

const s = (ms: number) => ms;

export const SCENARIOS: RealScenario[] = [
  // etcd election recipe: candidates hold keys on their own leases (clientv3 concurrency).
  { name: "etcd-crash", system: "etcd-election", fault: "crash", preset: "billing-crash", title: "etcd election: the leader's client is killed", samePreset: ["course"],
    timings: { course: { ttl: 10, warm: 12_000, period: 3_500, observe: 14_000 }, scaled: { ttl: 3, warm: 4_000, period: 1_500, observe: 5_500 } } },
  { name: "etcd-gc-short-ttl", system: "etcd-election", fault: "pause", preset: "billing-gc-short-ttl", title: "etcd election: a 2.5 s pause against a 2 s TTL", samePreset: ["course", "scaled"],
    timings: { course: { ttl: 2, faultFor: 2_500, warm: 4_000, period: 1_000, observe: 6_000 }, scaled: { ttl: 2, faultFor: 2_500, warm: 4_000, period: 1_000, observe: 6_000 } } },
  { name: "etcd-gc-long-ttl", system: "etcd-election", fault: "pause", preset: "billing-gc-long-ttl", title: "etcd election: the same pause against a long TTL", samePreset: ["course"],
    timings: { course: { ttl: 10, faultFor: 2_500, warm: 12_000, period: 3_500, observe: 8_000 }, scaled: { ttl: 3, faultFor: 1_000, warm: 4_000, period: 1_500, observe: 4_000 } } },
  { name: "etcd-blip", system: "etcd-election", fault: "cut", preset: "billing-blip", title: "etcd election: a network blip shorter than the TTL", samePreset: ["course"],
    timings: { course: { ttl: 10, faultFor: 4_000, warm: 12_000, period: 3_500, observe: 10_000 }, scaled: { ttl: 3, faultFor: 1_000, warm: 4_000, period: 1_500, observe: 4_000 } } },
  { name: "etcd-cut", system: "etcd-election", fault: "cut", preset: "billing-blip", title: "etcd election: a cut longer than the TTL",
    timings: { course: { ttl: 10, faultFor: 15_000, warm: 12_000, period: 3_500, observe: 18_000 }, scaled: { ttl: 3, faultFor: 5_000, warm: 4_000, period: 1_500, observe: 7_000 } } },
  { name: "etcd-resign", system: "etcd-election", fault: "resign", preset: "billing-crash", title: "etcd election: the leader resigns",
    timings: { course: { ttl: 10, warm: 12_000, period: 3_500, observe: 3_000 }, scaled: { ttl: 3, warm: 4_000, period: 1_500, observe: 2_000 } } },
  // etcd's own Raft: three members, etcd's defaults (heartbeat 100 ms, election timeout 1 s).
  ...([false, true] as const).flatMap((preVote) => (["crash", "pause"] as const).map((fault): RealScenario => {
    const p: Params = { heartbeat: 100, election: 1000, preVote, faultFor: fault === "pause" ? s(3_000) : undefined, warm: 1_500, period: 100, observe: fault === "pause" ? 8_000 : 6_000 };
    return {
      name: `raft-${fault}${preVote ? "-prevote" : ""}`, system: "etcd-raft", fault, preset: preVote ? "raft-prevote" : "first-crash",
      title: `etcd Raft, 3 members: the leader member is ${fault === "crash" ? "killed" : "stopped for 3 s"}${preVote ? " (Pre-Vote on)" : ""}`,
      timings: { course: p, scaled: p },
    };
  })),
  // The ZooKeeper recipe on the Java client: ephemeral sequential znodes, watch the predecessor.
  { name: "zk-crash", system: "zk-recipe", fault: "crash", preset: "zk-recipe", title: "ZooKeeper recipe: the leader's client is killed",
    timings: { course: { tickTime: 2_000, session: 10_000, warm: 6_000, period: 3_334, observe: 16_000 }, scaled: { tickTime: 500, session: 3_000, warm: 2_000, period: 1_000, observe: 5_500 } } },
  { name: "zk-pause", system: "zk-recipe", fault: "pause", preset: "zk-session-expiry", title: "ZooKeeper recipe: the leader's client is stopped past its session", samePreset: ["course"],
    timings: { course: { tickTime: 2_000, session: 10_000, faultFor: 20_000, warm: 6_000, period: 3_334, observe: 24_000 }, scaled: { tickTime: 500, session: 3_000, faultFor: 5_000, warm: 2_000, period: 1_000, observe: 8_000 } } },
  // Zab: a three-server ensemble.
  { name: "zab-crash", system: "zab", fault: "crash", preset: "zab-failover", title: "Zab, 3 servers: the leader server is killed",
    timings: { course: { tickTime: 2_000, initLimit: 10, syncLimit: 5, warm: 3_000, period: 1_000, observe: 8_000 }, scaled: { tickTime: 500, initLimit: 10, syncLimit: 5, warm: 2_000, period: 250, observe: 5_000 } } },
  { name: "zab-pause", system: "zab", fault: "pause", preset: "zab-failover", title: "Zab, 3 servers: the leader server is stopped past syncLimit",
    timings: { course: { tickTime: 2_000, initLimit: 10, syncLimit: 5, faultFor: 15_000, warm: 3_000, period: 1_000, observe: 20_000 }, scaled: { tickTime: 500, initLimit: 10, syncLimit: 5, faultFor: 5_000, warm: 2_000, period: 250, observe: 9_000 } } },
];

/** How often a leader writes to the fenced resource: the preset's work.every (the engine's
 *  default 1 s when the preset names none), so both sides send writes at the same cadence. */
export function workEvery(sc: RealScenario): number {
  const work = (presets[sc.preset].scenario as { work?: { every?: unknown } }).work;
  return (work?.every !== undefined ? parseDuration(work.every) : null) ?? 1000;
}

/** The fault's phase for trial i: the same draw on both sides (mulberry32 of the trial index). */
export function phaseOf(i: number): number {
  let a = (0x9e3779b9 * (i + 1)) >>> 0;
  a = (a + 0x6d2b79f5) >>> 0;
  let t = a;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

// The engine runs its scenarios with the same set-up: its first leader is elected during the
// boot (etcd: within the preset's 3 s boot; Raft: within 2 s; ZooKeeper and Zab: at once), so
// the fault comes at boot + warm + phase × period, as on the real side it comes warm +
// phase × period after the first leader was seen.
const ENGINE_BOOT: Record<System, number> = { "etcd-election": 3_000, "etcd-raft": 2_000, "zk-recipe": 500, zab: 500 };

export function engineFaultAt(sc: RealScenario, p: Params, phase: number): number {
  return Math.round(ENGINE_BOOT[sc.system] + p.warm + phase * p.period);
}

/** The engine scenario for one trial: the preset's scenario with the real run's timing, node
 *  count and fault. */
export function engineScenario(sc: RealScenario, timing: TimingName, trial: number): Record<string, unknown> {
  const p = sc.timings[timing];
  const phase = phaseOf(trial);
  const at = engineFaultAt(sc, p, phase);
  const until = at + (p.faultFor ?? 0) + p.observe;
  const base = structuredClone(presets[sc.preset].scenario) as Record<string, unknown>;
  const fault = (): Record<string, unknown> => {
    switch (sc.fault) {
      case "crash": return { at, do: "crash", node: "leader" };
      case "pause": return { at, do: "pause", node: "leader", for: p.faultFor };
      case "cut": return { at, do: "isolate", node: "leader", for: p.faultFor };
      case "resign": return { at, do: "shutdown", node: "leader" };
    }
  };
  const out: Record<string, unknown> = { ...base, seed: 1 + trial, until, faults: [fault()] };
  switch (sc.system) {
    case "etcd-election":
      // clientv3 has no renewal setting: keepalives follow TTL/3, the engine's default.
      out.nodes = 3;
      out.timing = { ttl: p.ttl! * 1000 };
      // etcdctl runs clientv3 as it ships: no self-demotion timer, so the course's own option
      // (which the presets turn on) is dropped and the engine runs the library's default.
      out.options = Object.fromEntries(Object.entries((base.options ?? {}) as Record<string, unknown>).filter(([k]) => k !== "selfDemote" && k !== "margin"));
      break;
    case "etcd-raft":
      // etcd's server always runs Raft with CheckQuorum (etcdserver/raft.go) and Pre-Vote as
      // its --pre-vote flag says; etcd-io/raft draws the timeout from [et, 2et).
      out.nodes = 3;
      out.timing = { electionTimeout: [p.election!, 2 * p.election!], heartbeat: p.heartbeat! };
      out.options = { variant: "etcd", checkQuorum: true, preVote: p.preVote === true };
      out.network = { delay: "1ms", jitter: "0ms", loss: 0 };
      break;
    case "zk-recipe":
      out.nodes = 3;
      out.timing = { tickTime: p.tickTime!, sessionTimeout: p.session! };
      delete out.fencing;
      break;
    case "zab":
      out.nodes = 3;
      out.timing = { tickTime: p.tickTime!, initLimit: p.initLimit!, syncLimit: p.syncLimit! };
      out.options = {};
      break;
  }
  return out;
}
