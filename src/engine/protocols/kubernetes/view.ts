// What a client-go elector shows in the sandbox: its own deadline while it leads (it judges
// nothing else), or, as an observer, when it may take over by its own clock.
import type { Ctx } from "../../core/protocol.ts";
import type { K8sTiming } from "./config.ts";
import type { K8sState } from "./elector.ts";
import { coordinated } from "./elector.ts";
import { versionOf } from "./coordinated.ts";

const T = (ctx: Ctx) => ctx.scenario.timing as K8sTiming;

export function k8sView(ctx: Ctx, st: K8sState): Record<string, unknown> {
  const now = ctx.local();
  const stopBy = st.roundDeadline ?? st.lastRenew + T(ctx).retryPeriod + T(ctx).renewDeadline;
  const obsExp = st.observed ? st.observedTime + st.observed.leaseDurationSeconds * 1000 : null;
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return {
    ...(coordinated(ctx)
      ? {
          candidate: versionOf(ctx, st),
          preferredHolder: (st.observed as { preferredHolder?: string } | null)?.preferredHolder ?? null,
        }
      : {}),
    loop: st.loop,
    observedHolder: st.observed?.holderIdentity ?? null,
    observedTime: st.observed ? st.observedTime : null,
    resourceVersion: st.observedRV || null,
    leaseTransitions: st.observed?.leaseTransitions ?? null,
    lease: st.leading
      ? {
          judge: "holder",
          expiresAtMs: r3(stopBy),
          remainingMs: r3(stopBy - now),
          detail: "stops leading if no renewal succeeds by RetryPeriod + RenewDeadline, on its own clock",
        }
      : obsExp === null
        ? null
        : {
            judge: "observer",
            expiresAtMs: r3(obsExp),
            remainingMs: r3(obsExp - now),
            detail: "may take over once the record has not changed for leaseDuration on its own clock",
          },
  };
}
