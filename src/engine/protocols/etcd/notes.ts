// etcd election's own notes (core/trace.ts NoteKinds) and their narration: a watch stream that
// broke and resumed from a revision, and the event the store replayed on it.
import type { NarrationSpec } from "../spec.ts";
import { noPredecessorReason } from "./why.ts";

declare module "../../core/trace.ts" {
  interface NoteKinds {
    /** the gRPC stream broke; the watch is registered again on a new stream from `fromRev` */
    "watch-resumed": { key: string; fromRev: number };
    /** an event that came on a resumed watch (the store replayed it from its history) */
    "resumed-watch-event": { key: string; rev: number; fromRev: number };
  }
}

export const etcdNarration: NarrationSpec = {
  // The token says where it comes from the first time a learner meets it (review 5b #15: a first
  // leader with token 2 beside a resource that read "max token 0" begged "why not 1?"): it is
  // the create revision of the leader's key (concurrency/election.go Rev(), v3.5.0), and a fresh
  // store already stands at revision 1 (mvcc/kvstore.go), so the first key made is 2.
  // Plain words first (review 8b #5: "its key was first in line" meant nothing in the picture);
  // etcd's own terms stay in the Why? table's secondary lines. Latest's line only: the Why? chain keeps its short title.
  // The reason is the one its Why? step gives (etcd.election.noPredecessor, why.ts).
  event(e) {
    if (e.type === "leader-start")
      return {
        text: `${e.node} became leader: ${e.why?.rule === "etcd.election.noPredecessor" ? noPredecessorReason(e.why.values) : "its key is first in line"}, so it writes with token ${e.token}`,
        tone: "leader",
        important: true,
      };
    return undefined;
  },
  notes: {
    "watch-resumed": (n, node, a) => ({
      text: `${node}'s watch stream to ${a.Store} broke; it watches ${n.key} again on a new stream, from etcd's count ${n.fromRev}, so nothing in between is missed`,
      tone: "info",
    }),
    "resumed-watch-event": (n, node) => ({
      text: `${node}'s resumed watch delivered the delete of ${n.key} (at etcd's count ${n.rev}) that happened while its stream was down`,
      tone: "info",
      important: true,
    }),
  },
};
