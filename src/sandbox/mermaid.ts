// A Mermaid sequence diagram of a window of the real trace: every message sent in the window
// as an arrow (lost ones crossed), and the moments that matter as notes (faults, new leaders,
// lease expiries, the resource's verdicts).
import type { TraceEvent } from "../engine/index.ts";
import { formatSeconds } from "./format-seconds.ts";
import { arrowLabel } from "./message-words.ts";

/** The legend under the drawing: each plain label shown, with the API name it stands for. */
export function diagramLegend(
  events: readonly TraceEvent[],
  opts: { from: number; to: number },
): Array<{ label: string; api: string }> {
  const seen = new Map<string, string>();
  for (const e of events) {
    if (e.type !== "send" || e.t < opts.from || e.t > opts.to) continue;
    const label = arrowLabel(e.kind);
    if (label !== e.kind && !e.kind.startsWith("$") && !seen.has(e.kind)) seen.set(e.kind, label);
  }
  return [...seen].map(([api, label]) => ({ label, api }));
}

/** A note's own moment, to the millisecond (notes a few ms apart must not read the same time),
 *  in the page's own format: "10.5 s", never "10.500 s" (review 5b #21). */
const at = (ms: number) => (ms >= 10_000 ? `${Number((ms / 1000).toFixed(3))} s` : formatSeconds(ms));

const clean = (s: string) =>
  s
    .replace(/[^A-Za-z0-9 ._()<>=,+\-/%×?]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

function order(a: string, b: string): number {
  const rank = (x: string) => (x === "store" ? 1e6 : x === "resource" ? 1e6 + 1 : Number(x.slice(1)));
  return rank(a) - rank(b);
}

export function sequenceDiagram(
  events: readonly TraceEvent[],
  opts: {
    from: number;
    to: number;
    protocol: string;
    /** the store's name in the picture, such as etcd */ storeName?: string;
  },
): string {
  const lost = new Set<number>();
  for (const e of events) if (e.type === "drop") lost.add(e.id);
  const who = new Set<string>();
  /** the lanes a message arrow leaves or reaches */
  const talked = new Set<string>();
  /** a node the window saw go down (crash, pause, power off), by its fault */
  const down = new Map<string, string>();
  const lines: string[] = [];
  const note = (over: string, text: string) => {
    who.add(over);
    lines.push(`  Note over ${over}: ${clean(text)}`);
  };
  for (const e of events) {
    if (e.t < opts.from || e.t > opts.to) continue;
    switch (e.type) {
      case "send": {
        who.add(e.from);
        who.add(e.to);
        talked.add(e.from);
        talked.add(e.to);
        const gone = e.arriveAt < 0 || lost.has(e.id);
        lines.push(
          `  ${e.from}${gone ? "-x" : "->>"}${e.to}: ${clean(arrowLabel(e.kind))}${gone ? " (lost)" : ""}`,
        );
        break;
      }
      case "fault":
        if (e.node && /^n\d+$/.test(e.resolved ?? e.node)) down.set(e.resolved ?? e.node, e.fault);
        note(
          e.resolved && e.resolved !== "nobody"
            ? e.resolved
            : e.node && /^n\d+$/.test(e.node)
              ? e.node
              : "resource",
          `${at(e.t)} fault: ${e.fault}${e.node ? ` ${e.resolved ?? e.node}` : ""}`,
        );
        break;
      case "leader-start":
        note(
          e.node,
          `${at(e.t)} leader, ${opts.protocol === "raft" ? `term ${e.term}` : `token ${e.token}`}`,
        );
        break;
      case "leader-end":
        note(e.node, `${at(e.t)} stops leading`);
        break;
      case "role":
        if (e.to === "candidate" && opts.protocol === "raft")
          note(e.node, `${at(e.t)} candidate, term ${e.term}`);
        break;
      case "lease":
        if (e.action === "expire") note("store", `${at(e.t)} lease of ${e.node} expired`);
        else if (e.action === "self-demote") note(e.node, `${at(e.t)} gives up its lease`);
        break;
      case "write":
        if (e.result !== "accepted") {
          const why =
            e.sequencer === "not-current" || e.sequencer === "no-answer"
              ? "lock service said no"
              : e.sequencer === "current"
                ? "lock service said yes"
                : `newest token seen ${e.maxSeen}`;
          note(
            "resource",
            `${at(e.t)} ${e.result === "rejected" ? "refused" : "accepted stale"} ${e.node} token ${e.token} (${why})`,
          );
        }
        break;
      case "note":
        if (e.note.kind === "resumed") note(e.node, `${at(e.t)} wakes from pause`);
        break;
      default:
        break;
    }
  }
  const parts = [...who].sort(order);
  // A node's lane with only a note at its top and no arrow read as a broken diagram: it says
  // why it is quiet at its foot (review 4b: an empty n3 column).
  for (const p of parts) {
    if (talked.has(p) || !/^n\d+$/.test(p)) continue;
    const why = down.get(p);
    lines.push(
      `  Note over ${p}: ${p}: ${why === "crash" ? "crashed, " : why === "pause" ? "paused, " : ""}no messages here`,
    );
  }
  // The store is drawn under the picture's own name for it (etcd, ZooKeeper, the API server).
  const named = (p: string) =>
    p === "store" && opts.storeName
      ? `  participant store as ${clean(opts.storeName)}`
      : `  participant ${p}`;
  const head = ["sequenceDiagram", ...parts.map(named)];
  if (!lines.length)
    head.push(
      `  Note over ${parts[0] ?? "resource"}: nothing happened between ${formatSeconds(opts.from)} and ${formatSeconds(opts.to)}`,
    );
  if (!parts.length) head.splice(1, 0, "  participant resource");
  return [...head, ...lines].join("\n");
}
