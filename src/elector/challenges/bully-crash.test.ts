// Bully (Garcia-Molina 1982): the reference recovers from any crash within the bound; an elector
// with no failure detector, or one that waits too long between pings, does not.
import { describe, it } from "vitest";
import { bullyCrash } from "./bully-crash.ts";
import { expectFails, expectPasses, LONG } from "./judge-cases.ts";
import { variant } from "./reference-electors.ts";

const REFERENCE = `const PING = 200;
const WAIT = 60;

function elect(node: Node): void {
  node.state.electing = true;
  node.state.awaiting = false;
  node.cancelTimer("coordinator");
  node.campaign();
  let higher = 0;
  for (const p of node.peers) {
    if (node.rankOf(p) > node.rank) { node.send(p, { type: "ELECTION" }); higher++; }
  }
  node.setTimer("answer", higher > 0 ? WAIT : 1);
}

function announce(node: Node): void {
  node.state.electing = false;
  node.state.awaiting = false;
  node.state.coordinator = node.id;
  if (!node.leading()) {
    node.disk.epoch = ((node.disk.epoch as number) ?? 0) + 1;
    node.lead((node.disk.epoch as number) * 100 + node.rank);
  }
  node.broadcast({ type: "COORDINATOR" });
}

export function init(node: Node): void {
  node.state.coordinator = null;
  node.state.pinging = false;
  elect(node);
  node.setTimer("ping", PING);
}

export function onTimer(node: Node, name: string): void {
  if (name === "answer" && node.state.electing) {
    node.because("no higher node answered", { waitedMs: WAIT });
    announce(node);
  } else if (name === "coordinator" && node.state.awaiting) {
    node.because("the promised coordinator never announced", { waitedMs: 4 * WAIT });
    elect(node);
  } else if (name === "ping") {
    node.setTimer("ping", PING);
    if (node.leading() || node.state.electing || node.state.awaiting) return;
    if (node.state.coordinator === null || node.state.pinging) {
      node.because("the coordinator stopped answering", { coordinator: node.state.coordinator as string | null });
      node.state.pinging = false;
      elect(node);
      return;
    }
    node.state.pinging = true;
    node.send(node.state.coordinator as string, { type: "PING" });
  }
}

export function onMessage(node: Node, from: string, msg: Message): void {
  const higher = node.rankOf(from) > node.rank;
  if (msg.type === "ELECTION") {
    node.send(from, { type: "ANSWER" });
    if (node.leading()) node.send(from, { type: "COORDINATOR" });
    else if (!node.state.electing && !node.state.awaiting) elect(node);
  } else if (msg.type === "ANSWER" && node.state.electing) {
    node.state.electing = false;
    node.state.awaiting = true;
    node.cancelTimer("answer");
    node.setTimer("coordinator", 4 * WAIT);
  } else if (msg.type === "COORDINATOR") {
    if (!higher) {
      if (!node.state.electing && !node.state.awaiting && !node.leading()) elect(node);
      return;
    }
    node.because("a higher node announced itself", { from });
    node.state.coordinator = from;
    node.state.electing = false;
    node.state.awaiting = false;
    node.state.pinging = false;
    node.cancelTimer("answer");
    node.cancelTimer("coordinator");
    node.follow();
  } else if (msg.type === "PING") {
    node.send(from, { type: "PONG" });
  } else if (msg.type === "PONG" && from === node.state.coordinator) {
    node.state.pinging = false;
  }
}
`;

const WRONG_1 = variant(REFERENCE, "const PING = 200;", "const PING = 2000;");

describe("challenge bully-crash", () => {
  it(
    "the reference solution passes every schedule of the default budget",
    () => {
      expectPasses("bully-crash", REFERENCE);
    },
    LONG,
  );
  it(
    "fails the starter: nobody watches the coordinator",
    () => {
      expectFails("bully-crash", bullyCrash.starter, "leaderless:2");
    },
    LONG,
  );
  it(
    "fails a failure detector that pings every 2 s",
    () => {
      expectFails("bully-crash", WRONG_1, "leaderless:2");
    },
    LONG,
  );
});
