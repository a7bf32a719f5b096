// How "Why?" steps back from client-go leader election's decisions (explain/chain.ts, through
// the registry): a Lease acquired goes back to its takeover, an expiry seen on a candidate's
// clock to the fault that stopped the holder renewing.
import type { ChainSpec } from "../spec.ts";
import { toFaultOn, toTakeover } from "../chain-common.ts";

export const kubernetesChain: ChainSpec = {
  back: {
    "k8s.lease.expiredOnMyClock": toFaultOn("holder"),
    "k8s.lease.acquired": toTakeover,
  },
  routine: ["k8s.lease.observed"],
};
