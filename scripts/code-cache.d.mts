/** Runs the CommonJS bundle `file` from V8's code cache beside it and returns its exports. */
export function runCached(file: string): unknown;
