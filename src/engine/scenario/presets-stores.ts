// Presets for the recipes on a store: the ZooKeeper election recipe, the database row lease,
// Kubernetes coordinated leader election and Chubby-style sequencers.
import type { Preset } from "./presets.ts";

export const storePresets: Preset[] = [];
