// Timing alone is not enough: the reference takes its token from a majority's term; a takeover
// timer with a locally counted epoch, or a clock reading as the token, loses to a pause or a
// drifting clock.
import { describe, it } from "vitest";
import { noToken } from "./no-token.ts";
import { expectFails, expectPasses, LONG } from "./judge-cases.ts";

const REFERENCE = `const HEARTBEAT = 50;

function timeout(node: Node): number {
  return 300 + Math.floor(node.random() * 300);
}

function term(node: Node): number {
  return node.disk.term as number;
}

export function init(node: Node): void {
  if (node.disk.term === undefined) { node.disk.term = 0; node.disk.votedFor = null; }
  node.state.votes = [];
  node.follow();
  node.setTimer("election", timeout(node));
}

function newTerm(node: Node, t: number): void {
  node.because("saw a newer term", { term: t });
  node.disk.term = t;
  node.disk.votedFor = null;
  node.state.votes = [];
  node.follow();
  node.cancelTimer("heartbeat");
  node.setTimer("election", timeout(node));
}

export function onTimer(node: Node, name: string): void {
  if (name === "election") {
    node.disk.term = term(node) + 1;
    node.disk.votedFor = node.id;
    node.state.votes = [node.id];
    node.because("heard no leader", { term: term(node) });
    node.campaign();
    node.broadcast({ type: "REQUEST_VOTE", term: term(node) });
    node.setTimer("election", timeout(node));
  } else if (name === "heartbeat" && node.leading()) {
    node.broadcast({ type: "HEARTBEAT", term: term(node) });
    node.setTimer("heartbeat", HEARTBEAT);
  }
}

export function onMessage(node: Node, from: string, msg: Message): void {
  const t = msg.term as number;
  if (t > term(node)) newTerm(node, t);
  if (msg.type === "REQUEST_VOTE") {
    const granted = t === term(node) && (node.disk.votedFor === null || node.disk.votedFor === from);
    if (granted) { node.disk.votedFor = from; node.setTimer("election", timeout(node)); }
    node.send(from, { type: "VOTE", term: term(node), granted });
  } else if (msg.type === "VOTE" && msg.granted && t === term(node) && !node.leading()) {
    const votes = node.state.votes as string[];
    if (!votes.includes(from)) votes.push(from);
    if (votes.length > node.size / 2) {
      node.because("a majority voted for me", { votes: votes.length, of: node.size });
      node.lead(term(node));
      node.cancelTimer("election");
      node.broadcast({ type: "HEARTBEAT", term: term(node) });
      node.setTimer("heartbeat", HEARTBEAT);
    }
  } else if (msg.type === "HEARTBEAT" && t === term(node) && !node.leading()) {
    node.follow();
    node.setTimer("election", timeout(node));
  }
}
`;

const WRONG_1 = `// Three nodes and no store. The leader sends a heartbeat every 100 ms; a follower that hears
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
    node.lead(Math.floor(node.now()));
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

describe("challenge no-token", () => {
  it("the reference solution passes every schedule of the default budget", () => {
    expectPasses("no-token", REFERENCE);
  }, LONG);
  it("fails the starter: take over after a silence, with a locally counted epoch", () => {
    expectFails("no-token", noToken.starter, "one-leader-per-term");
  }, LONG);
  it("fails a clock reading as the token", () => {
    expectFails("no-token", WRONG_1, "late-write");
  }, LONG);
});
