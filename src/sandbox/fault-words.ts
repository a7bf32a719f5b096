// The plain words for a fault the learner injected ("n1 crashed", "the link between n1 and n2 was cut").
import { arrowLabel } from "./message-words.ts";
import type { TraceEvent } from "../engine/index.ts";
import { formatSeconds } from "./format-seconds.ts";
import { formatToken, storeLabel, theStore } from "./labels.ts";

/** What the shared words need of the narration context: the protocol and its store's kind. */
export interface WordsContext {
  protocol: string;
  storeKind: string | null;
  /** the nodes that lead at this point of the run, when the caller follows them */
  leaders?: ReadonlySet<string>;
}

/** "n1", "n1 and n2", "n1, n2 and n3" */
export function listNodes(nodes: readonly string[]): string {
  return nodes.length <= 1
    ? (nodes[0] ?? "")
    : `${nodes.slice(0, -1).join(", ")} and ${nodes[nodes.length - 1]}`;
}

function who(e: { node?: string; resolved?: string }): string {
  if (e.node === "leader")
    return e.resolved && e.resolved !== "nobody" ? `${e.resolved} (the leader)` : "the leader";
  return e.node ?? "a node";
}

type FaultEvent = Extract<TraceEvent, { type: "fault" }>;

export function describeFault(e: FaultEvent, ctx: WordsContext): string {
  if (e.effect === "no-effect" && e.reason === "no-leader")
    return `No node believed it led, so the ${e.fault} aimed at the leader did nothing`;
  const forText = e.for !== undefined ? ` for ${formatSeconds(e.for)}` : "";
  const n = who(e);
  switch (e.fault) {
    case "crash":
      return `${n} crashed`;
    case "restart":
      return e.effect === "no-effect" ? `${n} was already running; restart did nothing` : `${n} restarted`;
    // One word per fault, the same in Latest, the timeline and the buttons: a node "pauses" (a
    // GC pause), a link is "cut" and "healed", a network "splits" into sides.
    case "pause": {
      if (e.effect === "armed") {
        const armed = `${n} will pause${forText} at its next write`;
        // Only a leader writes: armed on a follower, nothing shows until that node leads, which
        // read as a button that did nothing (review 12a #1).
        const waits = e.node && e.node !== "leader" && ctx.leaders && !ctx.leaders.has(e.node);
        return waits
          ? `${armed}; only a leader writes, so this waits until ${n} leads`
          : `${armed}, after deciding to write`;
      }
      if (e.during === "write")
        return `${n} paused${forText} in the middle of a write${e.token !== undefined ? `: token ${formatToken(ctx.protocol, e.token)} decided, not yet sent` : ""}`;
      return `${n} paused${forText} (a GC pause: the whole process stops)`;
    }
    case "isolate":
      return `${n} was cut off from everyone${forText}`;
    case "partition": {
      const name = (p: string) =>
        p === e.leader ? `${p} (the leader)` : p === "store" ? storeLabel(ctx.storeKind) : p;
      const sides = (e.groups ?? []).map((g) => listNodes(g.map(name)));
      if (e.groups && e.groups.length === 2 && e.groups.every((g) => g.length === 1)) {
        return e.oneWay
          ? `The link from ${sides[0]} to ${sides[1]} was cut one way${forText}`
          : `The link between ${sides[0]} and ${sides[1]} was cut${forText}`;
      }
      if (e.oneWay)
        return `The links from ${sides[0] ?? "one side"} to ${sides.slice(1).join(" and ") || "the rest"} were cut one way${forText}`;
      return `The network split into ${sides.length || "two"} sides${sides.length ? `: ${sides.join(" | ")}` : ""}${forText}`;
    }
    case "heal": {
      if (!e.groups) return "Every cut link was healed";
      const name = (p: string) => (p === "store" ? storeLabel(ctx.storeKind) : p);
      const sides = e.groups.map((g) => listNodes(g.map(name)));
      if (e.oneWay)
        return `The link from ${sides[0]} to ${sides.slice(1).join(" and ")} was healed (that way)`;
      return e.groups.every((g) => g.length === 1) && sides.length === 2
        ? `The link between ${sides[0]} and ${sides[1]} was healed`
        : `The links between ${sides.join(" and ")} were healed`;
    }
    case "drop":
      return e.effect === "no-effect"
        ? "The message had already arrived; nothing was dropped"
        : `You dropped ${e.messageKind ? arrowLabel(e.messageKind) : "a message"} from ${e.from ?? "?"} to ${e.to ?? "?"} on the wire`;
    case "clock": {
      const parts: string[] = [];
      if (e.drift !== undefined)
        parts.push(
          e.drift === 0
            ? "runs at the right rate again"
            : `now runs ${e.drift > 0 ? "fast" : "slow"} by ${Math.abs(e.drift / 10_000)}%`,
        );
      if (e.step !== undefined)
        parts.push(
          `wall clock jumped ${e.step >= 0 ? "forward" : "back"} ${formatSeconds(Math.abs(e.step))}`,
        );
      return `${n === "store" ? theStore(ctx.storeKind, true) : n}'s clock ${parts.join(" and ")}`;
    }
    case "slow":
      return `${n} slowed down${e.factor ? ` ×${e.factor}` : ""}${forText}`;
    case "shutdown":
      return e.effect === "no-effect"
        ? `${n} was not running; shutdown did nothing`
        : `${n} shut down gracefully`;
    case "store-outage":
      return `${theStore(ctx.storeKind, true)} went down${forText}`;
    case "network": {
      const parts: string[] = [];
      if (e.delay !== undefined) parts.push(`delay ${formatSeconds(e.delay)}`);
      if (e.jitter !== undefined) parts.push(`jitter ${formatSeconds(e.jitter)}`);
      if (e.loss !== undefined) parts.push(`${Number((e.loss * 100).toFixed(1))}% of messages lost`);
      return `The network changed: ${parts.join(", ") || "nothing set"}`;
    }
    default:
      return `${e.fault}${n !== "a node" ? ` on ${n}` : ""}`;
  }
}
