// The one line above the picture that says what to watch: when the run plans a fault, when it
// happens and what it is ("Press Play: the leader crashes at 15.5 s"), so a learner waits for it
// instead of causing it early (acting first replaces the run's plan). Made from the run's own
// planned faults, so it can never disagree with them.
import type { Fault, Scenario } from "../engine/index.ts";
import { formatSeconds } from "./format-seconds.ts";
import { storeKindOf, theStore } from "./labels.ts";

const who = (n: string | undefined, store: string) =>
  n === "leader" ? "the leader" : n === "store" ? store : (n ?? "a node");
const forText = (ms: number | undefined) => (ms !== undefined && ms > 0 ? ` for ${formatSeconds(ms)}` : "");
/** "the leader", "the leader and n1", "n3, n4 and n5" */
const group = (g: string[], store: string) => {
  const w = g.map((p) => who(p, store));
  return w.length > 1 ? `${w.slice(0, -1).join(", ")} and ${w[w.length - 1]}` : (w[0] ?? "");
};

/** One planned fault in words, without its time ("the leader crashes"). */
export function faultWords(f: Fault, store: string): string {
  switch (f.do) {
    case "crash":
      return `${who(f.node, store)} crashes`;
    case "restart":
      return `${who(f.node, store)} restarts`;
    case "pause":
      return `${who(f.node, store)} pauses${forText(f.for)}${f.during === "write" ? " in the middle of a write" : ""}`;
    case "isolate":
      return `${who(f.node, store)} is cut off from everyone${forText(f.for)}`;
    case "partition": {
      const gs = f.groups ?? [];
      if (gs.length === 2 && gs[1].length === 1 && gs[1][0] === "store")
        return `${group(gs[0], store)} loses ${store}${forText(f.for)}`;
      if (gs.length === 2 && gs[0].length === 1 && gs[0][0] === "store")
        return `${group(gs[1], store)} loses ${store}${forText(f.for)}`;
      if (f.oneWay) return `messages from ${group(gs[0] ?? [], store)} are lost one way${forText(f.for)}`;
      if (gs.length === 2)
        return `${group(gs[0], store)} ${gs[0].length > 1 ? "are" : "is"} cut off from ${group(gs[1], store)}${forText(f.for)}`;
      return `the network splits into ${gs.length} groups${forText(f.for)}`;
    }
    case "heal":
      return "the network heals";
    case "clock":
      return f.step !== undefined
        ? `${who(f.node, store)}'s clock jumps`
        : `${who(f.node, store)}'s clock drifts`;
    case "slow":
      return `${who(f.node, store)} slows down${forText(f.for)}`;
    case "shutdown":
      return `${who(f.node, store)} shuts down`;
    case "store-outage":
      return `${store} goes down${forText(f.for)}`;
    case "network":
      return "the network gets slower";
    case "drop":
      return "a message is lost";
  }
}

/** The run's own planned faults, without the learner's: acting at `actedAt` replaced every
 *  planned fault from then on, and every fault at or after it is one of the learner's actions. */
export function plannedFaults<F extends { at: number }>(faults: readonly F[], actedAt: number | null): F[] {
  return actedAt === null ? [...faults] : faults.filter((f) => f.at < actedAt);
}

/** "Press Play: the leader crashes at 15.5 s." or, with several, the first two in time order and
 *  how many follow. Only planned faults still ahead of the clock (`now`) count: once they have
 *  happened, or the learner's own actions replaced them, there is nothing to wait for, and the
 *  line is null. Null too when nothing is planned. */
export function watchLine(
  sc: Pick<Scenario, "faults" | "protocol"> | null,
  now = 0,
  actedAt: number | null = null,
): string | null {
  if (!sc) return null;
  const store = theStore(storeKindOf(sc.protocol));
  const fs = plannedFaults(sc.faults, actedAt)
    .filter((f) => f.at > now)
    .sort((a, b) => a.at - b.at);
  if (fs.length === 0) return null;
  // A pause "in the middle of a write" waits for the leader's next write after its time, so it
  // lands a little later (fencing-off: planned at 10 s, the pause starts at 10.4 s): "about".
  const parts = fs
    .slice(0, 2)
    .map((f) => `${faultWords(f, store)} at ${f.during === "write" ? "about " : ""}${formatSeconds(f.at)}`);
  const more = fs.length > 2 ? `, then ${fs.length - 2} more` : "";
  return `Press Play: ${parts.join("; then ")}${more}.`;
}

/** The caption for what is on screen: the run's plan, its clock and the learner's actions. */
export function watchLineOf(s: {
  parsed: Scenario | null;
  frame: { t: number } | null;
  actedAt: number | null;
}): string | null {
  return watchLine(s.parsed, s.frame?.t ?? 0, s.actedAt);
}
