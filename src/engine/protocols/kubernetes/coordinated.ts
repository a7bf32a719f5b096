// client-go under Coordinated Leader Election (KEP-4355). The component
// registers a LeaseCandidate with its binary and emulation versions (leasecandidate.go: renewed
// every 5 min, and at once when the controller pings it), and its elector runs with
// Coordinated: true (tryCoordinatedRenew, leaderelection.go:364-439): it never creates or takes
// the Lease; it succeeds only when the election controller has named it holder and the lease is
// unexpired by its own observation, and it stops renewing once preferredHolder is set (end of
// term), so the lease lapses and the controller hands it to the better candidate. Its renewals
// write its own leaseDurationSeconds; the controller's 5 s applies to the leases it writes.
// Neither side touches leaseTransitions, so it is no fencing token here: the token is the
// Lease's resourceVersion when this elector first saw itself named (comparable since v1.35).
import type { Ctx } from "../../core/protocol.ts";
import type { K8sOptions, K8sTiming, K8sVersion } from "./config.ts";
import type { K8sState } from "./elector.ts";
import { recordChanged, type LeaseRecord } from "./lease-lock.ts";
import { CANDIDATES } from "../../servers/index.ts";

const O = (ctx: Ctx) => ctx.scenario.options as K8sOptions;
const REQUEUE = 5 * 60_000; // leasecandidate.go:42 requeueInterval

/** The versions of this start: a restart is the next entry (an upgrade), the last one sticks. */
export function versionOf(ctx: Ctx, st: K8sState): K8sVersion {
  const list = (O(ctx).versions as Record<string, K8sVersion[]>)[ctx.id];
  return list[Math.min(st.starts ?? 0, list.length - 1)];
}

/** Create or update our LeaseCandidate (the API server keeps its creationTimestamp). */
export function writeCandidate(ctx: Ctx, st: K8sState, pingTime: number | null): void {
  const v = versionOf(ctx, st);
  const value = {
    leaseName: "election",
    binaryVersion: v.binary,
    emulationVersion: v.emulation,
    strategy: "OldestEmulationVersion",
    pingTime,
    renewTime: ctx.wall(),
    node: ctx.self,
  };
  ctx.send(ctx.STORE, "LeaseCandidate", {
    reqId: -1,
    compare: [],
    success: [{ op: "put", key: CANDIDATES + ctx.id, value }],
  });
  ctx.setTimer("candidate", REQUEUE);
}

type Step = "get" | "update";
interface Helpers {
  setObserved(ctx: Ctx, st: K8sState, rec: LeaseRecord, rv: number): void;
  done(ctx: Ctx, st: K8sState, ok: boolean): void;
  request(ctx: Ctx, st: K8sState, step: Step, start: number, record?: LeaseRecord): void;
}

/** tryCoordinatedRenew after its Get (leaderelection.go:364-439). */
export function afterCoordinatedGet(
  ctx: Ctx,
  st: K8sState,
  start: number,
  found: LeaseRecord | null,
  rv: number,
  h: Helpers,
): void {
  if (found && recordChanged(found, st.observed)) h.setObserved(ctx, st, found, rv);
  else st.observedRV = rv;
  const d = decide(ctx, st, found, start);
  if (d.why && st.leading && d.preferred)
    ctx.note(
      `${d.why}: not renewing`,
      { kind: "end-of-term", preferred: d.preferred },
      ctx.cause("k8s.coordinated.endOfTerm", { preferred: d.preferred, holder: ctx.id }),
    );
  if (!d.ok) return h.done(ctx, st, false);
  if (!st.leading) st.namedRV = rv;
  const ld = (d.record as LeaseRecord).leaseDurationSeconds;
  if (found && found.leaseDurationSeconds !== ld) {
    ctx.note(
      `the Lease says leaseDurationSeconds ${found.leaseDurationSeconds} (as the election controller wrote it); my renewal writes my own, ${ld}`,
      { kind: "lease-duration", written: found.leaseDurationSeconds, mine: ld },
      ctx.cause("k8s.coordinated.leaseDuration", { written: found.leaseDurationSeconds, mine: ld }),
    );
  }
  h.request(ctx, st, "update", start, d.record);
}

/** The checks of tryCoordinatedRenew after its Get, and the record it would write. */
function decide(
  ctx: Ctx,
  st: K8sState,
  found: (LeaseRecord & { preferredHolder?: string }) | null,
  start: number,
): { ok: boolean; record?: LeaseRecord; why?: string; preferred?: string } {
  if (!found) return { ok: false, why: "Lease lock not found: only the election controller creates it" };
  if (st.observedTime + found.leaseDurationSeconds * 1000 < start)
    return { ok: false, why: "Lease has expired" };
  if (found.holderIdentity !== ctx.id) return { ok: false };
  if (found.preferredHolder)
    return {
      ok: false,
      why: `Lease is marked as 'end of term' (preferredHolder ${found.preferredHolder})`,
      preferred: found.preferredHolder,
    };
  const ld = Math.floor((ctx.scenario.timing as K8sTiming).leaseDuration / 1000);
  const record: LeaseRecord = {
    holderIdentity: ctx.id,
    leaseDurationSeconds: ld,
    acquireTime: found.acquireTime,
    renewTime: ctx.wall(),
    leaseTransitions: found.leaseTransitions,
  };
  return { ok: true, record };
}
