// Timing and options of the protocols the engine started with: raft, etcd and kubernetes
// (client-go's elector, optionally under Coordinated Leader Election). Each normaliser fills in
// defaults and refuses bad values with a ScenarioError that names the field.
import { z } from "zod";
import { ScenarioError, dur, unknownNode, positive, nodeId, type NormCtx, type Raw } from "./common.ts";

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
/** A LeaseCandidate's versions (coordination.k8s.io/v1beta1 LeaseCandidateSpec). */
export interface K8sVersion { binary: string; emulation: string }
export interface K8sOptions {
  /** check IsLeader() and the observed lease right before each write */
  checkBeforeWrite: boolean;
  /** ReleaseOnCancel: on graceful shutdown, clear holderIdentity */
  releaseOnCancel: boolean;
  /** timeout of one request from a candidate (the renew loop is bounded by renewDeadline) */
  requestTimeout: number;
  /** Coordinated Leader Election (KEP-4355): the API server's controller picks the holder */
  coordinated?: boolean;
  /** per node, the versions of each successive start (a restart is an upgrade); coordinated only */
  versions?: Record<string, K8sVersion[]>;
}

export const raftConfig = {
  timing: z.strictObject({ electionTimeout: z.tuple([dur, dur]).optional(), heartbeat: dur.optional() }),
  options: z.strictObject({
    preVote: z.boolean().optional(),
    checkQuorum: z.boolean().optional(),
    logs: z.array(z.number().int().min(0)).nullable().optional(),
    initialLeader: z.string().nullable().optional(),
    appendWrites: z.boolean().optional(),
    replicate: z.boolean().optional(),
    persist: dur.optional(),
  }),
  normalise(ti: Raw, oi: Raw, { ids }: NormCtx) {
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
  },
};

export const etcdConfig = {
  timing: z.strictObject({ ttl: dur.optional(), renew: dur.optional() }),
  options: z.strictObject({
    margin: dur.optional(),
    checkBeforeWrite: z.boolean().optional(),
    retry: dur.optional(),
    prefix: z.string().min(1).optional(),
  }),
  normalise(ti: Raw, oi: Raw) {
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
  },
};

const version = z.union([z.string(), z.strictObject({ binary: z.string(), emulation: z.string().optional() })]);
const SEMVER = /^\d+\.\d+(\.\d+)?$/;

function normVersion(path: string, v: z.infer<typeof version>): K8sVersion {
  const o = typeof v === "string" ? { binary: v, emulation: v } : { binary: v.binary, emulation: v.emulation ?? v.binary };
  // election.go compare: candidates without a valid semver are never picked.
  if (!SEMVER.test(o.binary)) throw new ScenarioError(typeof v === "string" ? path : `${path}.binary`, `"${o.binary}" is not a version such as "1.33" or "1.33.2"`);
  if (!SEMVER.test(o.emulation)) throw new ScenarioError(`${path}.emulation`, `"${o.emulation}" is not a version such as "1.32"`);
  return o;
}

export const k8sConfig = {
  timing: z.strictObject({ leaseDuration: dur.optional(), renewDeadline: dur.optional(), retryPeriod: dur.optional() }),
  options: z.strictObject({
    checkBeforeWrite: z.boolean().optional(),
    releaseOnCancel: z.boolean().optional(),
    requestTimeout: dur.optional(),
    coordinated: z.boolean().optional(),
    versions: z.record(z.string(), z.union([version, z.array(version).min(1)])).optional(),
  }),
  normalise(ti: Raw, oi: Raw, { ids }: NormCtx) {
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
    positive("options.requestTimeout", options.requestTimeout);
    const coordinated = (oi.coordinated as boolean | undefined) ?? false;
    const vin = oi.versions as Record<string, z.infer<typeof version> | Array<z.infer<typeof version>>> | undefined;
    if (vin && !coordinated) throw new ScenarioError("options.versions", "only means something with options.coordinated: true");
    if (coordinated) {
      // Only the options that exist keep appearing, so plain client-go scenarios normalise as before.
      options.coordinated = true;
      const versions: Record<string, K8sVersion[]> = {};
      for (const [k, v] of Object.entries(vin ?? {})) {
        nodeId(`options.versions.${k}`, k, ids);
        versions[k] = (Array.isArray(v) ? v : [v]).map((x, i) => normVersion(Array.isArray(v) ? `options.versions.${k}[${i}]` : `options.versions.${k}`, x));
      }
      for (const id of ids) versions[id] ??= [{ binary: "1.33", emulation: "1.33" }];
      options.versions = versions;
    }
    return { timing: { leaseDuration: ld, renewDeadline: rd, retryPeriod: rp } as K8sTiming, options };
  },
};
