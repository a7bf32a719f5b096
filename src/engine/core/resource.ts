// The fenced resource (protocols.md §10; Kleppmann 2016): it keeps the highest token seen.
// Mode "token" rejects a write whose token is below it (equal is fine: one leader writes many
// times under one epoch); mode "none" accepts everything. Either way a write is
// "stale-accepted" when it lands although a newer leadership had already been granted, which
// is the window fencing narrows (it cannot stop a stale write that arrives before the new
// leader's first one).
import { emit } from "./trace-emit.ts";
import { violation } from "./monitors.ts";
import type { World } from "./world.ts";
import type { Msg, ResourceState, WriteResult } from "./types.ts";

const KEEP_LAST = 8;

export function newResource(mode: "token" | "none"): ResourceState {
  return { mode, maxSeen: 0, maxApplied: 0, accepted: 0, rejected: 0, staleAccepted: 0, last: [] };
}

export function handleWrite(w: World, m: Msg): void {
  const r = w.s.resource;
  const token: number = m.body.token;
  const node = w.s.nodes[m.from].id;
  let result: WriteResult;
  if (r.mode === "token" && token < r.maxSeen) {
    result = "rejected";
    r.rejected++;
  } else {
    if (token < r.maxApplied) {
      // Only reachable with fencing off: the order of applied tokens went backwards.
      if (r.mode === "token") violation(w, "fencing-monotonic", `applied ${token} after ${r.maxApplied}`);
    }
    r.maxApplied = Math.max(r.maxApplied, token);
    if (token < w.s.mon.granted) {
      result = "stale-accepted";
      r.staleAccepted++;
    } else {
      result = "accepted";
      r.accepted++;
    }
  }
  if (token > r.maxSeen && result !== "rejected") r.maxSeen = token;
  emit(w, { type: "write", node, token, result, maxSeen: r.maxSeen, sentAt: m.sentAt });
  if (result === "stale-accepted") {
    violation(w, "stale-write", `${node}'s write with token ${token} was applied after token ${w.s.mon.granted} had been granted`);
  }
  r.last.push({ t: w.s.now, node, token, result });
  if (r.last.length > KEEP_LAST) r.last.shift();
}
