export async function benchUi(log: (...a: unknown[]) => void) { log("UI benchmark: pending the sandbox"); return null; }
