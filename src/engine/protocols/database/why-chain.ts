// How "Why?" steps back from the SQL row lease's decisions (explain/chain.ts, through the
// registry): an acquire goes back to its takeover, an expired row to the fault that stopped the
// previous holder renewing.
import type { ChainSpec } from "../spec.ts";
import { toFaultOn, toTakeover } from "../chain-common.ts";

export const databaseChain: ChainSpec = {
  back: {
    "sql.acquire.expired": toFaultOn("prevHolder"),
    "sql.client.acquired": toTakeover,
    "sql.acquire": toTakeover,
  },
  routine: ["sql.renew"],
};
