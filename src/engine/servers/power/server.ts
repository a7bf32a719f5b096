// The power switch of a failover pair as the server behind the store process (power-switch.ts).
// It grants no lease: the sandbox draws its pending shots, not a lease arc.
import { storeNow } from "../common.ts";
import { answerSequencer } from "../sequencer.ts";
import { newStore } from "../etcd/store.ts";
import { newPower, powerHandle, powerKeys, powerTick } from "./power-switch.ts";
import type { Server } from "../../core/world.ts";
import type { World } from "../../core/world.ts";
import type { StoreState } from "../state.ts";
import type { ServerWorld } from "../world.ts";

const sw = (w: World) => w as ServerWorld;

export function newPowerStore(): StoreState {
  const st = newStore(null, "power");
  st.power = newPower();
  return st;
}

export const powerServer: Server = {
  kind: "power-switch",
  leases: false,
  receive(w, m) {
    if (m.kind === "CheckSequencer")
      return answerSequencer(
        sw(w),
        m,
        (n, t) => sw(w).s.store.holder === n && sw(w).s.store.holderToken === t,
        sw(w).s.store.holder,
      );
    powerHandle(sw(w), m);
  },
  tick: (w, e) => powerTick(sw(w), e),
  recovered: () => "the fence device answers again",
  leaseOf: () => null,
  frame(w) {
    const s = sw(w).s;
    const st = s.store;
    return {
      up: st.up,
      rev: st.rev,
      clockMs: storeNow(w),
      driftPpm: s.storeClock.driftPpm,
      holder: st.holder,
      holderToken: st.holderToken,
      leases: [],
      keys: powerKeys(sw(w)),
      kind: "power-switch",
    };
  },
};
