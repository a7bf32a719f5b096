// Safety checks computed from a trace independently of the engine's own monitors.
import type { TraceEvent } from "../core/trace.ts";

/** Properties the protocols guarantee regardless of timing. */
export const SAFETY = [
  "one-leader-per-term",
  "one-vote-per-term",
  "term-monotonic",
  "token-monotonic",
  "one-holder",
  "fencing-monotonic",
];

export function safetyProblems(trace: readonly TraceEvent[], fencing: string): string[] {
  const out: string[] = [];
  for (const e of trace) {
    if (e.type !== "violation" || !SAFETY.includes(e.property)) continue;
    // Without fencing nothing stops a late write: the monitor rightly fires, but no protocol promises otherwise.
    if (e.property === "fencing-monotonic" && fencing === "none") continue;
    if (e.severity === "hazard") out.push(`monitor: ${e.property} reported as a hazard`);
    out.push(`monitor: ${e.property} at ${e.t}: ${e.detail}`);
  }
  // At most one leader per term/epoch, over the whole history.
  const byToken = new Map<number, string>();
  for (const e of trace) {
    if (e.type !== "leader-start") continue;
    const prev = byToken.get(e.token);
    if (prev !== undefined && prev !== e.node)
      out.push(`two leaders for token ${e.token}: ${prev} and ${e.node}`);
    byToken.set(e.token, e.node);
  }
  // At most one real vote per node per term (full traces only).
  const votes = new Map<string, string>();
  for (const e of trace) {
    if (e.type !== "vote" || !e.granted || e.pre) continue;
    const k = `${e.node}:${e.term}`;
    const prev = votes.get(k);
    if (prev !== undefined && prev !== e.candidate) out.push(`${e.node} voted twice in term ${e.term}`);
    votes.set(k, e.candidate);
  }
  // Each new holder at the store gets a strictly larger token.
  let lastHolder: string | null = null;
  let lastToken = -1;
  for (const e of trace) {
    if (e.type !== "holder" || e.holder === null) continue;
    if ((e.holder !== lastHolder || e.token !== lastToken) && e.token <= lastToken)
      out.push(`holder ${e.holder} got token ${e.token} after ${lastToken}`);
    lastHolder = e.holder;
    lastToken = Math.max(lastToken, e.token);
  }
  // A fenced resource never applies a lower token after a higher one.
  if (fencing === "token") {
    let max = -1;
    for (const e of trace) {
      if (e.type !== "write" || e.result === "rejected") continue;
      if (e.token < max) out.push(`resource applied token ${e.token} after ${max}`);
      max = Math.max(max, e.token);
    }
  }
  return out;
}
