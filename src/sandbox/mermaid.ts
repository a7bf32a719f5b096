// A Mermaid sequence diagram of a window of the real trace: every message sent in the window
// as an arrow (lost ones crossed), and the moments that matter as notes (faults, new leaders,
// lease expiries, the resource's verdicts).
import type { TraceEvent } from "../engine/index.ts";
import { formatSeconds } from "./narration.ts";

const clean = (s: string) => s.replace(/[^A-Za-z0-9 ._()<>=,+\-/%×]/g, " ").replace(/\s+/g, " ").trim();

function order(a: string, b: string): number {
  const rank = (x: string) => (x === "store" ? 1e6 : x === "resource" ? 1e6 + 1 : Number(x.slice(1)));
  return rank(a) - rank(b);
}

export function sequenceDiagram(events: readonly TraceEvent[], opts: { from: number; to: number; protocol: string }): string {
  const lost = new Set<number>();
  for (const e of events) if (e.type === "drop") lost.add(e.id);
  const who = new Set<string>();
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
        const gone = e.arriveAt < 0 || lost.has(e.id);
        lines.push(`  ${e.from}${gone ? "-x" : "->>"}${e.to}: ${clean(e.kind)}${gone ? " (lost)" : ""}`);
        break;
      }
      case "fault":
        note(e.resolved && e.resolved !== "nobody" ? e.resolved : e.node && /^n\d+$/.test(e.node) ? e.node : "resource", `${formatSeconds(e.t)} fault: ${e.fault}${e.node ? ` ${e.resolved ?? e.node}` : ""}`);
        break;
      case "leader-start":
        note(e.node, `${formatSeconds(e.t)} leader, ${opts.protocol === "raft" ? `term ${e.term}` : `token ${e.token}`}`);
        break;
      case "leader-end":
        note(e.node, `${formatSeconds(e.t)} stops leading`);
        break;
      case "role":
        if (e.to === "candidate" && opts.protocol === "raft") note(e.node, `${formatSeconds(e.t)} candidate, term ${e.term}`);
        break;
      case "lease":
        if (e.action === "expire") note("store", `${formatSeconds(e.t)} lease of ${e.node} expired`);
        else if (e.action === "self-demote") note(e.node, `${formatSeconds(e.t)} gives up its lease`);
        break;
      case "write":
        if (e.result !== "accepted") {
          const why = e.sequencer === "not-current" || e.sequencer === "no-answer" ? "lock service said no" : e.sequencer === "current" ? "lock service said yes" : `max ${e.maxSeen}`;
          note("resource", `${formatSeconds(e.t)} ${e.result === "rejected" ? "refused" : "accepted stale"} ${e.node} token ${e.token} (${why})`);
        }
        break;
      case "note":
        if (e.note.kind === "resumed") note(e.node, `${formatSeconds(e.t)} wakes from pause`);
        break;
      default:
        break;
    }
  }
  const parts = [...who].sort(order);
  const head = ["sequenceDiagram", ...parts.map((p) => `  participant ${p}`)];
  if (!lines.length) head.push(`  Note over ${parts[0] ?? "resource"}: nothing happened between ${formatSeconds(opts.from)} and ${formatSeconds(opts.to)}`);
  if (!parts.length) head.splice(1, 0, "  participant resource");
  return [...head, ...lines].join("\n");
}
