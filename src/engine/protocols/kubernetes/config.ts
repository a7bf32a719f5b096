// client-go's leader elector (and Coordinated Leader Election): timing and options.
// Defaults and every refusal name the field (a ScenarioError whose message starts with the path).
import { z } from "zod";
import { ScenarioError, dur, positive, nodeId, type NormCtx, type Raw } from "../../validate/check.ts";
import { formatDuration } from "../../validate/duration.ts";

export interface K8sTiming {
  leaseDuration: number;
  renewDeadline: number;
  retryPeriod: number;
}
/** A LeaseCandidate's versions (coordination.k8s.io/v1beta1 LeaseCandidateSpec). */
export interface K8sVersion {
  binary: string;
  emulation: string;
}
export interface K8sOptions {
  /** check IsLeader() and the observed lease right before each write */
  checkBeforeWrite: boolean;
  /** ReleaseOnCancel: on graceful shutdown, clear holderIdentity. Off by default: client-go's
   *  LeaderElectionConfig.ReleaseOnCancel is a plain bool, so its zero value is false
   *  (kubernetes/client-go @32ce75a7d6bc6960fd048d3d1e3b34185418d8c8
   *  tools/leaderelection/leaderelection.go:153-158) */
  releaseOnCancel: boolean;
  /** timeout of one request from a candidate (the renew loop is bounded by renewDeadline) */
  requestTimeout: number;
  /** after renew() gives up, Run returns: campaign again (run the elector anew) or stop, as
   *  kube-controller-manager and kube-scheduler do (klog.Fatalf "leaderelection lost") */
  afterLoss?: "recampaign" | "stop";
  /** Coordinated Leader Election (KEP-4355): the API server's controller picks the holder */
  coordinated?: boolean;
  /** per node, the versions of each successive start (a restart is an upgrade); coordinated only */
  versions?: Record<string, K8sVersion[]>;
}

const version = z.union([
  z.string(),
  z.strictObject({ binary: z.string(), emulation: z.string().optional() }),
]);
const SEMVER = /^\d+\.\d+(\.\d+)?$/;

function normVersion(path: string, v: z.infer<typeof version>): K8sVersion {
  const o =
    typeof v === "string"
      ? { binary: v, emulation: v }
      : { binary: v.binary, emulation: v.emulation ?? v.binary };
  // election.go compare: candidates without a valid semver are never picked.
  if (!SEMVER.test(o.binary))
    throw new ScenarioError(
      typeof v === "string" ? path : `${path}.binary`,
      `"${o.binary}" is not a version such as "1.33" or "1.33.2"`,
    );
  if (!SEMVER.test(o.emulation))
    throw new ScenarioError(`${path}.emulation`, `"${o.emulation}" is not a version such as "1.32"`);
  return o;
}

export const k8sConfig = {
  timing: z.strictObject({
    leaseDuration: dur.optional(),
    renewDeadline: dur.optional(),
    retryPeriod: dur.optional(),
  }),
  options: z.strictObject({
    checkBeforeWrite: z.boolean().optional(),
    releaseOnCancel: z.boolean().optional(),
    requestTimeout: dur.optional(),
    afterLoss: z.enum(["recampaign", "stop"]).optional(),
    coordinated: z.boolean().optional(),
    versions: z.record(z.string(), z.union([version, z.array(version).min(1)])).optional(),
  }),
  normalise(ti: Raw, oi: Raw, { ids }: NormCtx) {
    // client-go defaults (component-base RecommendedDefaultLeaderElectionConfiguration).
    const ld = (ti.leaseDuration as number | undefined) ?? 15_000;
    const rd = (ti.renewDeadline as number | undefined) ?? 10_000;
    const rp = (ti.retryPeriod as number | undefined) ?? 2_000;
    // client-go leaderelection.go:77-98 (NewLeaderElector), same order and wording.
    if (ld <= rd)
      throw new ScenarioError("timing.leaseDuration", "leaseDuration must be greater than renewDeadline");
    if (rd <= 1.2 * rp)
      throw new ScenarioError(
        "timing.renewDeadline",
        "renewDeadline must be greater than retryPeriod*JitterFactor",
      );
    if (ld < 1) throw new ScenarioError("timing.leaseDuration", "leaseDuration must be greater than zero");
    if (rd < 1) throw new ScenarioError("timing.renewDeadline", "renewDeadline must be greater than zero");
    if (rp < 1) throw new ScenarioError("timing.retryPeriod", "retryPeriod must be greater than zero");
    // client-go writes the Lease in whole seconds: LeaseDurationSeconds: int(LeaseDuration /
    // time.Second) (leaderelection.go tryAcquireOrRenew), so anything under 1 s becomes 0 s.
    if (ld < 1000)
      throw new ScenarioError(
        "timing.leaseDuration",
        `${formatDuration(ld)} is under 1 s: client-go stores the Lease's duration in whole seconds, so it would be written as 0 s and every lease would look expired at once; use at least 1s`,
      );
    const options: K8sOptions = {
      checkBeforeWrite: (oi.checkBeforeWrite as boolean | undefined) ?? false,
      releaseOnCancel: (oi.releaseOnCancel as boolean | undefined) ?? false,
      requestTimeout: (oi.requestTimeout as number | undefined) ?? rd,
    };
    // Only present when given, so every earlier scenario normalises as before (recampaign).
    if (oi.afterLoss !== undefined) options.afterLoss = oi.afterLoss as K8sOptions["afterLoss"];
    positive("options.requestTimeout", options.requestTimeout);
    const coordinated = (oi.coordinated as boolean | undefined) ?? false;
    const vin = oi.versions as
      Record<string, z.infer<typeof version> | Array<z.infer<typeof version>>> | undefined;
    if (vin && !coordinated)
      throw new ScenarioError("options.versions", "only means something with options.coordinated: true");
    if (coordinated) {
      // Only the options that exist keep appearing, so plain client-go scenarios normalise as before.
      options.coordinated = true;
      const versions: Record<string, K8sVersion[]> = {};
      for (const [k, v] of Object.entries(vin ?? {})) {
        nodeId(`options.versions.${k}`, k, ids);
        versions[k] = (Array.isArray(v) ? v : [v]).map((x, i) =>
          normVersion(Array.isArray(v) ? `options.versions.${k}[${i}]` : `options.versions.${k}`, x),
        );
      }
      for (const id of ids) versions[id] ??= [{ binary: "1.33", emulation: "1.33" }];
      options.versions = versions;
    }
    return { timing: { leaseDuration: ld, renewDeadline: rd, retryPeriod: rp } as K8sTiming, options };
  },
};
