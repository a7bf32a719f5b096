// Challenge: randomized election timeouts (Raft, Ongaro and Ousterhout 2014, section 5.2 and
// Figure 16: with timeouts spread over a range a few times the broadcast time, split votes are
// rare and resolve quickly; with equal timeouts every node stands at once, forever).
import type { Challenge } from "../types.ts";

const starter = `// Five nodes boot together. Each waits for a leader, then stands for election with a new term.
// The votes are counted correctly, yet on most runs nobody ever wins. Why?

const ELECTION_TIMEOUT = 300;

export function init(node: Node): void {
  if (node.disk.term === undefined) { node.disk.term = 0; node.disk.votedFor = null; }
  node.state.votes = [];
  node.follow();
  node.setTimer("election", ELECTION_TIMEOUT);
}

function newTerm(node: Node, term: number): void {
  node.disk.term = term;
  node.disk.votedFor = null;
  node.follow();
  node.cancelTimer("heartbeat");
  node.setTimer("election", ELECTION_TIMEOUT);
}

export function onTimer(node: Node, name: string): void {
  if (name === "election") {
    node.disk.term = (node.disk.term as number) + 1;
    node.disk.votedFor = node.id;
    node.state.votes = [node.id];
    node.because("heard no leader", { timeoutMs: ELECTION_TIMEOUT });
    node.campaign();
    node.broadcast({ type: "REQUEST_VOTE", term: node.disk.term });
    node.setTimer("election", ELECTION_TIMEOUT);
  } else if (name === "heartbeat" && node.leading()) {
    node.broadcast({ type: "HEARTBEAT", term: node.disk.term });
    node.setTimer("heartbeat", 50);
  }
}

export function onMessage(node: Node, from: string, msg: Message): void {
  const term = msg.term as number;
  if (term > (node.disk.term as number)) newTerm(node, term);
  if (msg.type === "REQUEST_VOTE") {
    const granted = term === node.disk.term && (node.disk.votedFor === null || node.disk.votedFor === from);
    if (granted) { node.disk.votedFor = from; node.setTimer("election", ELECTION_TIMEOUT); }
    node.send(from, { type: "VOTE", term: node.disk.term, granted });
  } else if (msg.type === "VOTE" && msg.granted && term === node.disk.term && !node.leading()) {
    const votes = node.state.votes as string[];
    if (!votes.includes(from)) votes.push(from);
    if (votes.length > node.size / 2) {
      node.because("a majority voted for me", { votes: votes.length, of: node.size });
      node.lead(node.disk.term as number);
      node.cancelTimer("election");
      node.broadcast({ type: "HEARTBEAT", term: node.disk.term });
      node.setTimer("heartbeat", 50);
    }
  } else if (msg.type === "HEARTBEAT" && term === node.disk.term && !node.leading()) {
    node.follow();
    node.setTimer("election", ELECTION_TIMEOUT);
  }
}
`;

export const raftTimeouts: Challenge = {
  id: "raft-timeouts",
  title: "Randomized timeouts: a leader despite split votes",
  brief: [
    "Five nodes boot at the same instant and elect a leader by majority vote, as Raft does. When two nodes stand at once they split the votes, and nobody wins that term.",
    "Your elector passes when some node leads within 1.5 seconds of the start, and again within 1.5 seconds of any leader crash, on at least 95 % of the runs the judge tries, each with its own random numbers. No two nodes may ever lead in one term.",
  ].join("\n\n"),
  starter,
  hints: [
    "If every node waits exactly the same time, every node stands at the same time, and every vote is split. Again and again.",
    "Draw each node's timeout at random from a range, with node.random(), and draw it afresh every time you arm it.",
    "How wide? The range should be several times a message round trip (here a few milliseconds), so one node usually stands, and wins, before the others wake: Raft uses 150 to 300 ms.",
  ],
  lessons: ["raft-election"],
  scenario: {
    protocol: "learner",
    nodes: 5,
    seed: 1,
    until: "6s",
    network: { delay: "5ms", jitter: "2ms", loss: 0 },
  },
  budget: { schedules: 200, maxFaults: 2, window: [1500, 4000], faults: ["crash"] },
  safety: ["one-leader-per-term"],
  liveness: {
    withinMs: 1500,
    share: 0.95,
    label: "no leader within 1.5 s on more than 5 % of runs",
    scope: "all",
  },
  varySeed: true,
};
