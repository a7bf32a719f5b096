// Electors the challenge tests and the judge's bench share, and the one-line changes that make
// their wrong variants. Not shipped: only tests and scripts/bench import this file.
// RAFT_ELECTOR is a learner's Raft-style majority election (Ongaro and Ousterhout 2014, section
// 5.2: randomized election timeouts, one durable vote per term, a majority to lead).

/** `source` with `from` replaced by `to`; throws when `from` is not in it exactly once, so a
 *  variant can never silently stay the same as its source. */
export function variant(source: string, from: string, to: string): string {
  const at = source.indexOf(from);
  if (at < 0 || source.indexOf(from, at + 1) >= 0)
    throw new Error(`variant: "${from}" is not in the source exactly once`);
  return source.slice(0, at) + to + source.slice(at + from.length);
}

export const RAFT_ELECTOR = `const HEARTBEAT = 50;

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
