// What the fenced resource did with one write. Its own file because both the world's types
// (types.ts) and the trace's events (trace.ts) name it, and types.ts already needs the trace's
// log: keeping it in types.ts made types -> trace-log -> trace -> types a cycle.
export type WriteResult = "accepted" | "rejected" | "stale-accepted";

/** Did an accepted write break fencing's promise: applied although the resource had already
 *  applied a higher token (Kleppmann, "How to do distributed locking", 2016: the resource rejects
 *  a token lower than the highest it has seen)? `maxSeen` is the highest token after the write,
 *  as the trace's write event carries it: an applied write below it was applied after a higher
 *  one. Only such a write is lost safety (the monitors' fencing-monotonic violation, red); a
 *  deposed leader's write that lands before the newer leader's first write ("stale-accepted"
 *  with nothing higher applied) is a hazard, two leaders acting (amber). */
export function appliedOutOfOrder(w: { result: WriteResult; token: number; maxSeen: number }): boolean {
  return w.result !== "rejected" && w.token < w.maxSeen;
}

/** How a write reads in the sandbox: refused (fencing worked), applied out of order (safety
 *  lost), early (a deposed leader's write before the newer leader's first: a hazard), or fine. */
export type WriteVerdict = "refused" | "lost" | "early" | "ok";
export function writeVerdict(w: { result: WriteResult; token: number; maxSeen: number }): WriteVerdict {
  if (w.result === "rejected") return "refused";
  if (appliedOutOfOrder(w)) return "lost";
  return w.result === "stale-accepted" ? "early" : "ok";
}
