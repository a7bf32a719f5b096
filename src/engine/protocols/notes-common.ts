// A note kind two protocols write alike: the bully algorithm's coordinator and the ring's
// successor, presumed dead after no PONG in time. Each protocol's own note kinds live in
// protocols/<name>/notes.ts.
import type { NoteNarration } from "./spec.ts";

declare module "../core/trace.ts" {
  interface NoteKinds {
    /** bully / ring: no PONG within `waitedMs`; ring: the successor it now sends to */
    "presumed-dead": { peer: string; role: "coordinator" | "successor"; waitedMs: number; next?: string };
  }
}

export const presumedDeadNotes: NoteNarration = {
  "presumed-dead": (n, node, a) => ({
    // The bully paper's "coordinator" is the picture's leader: one word on screen.
    text: `${node} got no PONG from its ${n.role === "coordinator" ? "leader" : n.role} ${n.peer} within ${a.seconds(n.waitedMs)} and presumes it dead${n.next ? `; the ring now goes to ${n.next}` : ""}`,
    tone: "info",
  }),
};
