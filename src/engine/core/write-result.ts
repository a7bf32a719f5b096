// What the fenced resource did with one write. Its own file because both the world's types
// (types.ts) and the trace's events (trace.ts) name it, and types.ts already needs the trace's
// log: keeping it in types.ts made types -> trace-log -> trace -> types a cycle.
export type WriteResult = "accepted" | "rejected" | "stale-accepted";
