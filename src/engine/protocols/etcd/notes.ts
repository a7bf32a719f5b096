// etcd election's own notes (core/trace.ts NoteKinds) and their narration: a watch stream that
// broke and resumed from a revision, and the event the store replayed on it.
import type { NarrationSpec } from "../spec.ts";

declare module "../../core/trace.ts" {
  interface NoteKinds {
    /** the gRPC stream broke; the watch is registered again on a new stream from `fromRev` */
    "watch-resumed": { key: string; fromRev: number };
    /** an event that came on a resumed watch (the store replayed it from its history) */
    "resumed-watch-event": { key: string; rev: number; fromRev: number };
  }
}

export const etcdNarration: NarrationSpec = {
  notes: {
    "watch-resumed": (n, node, a) => ({
      text: `${node}'s watch stream to ${a.Store} broke; it watches ${n.key} again on a new stream, from revision ${n.fromRev}, so nothing in between is missed`,
      tone: "info",
    }),
    "resumed-watch-event": (n, node) => ({
      text: `${node}'s resumed watch delivered the delete of ${n.key} (revision ${n.rev}) that happened while its stream was down`,
      tone: "info",
      important: true,
    }),
  },
};
