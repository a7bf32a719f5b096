// Appending to the trace. Kept apart from trace.ts (pure types) so that every core module can
// emit without pulling in the rest of the engine.
import { ROLE_TYPES } from "./trace.ts";
import type { TraceEvent } from "./trace.ts";
import type { TraceInput } from "../protocols/types.ts";
import type { World } from "./world.ts";

export function emit(w: World, ev: TraceInput): TraceEvent | undefined {
  const s = w.s;
  if (s.traceLevel !== "full" && !ROLE_TYPES.has(ev.type)) return undefined;
  const e = { t: s.now, ...ev } as TraceEvent;
  s.trace.push(e);
  return e;
}
