// Typed trace events. Every event carries its simulation time `t` (ms). The trace is the
// ground truth for summaries, tests and the sandbox timeline; it lives inside the state so a
// snapshot carries its history.
import type { WriteResult } from "./types.ts";

export type TraceEvent =
  | { t: number; type: "start"; protocol: string; nodes: number; seed: number; until: number; fencing: string }
  | { t: number; type: "fault"; fault: string; node?: string; resolved?: string; detail: string }
  | { t: number; type: "role"; node: string; from: string; to: string; term: number }
  | { t: number; type: "term"; node: string; from: number; to: number }
  | { t: number; type: "vote"; node: string; term: number; candidate: string; granted: boolean; pre: boolean }
  | { t: number; type: "leader-start"; node: string; token: number; term: number }
  | { t: number; type: "leader-end"; node: string; token: number; reason: string }
  | { t: number; type: "send"; id: number; from: string; to: string; kind: string; arriveAt: number }
  | { t: number; type: "deliver"; id: number; from: string; to: string; kind: string }
  | { t: number; type: "drop"; id: number; from: string; to: string; kind: string; reason: string }
  | {
      t: number;
      type: "lease";
      action: "grant" | "renew" | "expire" | "revoke" | "self-demote" | "observe" | "takeover" | "release";
      node: string;
      /** whose clock judged this: the store's, the holder's own, or an observer's */
      judge: "store" | "holder" | "observer";
      lease?: string;
      ttlMs?: number;
      /** expiry on the judging clock (store clock for the store, local clock for nodes) */
      expiresAtLocal?: number;
      detail?: string;
    }
  | { t: number; type: "store"; op: string; key?: string; rev: number; detail?: string }
  | { t: number; type: "holder"; holder: string | null; token: number }
  | { t: number; type: "write"; node: string; token: number; result: WriteResult; maxSeen: number; sentAt: number; detail?: string }
  | { t: number; type: "write-skipped"; node: string; token: number; reason: string }
  /** severity "safety": a rule broken; "hazard": a window the algorithm allows (overlap, stale
   *  write). Absent in traces recorded before the split: read as safety. */
  | { t: number; type: "violation"; property: string; detail: string; severity?: "safety" | "hazard" }
  | { t: number; type: "note"; node: string; text: string };

export type TraceType = TraceEvent["type"];

/** Types kept when traceLevel is "roles" (the fast mode used by experiments and trials). */
export const ROLE_TYPES: ReadonlySet<string> = new Set([
  "start", "fault", "role", "leader-start", "leader-end", "write", "violation", "holder",
]);
