// The scenario format shared by the CLI, the sandbox, lessons and share links.
// parseScenario validates with zod, then applies the semantic rules zod cannot express
// (nodes that exist, timing relations, client-go's config validation), and returns a fully
// defaulted Scenario in milliseconds. Every refusal is a ScenarioError whose message starts
// with the field path, e.g. `faults[1].node: node "n7" does not exist (nodes are n1..n3)`.
import { z } from "zod";
import { parseDuration } from "./duration.ts";

export const PROTOCOLS = ["raft", "etcd", "kubernetes"] as const;
export type ProtocolName = (typeof PROTOCOLS)[number];
export const FAULT_KINDS = [
  "crash", "restart", "pause", "isolate", "partition", "heal", "clock", "slow", "shutdown", "store-outage", "network",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface RaftTiming { electionTimeout: [number, number]; heartbeat: number }
export interface EtcdTiming { ttl: number; renew: number }
export interface K8sTiming { leaseDuration: number; renewDeadline: number; retryPeriod: number }
export interface RaftOptions {
  preVote: boolean;
  checkQuorum: boolean;
  /** initial log length per node (entries of term 1); unequal logs make the up-to-date check matter */
  logs: number[] | null;
  /** start with this node already leading term 1 (used by the Figure 16 experiment) */
  initialLeader: string | null;
  /** append one log entry per leader write, so followers that miss replication fall behind */
  appendWrites: boolean;
  /** AppendEntries bring a follower's log up to the leader's; false keeps logs as they are
   *  (the Figure 16 set-up: followers hold logs of different lengths when the leader dies) */
  replicate: boolean;
  /** time to persist term/vote to stable storage before replying (Raft Fig. 2: "updated on
   *  stable storage before responding to RPCs"), e.g. an fsync */
  persist: number;
}
export interface EtcdOptions {
  /** self-demote this long before TTL elapses since the last acknowledged keepalive *send* */
  margin: number;
  /** check the remaining lease on the holder's clock right before each write */
  checkBeforeWrite: boolean;
  /** how long a client waits before retrying a request that got no answer (lease.go retryConnWait) */
  retry: number;
  /** the election key prefix */
  prefix: string;
}
export interface K8sOptions {
  /** check IsLeader() and the observed lease right before each write */
  checkBeforeWrite: boolean;
  /** ReleaseOnCancel: on graceful shutdown, clear holderIdentity */
  releaseOnCancel: boolean;
  /** timeout of one request from a candidate (the renew loop is bounded by renewDeadline) */
  requestTimeout: number;
}

export interface Fault {
  at: number;
  do: FaultKind;
  node?: string;
  for?: number;
  during?: "write";
  groups?: string[][];
  oneWay?: boolean;
  drift?: number;
  step?: number;
  factor?: number;
  delay?: number;
  jitter?: number;
  loss?: number;
}

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
  fencing: "token" | "none";
  work: { every: number };
  clocks: Record<string, { drift: number; offset: number }>;
  faults: Fault[];
}
export type Scenario =
  | (ScenarioBase & { protocol: "raft"; timing: RaftTiming; options: RaftOptions })
  | (ScenarioBase & { protocol: "etcd"; timing: EtcdTiming; options: EtcdOptions })
  | (ScenarioBase & { protocol: "kubernetes"; timing: K8sTiming; options: K8sOptions });

export class ScenarioError extends Error {
  readonly path: string;
  constructor(path: string, what: string) {
    super(path ? `${path}: ${what}` : what);
    this.name = "ScenarioError";
    this.path = path;
  }
}

const dur = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const ms = parseDuration(v);
  if (ms === null) {
    ctx.addIssue({
      code: "custom",
      message: typeof v === "number"
        ? `must be a non-negative number of milliseconds, got ${v}`
        : `invalid duration "${v}" (use milliseconds or a string such as "250ms", "10s", "2m")`,
    });
    return z.NEVER;
  }
  return ms;
});

const network = z.strictObject({
  delay: dur.optional(),
  jitter: dur.optional(),
  loss: z.number().min(0, "loss must be between 0 and 1").max(0.99, "loss must be below 1").optional(),
});

const timingSchemas = {
  raft: z.strictObject({ electionTimeout: z.tuple([dur, dur]).optional(), heartbeat: dur.optional() }),
  etcd: z.strictObject({ ttl: dur.optional(), renew: dur.optional() }),
  kubernetes: z.strictObject({ leaseDuration: dur.optional(), renewDeadline: dur.optional(), retryPeriod: dur.optional() }),
};
const optionSchemas = {
  raft: z.strictObject({
    preVote: z.boolean().optional(),
    checkQuorum: z.boolean().optional(),
    logs: z.array(z.number().int().min(0)).nullable().optional(),
    initialLeader: z.string().nullable().optional(),
    appendWrites: z.boolean().optional(),
    replicate: z.boolean().optional(),
    persist: dur.optional(),
  }),
  etcd: z.strictObject({
    margin: dur.optional(),
    checkBeforeWrite: z.boolean().optional(),
    retry: dur.optional(),
    prefix: z.string().min(1).optional(),
  }),
  kubernetes: z.strictObject({
    checkBeforeWrite: z.boolean().optional(),
    releaseOnCancel: z.boolean().optional(),
    requestTimeout: dur.optional(),
  }),
};

const nodeRef = z.string();
const faultSchemas: Record<FaultKind, z.ZodType> = {
  crash: z.strictObject({ at: dur, do: z.literal("crash"), node: nodeRef }),
  restart: z.strictObject({ at: dur, do: z.literal("restart"), node: nodeRef }),
  pause: z.strictObject({ at: dur, do: z.literal("pause"), node: nodeRef, for: dur, during: z.literal("write").optional() }),
  isolate: z.strictObject({ at: dur, do: z.literal("isolate"), node: nodeRef, for: dur.optional() }),
  partition: z.strictObject({
    at: dur, do: z.literal("partition"), groups: z.array(z.array(nodeRef).min(1)).min(2),
    oneWay: z.boolean().optional(), for: dur.optional(),
  }),
  heal: z.strictObject({ at: dur, do: z.literal("heal") }),
  clock: z.strictObject({ at: dur, do: z.literal("clock"), node: nodeRef, drift: z.number().optional(), step: z.number().optional() }),
  slow: z.strictObject({ at: dur, do: z.literal("slow"), node: nodeRef, factor: z.number().min(1, "factor must be at least 1"), for: dur.optional() }),
  shutdown: z.strictObject({ at: dur, do: z.literal("shutdown"), node: nodeRef }),
  "store-outage": z.strictObject({ at: dur, do: z.literal("store-outage"), for: dur.optional() }),
  network: z.strictObject({
    at: dur, do: z.literal("network"), delay: dur.optional(), jitter: dur.optional(),
    loss: z.number().min(0).max(0.99, "loss must be below 1").optional(),
  }),
};

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
  fencing: z.enum(["token", "none"]).optional(),
  work: z.strictObject({ every: dur }).optional(),
  clocks: z.record(z.string(), z.strictObject({ drift: z.number().optional(), offset: z.number().optional() })).optional(),
  faults: z.array(z.unknown()).optional(),
  // Free-text fields that presets and share links may carry; ignored by the engine.
  title: z.string().optional(),
  description: z.string().optional(),
});

function pathOf(prefix: string, p: ReadonlyArray<PropertyKey>): string {
  let s = prefix;
  for (const k of p) {
    if (typeof k === "number") s += `[${k}]`;
    else s += s ? `.${String(k)}` : String(k);
  }
  return s;
}

function check<T>(schema: z.ZodType<T>, v: unknown, prefix: string): T {
  const r = schema.safeParse(v);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  let msg = issue.message;
  if (issue.code === "unrecognized_keys") {
    const keys = (issue as { keys: string[] }).keys;
    msg = `unknown field${keys.length > 1 ? "s" : ""} ${keys.map((k) => `"${k}"`).join(", ")}`;
  } else if (valueAt(v, issue.path) === undefined) {
    msg = "is required";
  } else if (issue.code === "invalid_union") {
    msg = `invalid value ${JSON.stringify(valueAt(v, issue.path))}`;
  }
  throw new ScenarioError(pathOf(prefix, issue.path), msg);
}

function valueAt(v: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let cur = v;
  for (const k of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[k];
  }
  return cur;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const DEFAULT_NET = { delay: 2, jitter: 1, loss: 0 };

/** Validate and normalise a scenario (all durations in ms, every default filled in). */
export function parseScenario(json: unknown): Scenario {
  if (!isObj(json)) throw new ScenarioError("", "a scenario must be a JSON object");
  if (json.protocol === undefined) throw new ScenarioError("protocol", `is required (one of ${PROTOCOLS.join(", ")})`);
  if (typeof json.protocol !== "string" || !(PROTOCOLS as readonly string[]).includes(json.protocol)) {
    throw new ScenarioError("protocol", `unknown protocol ${JSON.stringify(json.protocol)} (expected one of ${PROTOCOLS.join(", ")})`);
  }
  const protocol = json.protocol as ProtocolName;
  const t = check(top, json, "");
  const nodes = t.nodes ?? (protocol === "raft" ? 5 : 3);
  const until = t.until ?? 60_000;
  if (until <= 0) throw new ScenarioError("until", "must be greater than 0");
  const boot = t.boot ?? 0;
  if (boot >= until) throw new ScenarioError("boot", `must be less than until (${until} ms)`);
  const net = { ...DEFAULT_NET, ...stripUndef(t.network ?? {}) };
  const ids = Array.from({ length: nodes }, (_, i) => `n${i + 1}`);

  const timingIn = check(timingSchemas[protocol] as z.ZodType<Record<string, unknown>>, t.timing ?? {}, "timing");
  const optionsIn = check(optionSchemas[protocol] as z.ZodType<Record<string, unknown>>, t.options ?? {}, "options");
  const { timing, options } = normaliseProtocol(protocol, timingIn, optionsIn, ids);

  const clocks: Record<string, { drift: number; offset: number }> = {};
  for (const [k, v] of Object.entries(t.clocks ?? {})) {
    if (!ids.includes(k) && k !== "store") throw new ScenarioError(`clocks.${k}`, unknownNode(k, ids, true));
    clocks[k] = { drift: v.drift ?? 0, offset: v.offset ?? 0 };
    if (clocks[k].drift <= -1e6) throw new ScenarioError(`clocks.${k}.drift`, "a clock cannot run backwards (drift must be above -1000000 ppm)");
  }

  const faults: Fault[] = (t.faults ?? []).map((f, i) => parseFault(f, i, ids, until));
  return {
    protocol, nodes, seed: t.seed ?? 1, until, boot, timerNoise: t.timerNoise ?? 0, network: net,
    timing, options, fencing: t.fencing ?? "token",
    work: { every: t.work?.every ?? 1000 }, clocks, faults,
  } as Scenario;
}

function stripUndef<T extends object>(o: T): Partial<T> {
  const r: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (r as Record<string, unknown>)[k] = v;
  return r;
}

function unknownNode(n: string, ids: string[], storeOk: boolean): string {
  return `node "${n}" does not exist (nodes are ${ids.length === 1 ? "n1" : `n1..n${ids.length}`}${storeOk ? ', "store"' : ""} or "leader")`;
}

function normaliseProtocol(p: ProtocolName, ti: Record<string, unknown>, oi: Record<string, unknown>, ids: string[]) {
  if (p === "raft") {
    const et = (ti.electionTimeout as [number, number] | undefined) ?? [150, 300];
    const hb = (ti.heartbeat as number | undefined) ?? 50;
    if (et[0] <= 0) throw new ScenarioError("timing.electionTimeout[0]", "must be greater than 0");
    if (et[1] < et[0]) throw new ScenarioError("timing.electionTimeout[1]", `maximum (${et[1]} ms) is below minimum (${et[0]} ms)`);
    if (hb <= 0) throw new ScenarioError("timing.heartbeat", "must be greater than 0");
    // etcd raft.go:302-304 refuses ElectionTick <= HeartbeatTick.
    if (hb >= et[0]) throw new ScenarioError("timing.heartbeat", `must be less than the minimum election timeout (${et[0]} ms)`);
    const logs = (oi.logs as number[] | undefined) ?? null;
    if (logs && logs.length !== ids.length) throw new ScenarioError("options.logs", `needs one log length per node (${ids.length}), got ${logs.length}`);
    const il = (oi.initialLeader as string | undefined) ?? null;
    if (il !== null && !ids.includes(il)) throw new ScenarioError("options.initialLeader", unknownNode(il, ids, false).replace(' or "leader"', ""));
    const options: RaftOptions = {
      preVote: (oi.preVote as boolean | undefined) ?? false,
      checkQuorum: (oi.checkQuorum as boolean | undefined) ?? false,
      logs, initialLeader: il,
      appendWrites: (oi.appendWrites as boolean | undefined) ?? true,
      replicate: (oi.replicate as boolean | undefined) ?? true,
      persist: (oi.persist as number | undefined) ?? 0,
    };
    return { timing: { electionTimeout: [et[0], et[1]], heartbeat: hb } as RaftTiming, options };
  }
  if (p === "etcd") {
    // etcd session.go:26 defaults the TTL to 60 s; lease.go keeps alive every TTL/3.
    const ttl = (ti.ttl as number | undefined) ?? 60_000;
    const renew = (ti.renew as number | undefined) ?? ttl / 3;
    if (ttl <= 0) throw new ScenarioError("timing.ttl", "must be greater than 0");
    if (renew <= 0) throw new ScenarioError("timing.renew", "must be greater than 0");
    if (renew >= ttl) throw new ScenarioError("timing.renew", `must be less than timing.ttl (${ttl} ms), or the lease expires between keepalives`);
    const margin = (oi.margin as number | undefined) ?? 0;
    if (margin >= ttl) throw new ScenarioError("options.margin", `must be less than timing.ttl (${ttl} ms)`);
    const options: EtcdOptions = {
      margin, checkBeforeWrite: (oi.checkBeforeWrite as boolean | undefined) ?? false,
      retry: (oi.retry as number | undefined) ?? 500, prefix: (oi.prefix as string | undefined) ?? "/election",
    };
    if (options.retry <= 0) throw new ScenarioError("options.retry", "must be greater than 0");
    return { timing: { ttl, renew } as EtcdTiming, options };
  }
  // client-go defaults (component-base RecommendedDefaultLeaderElectionConfiguration).
  const ld = (ti.leaseDuration as number | undefined) ?? 15_000;
  const rd = (ti.renewDeadline as number | undefined) ?? 10_000;
  const rp = (ti.retryPeriod as number | undefined) ?? 2_000;
  // client-go leaderelection.go:77-98 (NewLeaderElector), same order and wording.
  if (ld <= rd) throw new ScenarioError("timing.leaseDuration", "leaseDuration must be greater than renewDeadline");
  if (rd <= 1.2 * rp) throw new ScenarioError("timing.renewDeadline", "renewDeadline must be greater than retryPeriod*JitterFactor");
  if (ld < 1) throw new ScenarioError("timing.leaseDuration", "leaseDuration must be greater than zero");
  if (rd < 1) throw new ScenarioError("timing.renewDeadline", "renewDeadline must be greater than zero");
  if (rp < 1) throw new ScenarioError("timing.retryPeriod", "retryPeriod must be greater than zero");
  const options: K8sOptions = {
    checkBeforeWrite: (oi.checkBeforeWrite as boolean | undefined) ?? false,
    releaseOnCancel: (oi.releaseOnCancel as boolean | undefined) ?? true,
    requestTimeout: (oi.requestTimeout as number | undefined) ?? rd,
  };
  if (options.requestTimeout <= 0) throw new ScenarioError("options.requestTimeout", "must be greater than 0");
  return { timing: { leaseDuration: ld, renewDeadline: rd, retryPeriod: rp } as K8sTiming, options };
}

const STORE_OK = new Set<FaultKind>(["isolate", "clock"]);

function parseFault(f: unknown, i: number, ids: string[], until: number): Fault {
  const p = `faults[${i}]`;
  if (!isObj(f)) throw new ScenarioError(p, "a fault must be an object");
  if (f.do === undefined) throw new ScenarioError(`${p}.do`, `is required (one of ${FAULT_KINDS.join(", ")})`);
  if (typeof f.do !== "string" || !(FAULT_KINDS as readonly string[]).includes(f.do)) {
    throw new ScenarioError(`${p}.do`, `unknown fault ${JSON.stringify(f.do)} (expected one of ${FAULT_KINDS.join(", ")})`);
  }
  const kind = f.do as FaultKind;
  const v = check(faultSchemas[kind] as z.ZodType<Fault>, f, p);
  const out: Fault = stripUndef(v) as Fault;
  if (out.at > until) throw new ScenarioError(`${p}.at`, `${out.at} ms is after the end of the run (until ${until} ms)`);
  const okNode = (n: string, path: string, storeOk: boolean) => {
    if (n === "leader" || ids.includes(n) || (storeOk && n === "store")) return;
    throw new ScenarioError(path, unknownNode(n, ids, storeOk));
  };
  if (out.node !== undefined) okNode(out.node, `${p}.node`, STORE_OK.has(kind));
  if (out.for !== undefined && out.for <= 0) throw new ScenarioError(`${p}.for`, "must be greater than 0");
  if (kind === "partition") {
    const seen = new Set<string>();
    out.groups!.forEach((g, gi) => g.forEach((n, ni) => {
      const path = `${p}.groups[${gi}][${ni}]`;
      if (n !== "resource") okNode(n, path, true);
      if (seen.has(n)) throw new ScenarioError(path, `"${n}" appears in more than one group`);
      seen.add(n);
    }));
  }
  if (kind === "clock") {
    if (out.drift === undefined && out.step === undefined) throw new ScenarioError(p, 'a clock fault needs "drift" (ppm) or "step" (ms)');
    if (out.drift !== undefined && out.drift <= -1e6) throw new ScenarioError(`${p}.drift`, "a clock cannot run backwards (drift must be above -1000000 ppm)");
  }
  if (kind === "network" && out.delay === undefined && out.jitter === undefined && out.loss === undefined) {
    throw new ScenarioError(p, 'a network fault needs at least one of "delay", "jitter", "loss"');
  }
  return out;
}

/** Validate one fault against an already-parsed scenario (used when appending while running). */
export function parseFaultFor(sc: Scenario, raw: unknown, index: number): Fault {
  const ids = Array.from({ length: sc.nodes }, (_, i) => `n${i + 1}`);
  return parseFault(raw, index, ids, Infinity);
}
