// The ids the practice routes accept in their search params. Kept apart from the pages and the
// engine on purpose: route search validation is bundled into the main chunk, and importing
// the comparison or experiment modules here would pull the whole engine onto the home page.
export const EXPERIMENT_IDS = ["figure16", "lease", "cost"] as const;
export const COMPARISON_IDS = ["ttl", "fencing", "watch", "prevote"] as const;
