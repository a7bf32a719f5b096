// Challenge: a bully elector that recovers from crashes (Garcia-Molina 1982, section 4: the
// highest live id becomes coordinator; a node that misses the coordinator calls an election).
import type { Challenge } from "../types.ts";

const starter = `// Bully: the highest id alive should lead.
// Right now the highest node declares itself once, at start, and nobody ever checks on it.
// Make the others notice when the coordinator is gone and elect the highest node still alive.

export function init(node: Node): void {
  node.state.coordinator = null;
  if (node.rank === node.size) {
    node.because("I have the highest id", { rank: node.rank });
    node.lead(node.rank);
    node.broadcast({ type: "COORDINATOR" });
  }
}

export function onMessage(node: Node, from: string, msg: Message): void {
  if (msg.type === "COORDINATOR") {
    node.state.coordinator = from;
    node.follow();
  }
}

export function onTimer(node: Node, name: string): void {
  // TODO: ping the coordinator; when it stops answering, start an election.
}
`;

export const bullyCrash: Challenge = {
  id: "bully-crash",
  title: "A bully that survives crashes",
  brief: [
    "Five nodes elect a coordinator the bully way: the highest id that is alive wins. Nodes crash, and crashed nodes come back.",
    "Your elector passes when, after any crash, some node leads again within 2 seconds, and whenever a node restarts the cluster settles again within 2 seconds. The judge crashes and restarts up to three nodes at a time, the leader among them.",
    "Each leadership needs a token that no earlier leadership used: keep an epoch on disk and lead with epoch × 100 + rank.",
  ].join("\n\n"),
  starter,
  hints: [
    "A follower can only learn that the coordinator died by asking: send it a PING every couple of hundred ms and expect a PONG.",
    "When no PONG comes back, send ELECTION to every higher node. If none answers within a short wait, announce yourself with COORDINATOR.",
    "A higher node that gets ELECTION answers at once and starts its own election, so the highest live node always ends up announcing.",
    "A restarted node starts with empty memory: call an election from init so it learns who leads (or takes over, if it is the highest).",
  ],
  lessons: ["bully-and-ring"],
  scenario: {
    protocol: "learner",
    nodes: 5,
    seed: 1,
    until: "10s",
    network: { delay: "2ms", jitter: "1ms", loss: 0 },
  },
  budget: {
    schedules: 400,
    maxFaults: 3,
    window: [1000, 6000],
    faults: ["crash", { kind: "restart", min: 300, max: 2000 }],
  },
  safety: ["one-leader-per-term"],
  liveness: { withinMs: 2000, share: 1, label: "no node led for more than 2 s", scope: "all" },
};
