// Challenge: timing alone cannot make a leader safe (Kleppmann 2016; Gray and Cheriton 1989
// assume bounded drift, and a process pause breaks any bound): a leader that checks its lease
// on its own clock can be paused, or run fast, just past the check. Only a token handed out
// once per leadership (here a majority's term) keeps two leaderships apart.
import type { Challenge } from "../types.ts";

const starter = `// Three nodes and no store. The leader sends a heartbeat every 100 ms; a follower that hears
// nothing for a second takes over. Tune the timeouts and margins as you like: the judge pauses
// nodes and makes clocks run fast. Can timing alone keep two leaders apart?

const HEARTBEAT = 100;
const TAKEOVER = 1000;

export function init(node: Node): void {
  if (node.disk.epoch === undefined) node.disk.epoch = 0;
  node.state.lastHeard = node.now();
  node.setTimer("check", HEARTBEAT);
}

export function onTimer(node: Node, name: string): void {
  node.setTimer("check", HEARTBEAT);
  if (node.leading()) {
    node.broadcast({ type: "HEARTBEAT", epoch: node.disk.epoch });
  } else if (node.now() - (node.state.lastHeard as number) > TAKEOVER + node.rank * 200) {
    node.disk.epoch = (node.disk.epoch as number) + 1;
    node.because("heard no leader", { silentMs: node.now() - (node.state.lastHeard as number) });
    node.lead(node.disk.epoch as number);
  }
}

export function onMessage(node: Node, from: string, msg: Message): void {
  if (msg.type === "HEARTBEAT") {
    node.state.lastHeard = node.now();
    if ((msg.epoch as number) > (node.disk.epoch as number)) node.disk.epoch = msg.epoch;
    if (node.leading() && (msg.epoch as number) >= (node.disk.epoch as number) && from !== node.id) {
      node.because("another leader is newer", { epoch: msg.epoch as number });
      node.follow();
    }
  }
}
`;

export const noToken: Challenge = {
  id: "no-token",
  title: "Timing alone is not enough",
  brief: [
    "Three nodes, no store. The leader writes to the resource every second, with its token; the resource refuses a token lower than one it has seen.",
    "The judge pauses nodes for seconds at a time and makes clocks run fast or slow. Try to keep two leaderships apart with timeouts and margins alone, and watch the judge find the schedule that beats each one.",
    "Your elector passes when no two nodes ever lead with the same token, no write lands after a newer leadership began, and a leader appears within 3 seconds when nothing goes wrong.",
  ].join("\n\n"),
  starter,
  hints: [
    "A pause can strike just after any check a node makes, and a fast clock makes a node's timeouts end early: no margin is large enough for every pause.",
    "What the resource can check is a number. Two leaderships must never carry the same token, and a later one must carry a larger one.",
    "A token that only one node can ever hold for a given value needs agreement: a term that a majority voted for, each voter voting once per term.",
  ],
  lessons: ["timing-and-self-demotion", "clocks-and-suspend", "fencing-tokens"],
  scenario: {
    protocol: "learner",
    nodes: 3,
    seed: 1,
    until: "15s",
    network: { delay: "2ms", jitter: "1ms", loss: 0 },
    fencing: "token",
    work: { every: "1s" },
  },
  budget: {
    schedules: 300,
    maxFaults: 3,
    window: [1000, 10000],
    faults: [
      { kind: "pause", min: 500, max: 6000 },
      { kind: "clock", max: 200000 },
    ],
  },
  safety: ["one-leader-per-term", "late-write"],
  liveness: {
    withinMs: 3000,
    share: 1,
    label: "no leader within 3 s with nothing going wrong",
    scope: "fault-free",
  },
};
