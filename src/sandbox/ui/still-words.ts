// The still picture's words, read off the run's own frame at 0 s (the engine builds it on the
// page in well under a millisecond), in the live picture's wording: each node's role and number
// line, the store's line and the resource's lines. The still then carries the same words as the
// first live frame, so nothing changes at the hand-over but the controls coming alive (review
// 15a #15: lesson 1's embed showed bare circles for about 1.5 s, then labels popped in).
import type { Frame, Scenario } from "../../engine/index.ts";
import { createParsedSimulation } from "../../engine/sim.ts";
import type { StillWords } from "../GuidedStill.tsx";
import { formatToken, storeLine, termLabelOf } from "../labels.ts";
import { BOX_TOKEN } from "../vocabulary.ts";
import { nodeNumberLine, nodeRoleLabel, zabVote } from "../views/cluster-nodes.ts";

/** The first frame of `sc`, or null if the engine cannot build it here (the worker will say why). */
function firstFrame(sc: Scenario): Frame | null {
  try {
    return createParsedSimulation(sc).frame();
  } catch {
    return null;
  }
}

/** The words the live picture draws on the run's first frame (views/cluster-nodes.ts and
 *  cluster-servers.ts, for a small cluster's full labels at 0 s: no votes, no clock line). */
export function stillWords(sc: Scenario, simple: boolean): StillWords | null {
  const f = firstFrame(sc);
  if (!f) return null;
  const label = termLabelOf(sc, f.protocol);
  const nodes = f.nodes.map((n) => {
    const line = nodeNumberLine(label, f, n);
    // Zab's vote while LOOKING: (epoch, zxid, id) on a wide picture, only whom on a narrow one.
    const wide = zabVote(n, true);
    const slim = (n.view as { vote?: { leader?: string } | null }).vote?.leader ?? null;
    return [
      nodeRoleLabel(n),
      wide ? `${line} · vote ${wide}` : line,
      slim ? `${line} · vote ${slim}` : line,
    ] as const;
  });
  const r = f.resource;
  const fencing = r.mode === "token" ? "on" : r.mode === "sequencer" ? "by sequencer" : "off";
  const fence =
    r.mode === "sequencer"
      ? "fencing: asks the lock"
      : simple
        ? ""
        : `fencing ${fencing} · max ${BOX_TOKEN} ${formatToken(f.protocol, r.maxToken)}`;
  return {
    nodes,
    ...(f.store ? { store: f.store.up ? storeLine(f.protocol, f.store, f.nodes).line : "DOWN" } : {}),
    resource: [fence, "no writes yet"],
  };
}
