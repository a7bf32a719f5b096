// The ZooKeeper recipe's own notes (core/trace.ts NoteKinds) and how the sandbox narrates it:
// its client session, and a candidate listing the election znodes again.
import type { NarrationSpec } from "../spec.ts";

declare module "../../core/trace.ts" {
  interface NoteKinds {
    "session-expired": { session: string; reason: "server" | "client-timeout" };
    "session-reconnected": { session: string };
  }
}

export const zookeeperNarration: NarrationSpec = {
  notes: {
    "session-expired": (n, node) => ({
      text: `${node}'s session ${n.session} expired (${n.reason === "server" ? "the server said so" : "its own clock ran out first"}); it creates a new session`,
      tone: "info",
    }),
    "session-reconnected": (n, node) => ({
      text: `${node} reconnected: session ${n.session} is still alive`,
      tone: "info",
    }),
  },
  event(e) {
    if (e.type === "role" && e.to === "candidate" && e.from === "follower")
      return { text: `${e.node} is listing the election znodes again`, tone: "info" };
    return undefined;
  },
};
