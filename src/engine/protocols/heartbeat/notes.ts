// The heartbeat pair's own notes (core/trace.ts NoteKinds) and their narration, with those of the
// fence device it runs with (servers/power/power-switch.ts).
import type { NarrationSpec } from "../spec.ts";
import type { NoteOf } from "../../core/trace.ts";

declare module "../../core/trace.ts" {
  interface NoteKinds {
    "declared-dead": { peer: string; silentMs: number };
    active: {
      epoch: number;
      reason: "primary" | "no-stonith" | "stonith-fired" | "stonith-confirmed";
      peer: string;
    };
    "standing-down": { peer: string; theirEpoch: number; myEpoch: number };
  }
}

const ACTIVE_WHY: Record<NoteOf<"active">["reason"], (peer: string) => string> = {
  primary: () => "it is the configured primary",
  "no-stonith": (peer) => `${peer} went silent and no STONITH is configured`,
  "stonith-fired": (peer) => `${peer} went silent; it fired STONITH without waiting for the fence device`,
  "stonith-confirmed": (peer) => `the fence device confirmed ${peer} is off`,
};

export const heartbeatNarration: NarrationSpec = {
  notes: {
    "declared-dead": (n, node, a) => ({
      text: `${node} heard no heartbeat from ${n.peer} for ${a.seconds(n.silentMs)} and declared it dead`,
      tone: "info",
    }),
    active: (n, node) => ({
      text: `${node} took the active role (epoch ${n.epoch}): ${ACTIVE_WHY[n.reason](n.peer)}`,
      tone: "info",
    }),
    "standing-down": (n, node) => ({
      text: `${node} stood down: ${n.peer} is active with a newer epoch (${n.theirEpoch} against its ${n.myEpoch})`,
      tone: "info",
    }),
    "fence-request": (n, _node, a) => ({
      text: `${a.Store}: ${n.by} asks to power off ${n.target}`,
      tone: "info",
    }),
    fenced: (n, _node, a) => ({
      text: n.wasUp
        ? `${a.Store}: powered off ${n.target} (STONITH by ${n.by})`
        : `${a.Store}: ${n.target} was already off (STONITH by ${n.by})`,
      tone: "info",
    }),
  },
};
