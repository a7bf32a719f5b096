// Servers see the world with the store's state typed as theirs (state.ts). The core hands every
// server hook a World; the store process's state is a StoreState because the server made it.
import type { World } from "../core/world.ts";
import type { SimState } from "../core/types.ts";
import type { StoreState } from "./state.ts";

export type ServerWorld = World & { s: SimState & { store: StoreState } };
