// The scenario format shared by the CLI, the sandbox, lessons and share links.
// parseScenario validates with zod, then applies the semantic rules zod cannot express
// (nodes that exist, timing relations, client-go's config validation), and returns a fully
// defaulted Scenario in milliseconds. Every refusal is a ScenarioError whose message starts
// with the field path, e.g. `faults[1].node: node "n7" does not exist (nodes are n1..n3)`.
import { z } from "zod";
import { ScenarioError, check, dur, isObj, stripUndef, unknownNode } from "./common.ts";
import { parseFault, type Fault } from "./fault-schema.ts";
import { guardShape, quote } from "./errors.ts";
import { checkLimits } from "./limits.ts";
import { raftConfig, etcdConfig, k8sConfig } from "./config-classic.ts";
import type { RaftTiming, EtcdTiming, K8sTiming, RaftOptions, EtcdOptions, K8sOptions } from "./config-classic.ts";
import { bullyConfig, ringConfig, zabConfig, heartbeatConfig } from "./config-election.ts";
import type { BullyTiming, BullyOptions, RingTiming, RingOptions, ZabTiming, ZabOptions, HeartbeatTiming, HeartbeatOptions } from "./config-election.ts";
import { zookeeperConfig, databaseConfig } from "./config-store.ts";
import type { ZkTiming, ZkOptions, DbTiming, DbOptions } from "./config-store.ts";

export { ScenarioError };
export { FAULT_KINDS, parseFaultFor } from "./fault-schema.ts";
export type { Fault, FaultKind } from "./fault-schema.ts";
export type * from "./config-classic.ts";
export type * from "./config-election.ts";
export type * from "./config-store.ts";

export const PROTOCOLS = ["raft", "etcd", "kubernetes", "bully", "ring", "zab", "zookeeper", "database", "heartbeat"] as const;
export type ProtocolName = (typeof PROTOCOLS)[number];
/** Protocols with a lock service (the store process) that a resource can ask about a sequencer. */
export const LOCK_SERVICES: readonly ProtocolName[] = ["etcd", "kubernetes", "zookeeper", "database"];
/** Protocols whose store process exists at all (a lock service, or heartbeat's power switch). */
export const HAS_STORE: readonly ProtocolName[] = [...LOCK_SERVICES, "heartbeat"];

interface ScenarioBase {
  nodes: number;
  seed: number;
  until: number;
  /** nodes boot at seeded uniform instants in [0, boot] (0: all at t=0), like a rolling start */
  boot: number;
  /** each timer fires late by a seeded uniform [0, timerNoise) ms: OS scheduling noise, which
   *  real servers always have and which alone eventually breaks perfectly symmetric timeouts */
  timerNoise: number;
  network: { delay: number; jitter: number; loss: number };
  /** "token": the resource keeps the highest token seen; "sequencer": it also asks the lock
   *  service whether the writer's sequencer is current (Chubby CheckSequencer); "none" */
  fencing: "token" | "none" | "sequencer";
  work: { every: number };
  clocks: Record<string, { drift: number; offset: number }>;
  faults: Fault[];
}
export type Scenario =
  | (ScenarioBase & { protocol: "raft"; timing: RaftTiming; options: RaftOptions })
  | (ScenarioBase & { protocol: "etcd"; timing: EtcdTiming; options: EtcdOptions })
  | (ScenarioBase & { protocol: "kubernetes"; timing: K8sTiming; options: K8sOptions })
  | (ScenarioBase & { protocol: "bully"; timing: BullyTiming; options: BullyOptions })
  | (ScenarioBase & { protocol: "ring"; timing: RingTiming; options: RingOptions })
  | (ScenarioBase & { protocol: "zab"; timing: ZabTiming; options: ZabOptions })
  | (ScenarioBase & { protocol: "zookeeper"; timing: ZkTiming; options: ZkOptions })
  | (ScenarioBase & { protocol: "database"; timing: DbTiming; options: DbOptions })
  | (ScenarioBase & { protocol: "heartbeat"; timing: HeartbeatTiming; options: HeartbeatOptions });

const network = z.strictObject({
  delay: dur.optional(),
  jitter: dur.optional(),
  loss: z.number().min(0, "loss must be between 0 and 1").max(0.99, "loss must be below 1").optional(),
});

const CONFIGS = {
  raft: raftConfig, etcd: etcdConfig, kubernetes: k8sConfig, bully: bullyConfig, ring: ringConfig,
  zab: zabConfig, zookeeper: zookeeperConfig, database: databaseConfig, heartbeat: heartbeatConfig,
} as const;

const top = z.strictObject({
  protocol: z.string(),
  nodes: z.number().int("must be a whole number").min(1, "must be at least 1").max(25, "at most 25 nodes").optional(),
  seed: z.number().int("must be a whole number").optional(),
  until: dur.optional(),
  boot: dur.optional(),
  timerNoise: dur.optional(),
  network: network.optional(),
  timing: z.record(z.string(), z.unknown()).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  fencing: z.enum(["token", "none", "sequencer"]).optional(),
  work: z.strictObject({ every: dur }).optional(),
  clocks: z.record(z.string(), z.strictObject({ drift: z.number().optional(), offset: z.number().optional() })).optional(),
  faults: z.array(z.unknown()).optional(),
  // Free-text fields that presets and share links may carry; ignored by the engine.
  title: z.string().optional(),
  description: z.string().optional(),
});

const DEFAULT_NET = { delay: 2, jitter: 1, loss: 0 };
/** Consensus groups of five (a majority survives two failures), a pair, or three replicas. */
const DEFAULT_NODES: Record<ProtocolName, number> = { raft: 5, zab: 5, bully: 5, ring: 5, heartbeat: 2, etcd: 3, kubernetes: 3, zookeeper: 3, database: 3 };

/** Validate and normalise a scenario (all durations in ms, every default filled in). */
export function parseScenario(json: unknown): Scenario {
  if (!isObj(json)) throw new ScenarioError("", "a scenario must be a JSON object");
  guardShape(json);
  if (json.protocol === undefined) throw new ScenarioError("protocol", `is required (one of ${PROTOCOLS.join(", ")})`);
  if (typeof json.protocol !== "string" || !(PROTOCOLS as readonly string[]).includes(json.protocol)) {
    throw new ScenarioError("protocol", `unknown protocol ${quote(json.protocol)} (expected one of ${PROTOCOLS.join(", ")})`);
  }
  const protocol = json.protocol as ProtocolName;
  const t = check(top, json, "");
  const nodes = t.nodes ?? DEFAULT_NODES[protocol];
  const until = t.until ?? 60_000;
  if (until <= 0) throw new ScenarioError("until", "must be greater than 0");
  const boot = t.boot ?? 0;
  if (boot >= until) throw new ScenarioError("boot", `must be less than until (${until} ms)`);
  const net = { ...DEFAULT_NET, ...stripUndef(t.network ?? {}) };
  const ids = Array.from({ length: nodes }, (_, i) => `n${i + 1}`);

  const cfg = CONFIGS[protocol];
  const timingIn = check(cfg.timing as z.ZodType<Record<string, unknown>>, t.timing ?? {}, "timing");
  const optionsIn = check(cfg.options as z.ZodType<Record<string, unknown>>, t.options ?? {}, "options");
  const seed = t.seed ?? 1;
  const { timing, options } = cfg.normalise(timingIn, optionsIn, { ids, seed });
  const fencing = t.fencing ?? "token";
  if (fencing === "sequencer" && !LOCK_SERVICES.includes(protocol)) {
    throw new ScenarioError("fencing", `"sequencer" needs a lock service to ask, and ${protocol} has none (use ${LOCK_SERVICES.join(", ")})`);
  }

  const clocks: Record<string, { drift: number; offset: number }> = {};
  for (const [k, v] of Object.entries(t.clocks ?? {})) {
    if (!ids.includes(k) && !(k === "store" && HAS_STORE.includes(protocol))) {
      // A clock belongs to one process: "leader" names no process when the run starts.
      throw new ScenarioError(`clocks.${k}`, unknownNode(k, ids, HAS_STORE.includes(protocol)).replace(/,? or "leader"/, "").replace(', "store")', ' or "store")'));
    }
    clocks[k] = { drift: v.drift ?? 0, offset: v.offset ?? 0 };
    if (clocks[k].drift <= -1e6) throw new ScenarioError(`clocks.${k}.drift`, "a clock cannot run backwards (drift must be above -1000000 ppm)");
  }

  const faults: Fault[] = (t.faults ?? []).map((f, i) => parseFault(f, i, ids, until, HAS_STORE.includes(protocol)));
  const scenario = {
    protocol, nodes, seed, until, boot, timerNoise: t.timerNoise ?? 0, network: net,
    timing, options, fencing,
    work: { every: t.work?.every ?? 1000 }, clocks, faults,
  } as Scenario;
  checkLimits(scenario);
  return scenario;
}

