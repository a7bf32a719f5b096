// Public API of the election engine. Pure TypeScript: runs in Node, a Worker or a test.
export { parseScenario, ScenarioError, PROTOCOLS, FAULT_KINDS, MAX_NODES } from "./scenario/schema.ts";
export type { Scenario, Fault, ProtocolName, FaultKind, TimingOf, OptionsOf } from "./scenario/schema.ts";
export { LOCK_SERVICES, HAS_STORE } from "./scenario/schema.ts";
export { parseDuration, formatDuration } from "./validate/duration.ts";
// Each protocol's spec: its config fields, token words, roles, server, node rule, sandbox start.
export { SPECS, specOf, isProtocol, BUILT_IN_PROTOCOLS, noteWords } from "./protocols/registry.ts";
export type { BuiltInProtocol } from "./protocols/registry.ts";
export type {
  ProtocolSpec,
  FieldSpec,
  TokenSpec,
  TransportSpec,
  NarrationAid,
  Spoken,
  Tone,
} from "./protocols/spec.ts";
// Convenience names for each protocol's normalised timing and options.
export type { RaftTiming, RaftOptions } from "./protocols/raft/config.ts";
export type { EtcdTiming, EtcdOptions } from "./protocols/etcd/config.ts";
export { clientv3KeepAliveEvery } from "./protocols/etcd/lease-session.ts";
export type { K8sTiming, K8sOptions, K8sVersion } from "./protocols/kubernetes/config.ts";
export type { BullyTiming, BullyOptions } from "./protocols/bully/config.ts";
export type { RingTiming, RingOptions } from "./protocols/ring/config.ts";
export type { ZabTiming, ZabOptions } from "./protocols/zab/config.ts";
export type { ZkTiming, ZkOptions } from "./protocols/zookeeper/config.ts";
export type { DbTiming, DbOptions } from "./protocols/database/config.ts";
export type { HeartbeatTiming, HeartbeatOptions } from "./protocols/heartbeat/config.ts";
export {
  resolveRef,
  parseRef,
  refProblems,
  isPlainPreset,
  mergeScenario,
  scenarioRefSchema,
  RefError,
} from "./scenario/ref.ts";
export type {
  ScenarioRef,
  PresetRef,
  InlineRef,
  ResolvedRef,
  PresetTable,
  RefEngine,
  RawScenario,
} from "./scenario/ref.ts";
export { createSimulation, resumeSimulation } from "./sim.ts";
export type { Simulation } from "./sim.ts";
export { summarizeTrace, failoverTime } from "./summary.ts";
export type { Summary, LeaderInterval, Violation, Hazard, ElectionMessages } from "./summary.ts";
export type { Frame, FrameNode, FrameRole, LeaseView, StoreFrame, WatchView } from "./core/frame.ts";
export type { TraceEvent, TraceType } from "./core/trace.ts";
export type { SimState, Msg, QEvent } from "./core/types.ts";
export type { Protocol, Ctx } from "./core/protocol.ts";
export { presets, presetNames } from "./scenario/presets.ts";
export type { Preset } from "./scenario/presets.ts";
export { runTrials } from "./trials.ts";
export type { TrialsResult, TrialRun } from "./trials.ts";
// Experiments: each trial is a spec (its exact scenario, plus what it reads off the run) that
// runTrial runs; the CLI and the practice lab use the same specs.
export { runTrial } from "./experiments/trial.ts";
export type { TrialSpec } from "./experiments/trial.ts";
export {
  runRaftTimeouts,
  figure16Parts,
  runFigure16Part,
  mergeFigure16,
  figure16Trial,
  FIGURE16_RANGES,
  FIGURE16_PAPER,
  FIGURE16_DEFAULTS,
  stats,
} from "./experiments/raft-timeouts.ts";
export type {
  RaftTimeoutsOptions,
  RaftTimeoutsResult,
  RaftTimeoutsDetail,
  Figure16Part,
  Figure16PartResult,
  Figure16Setup,
  Figure16Sample,
  Stats,
} from "./experiments/raft-timeouts.ts";
export {
  runElectionCost,
  electionCostTrial,
  ELECTION_COST_SIZES,
  ELECTION_COST_PROTOCOLS,
  ELECTION_COST_CRASH_AT,
  KNOWN_COST,
} from "./experiments/election-cost.ts";
export type {
  ElectionCostOptions,
  ElectionCostResult,
  ElectionCostRow,
  ElectionCostSample,
} from "./experiments/election-cost.ts";
export {
  runLeaseTuning,
  leaseTrial,
  aggregateLease,
  drawPause,
  LEASE_TUNING_DEFAULTS,
} from "./experiments/lease-tuning.ts";
export type {
  LeaseTuningOptions,
  LeaseTuningResult,
  LeaseTrial,
  TtlPoint,
  PauseDistribution,
} from "./experiments/lease-tuning.ts";
export { digest } from "./core/digest.ts";
export { appliedOutOfOrder, writeVerdict, type WriteVerdict } from "./core/write-result.ts";

import { createSimulation, type Simulation } from "./sim.ts";
import { summarizeTrace, type Summary } from "./summary.ts";
import type { TraceEvent } from "./core/trace.ts";

/** The CLI's `run --json` object, from a finished simulation or a full trace. */
export function summarize(input: Simulation | readonly TraceEvent[]): Summary {
  if (Array.isArray(input)) return summarizeTrace(input as readonly TraceEvent[]);
  return (input as Simulation).summary();
}

/** Run a scenario to its end. */
export function runScenario(
  scenario: unknown,
  opts: { trace?: "full" | "roles" } = {},
): { trace: TraceEvent[]; summary: Summary } {
  const sim = createSimulation(scenario, opts).run();
  return { trace: sim.trace, summary: sim.summary() };
}
export {
  explain,
  eventAt,
  explainable,
  indexOfEvent,
  chainOf,
  causeOf,
  stepOf,
  clockWords,
  armWords,
} from "./explain/index.ts";
export type { Explanation, Step } from "./explain/index.ts";
export { ruleOf, ALL_RULES } from "./protocols/registry.ts";
export type { RuleSpec, RuleTable } from "./protocols/spec.ts";
export type { Cause, CauseArm, CauseClock, CauseValue, CauseValues } from "./core/cause.ts";
