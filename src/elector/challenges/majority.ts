// Challenge: safe under partitions (one leader per term), with majorities (Raft, Ongaro and
// Ousterhout 2014, section 5.2: a candidate needs votes from a majority, and each server votes
// at most once per term, so two leaders of one term would need two overlapping majorities).
import type { Challenge } from "../types.ts";

const starter = `// Five nodes. When a node hears no leader for a while it starts a new term and asks for votes.
// This version has a flaw that the judge will find with a partition: fix it so that no two
// nodes ever lead in the same term.

function electionTimeout(node: Node): number {
  return 300 + Math.floor(node.random() * 300);
}

export function init(node: Node): void {
  if (node.disk.term === undefined) node.disk.term = 0;
  node.state.votes = 0;
  node.follow();
  node.setTimer("election", electionTimeout(node));
}

export function onTimer(node: Node, name: string): void {
  if (name === "election") {
    node.disk.term = (node.disk.term as number) + 1;
    node.state.votes = 1; // my own
    node.campaign();
    node.broadcast({ type: "REQUEST_VOTE", term: node.disk.term });
    node.setTimer("election", electionTimeout(node));
  }
  if (name === "heartbeat" && node.leading()) {
    node.broadcast({ type: "HEARTBEAT", term: node.disk.term });
    node.setTimer("heartbeat", 50);
  }
}

export function onMessage(node: Node, from: string, msg: Message): void {
  const term = msg.term as number;
  if (term > (node.disk.term as number)) {
    node.disk.term = term;
    node.follow();
    node.cancelTimer("heartbeat");
  }
  if (msg.type === "REQUEST_VOTE") {
    node.send(from, { type: "VOTE", term: node.disk.term, granted: term === node.disk.term });
  } else if (msg.type === "VOTE" && msg.granted && term === node.disk.term && !node.leading()) {
    node.state.votes = (node.state.votes as number) + 1;
    if ((node.state.votes as number) >= 2) {
      node.because("enough votes", { votes: node.state.votes as number });
      node.lead(node.disk.term as number);
      node.cancelTimer("election");
      node.setTimer("heartbeat", 1);
    }
  } else if (msg.type === "HEARTBEAT" && term === node.disk.term && !node.leading()) {
    node.follow();
    node.setTimer("election", electionTimeout(node));
  }
}
`;

export const majority: Challenge = {
  id: "majority",
  title: "Safe under partitions: one leader per term",
  brief: [
    "Five nodes elect a leader for numbered terms and lead with the term as their token. The network splits into two sides, heals, and splits again; nodes crash and restart.",
    "Your elector passes when no two nodes ever lead in the same term, on every schedule the judge tries, and a leader appears within 3 seconds when nothing goes wrong.",
    "A side that cannot reach most of the nodes may stay without a leader: that is the price of safety.",
  ].join("\n\n"),
  starter,
  hints: [
    "Count the votes: how many does a candidate need so that two candidates of one term cannot both win?",
    "More than half of all nodes (three of five): any two majorities share at least one node.",
    "That shared node must not vote twice in one term: remember whom you voted for, per term.",
    "A crash wipes node.state. Keep the term and your vote in node.disk, or a restarted node can vote again in a term it already voted in.",
  ],
  lessons: ["raft-election"],
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
    window: [500, 8000],
    faults: [{ kind: "partition", min: 300, max: 4000 }, "crash", { kind: "restart", min: 100, max: 2000 }],
  },
  safety: ["one-leader-per-term"],
  liveness: {
    withinMs: 3000,
    share: 1,
    label: "no leader within 3 s with nothing going wrong",
    scope: "fault-free",
  },
};
