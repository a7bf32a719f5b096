// A Mermaid sequence diagram of a window of the real trace: every message sent in the window
// as an arrow (lost ones crossed), and the moments that matter as notes (faults, new leaders,
// lease expiries, the resource's verdicts).
import type { TraceEvent } from "../engine/index.ts";
import { formatSeconds } from "./format-seconds.ts";

/** Short plain labels for the arrows: the API's own name goes to the legend under the drawing
 *  (diagramLegend), so a learner reads "keep-alive" on the arrow and can still look the name up. */
const ARROW_WORDS: Readonly<Record<string, string>> = {
  LeaseGrant: "ask for a lease",
  LeaseGrantResp: "lease granted",
  LeaseKeepAlive: "keep-alive",
  LeaseKeepAliveResp: "keep-alive ok",
  LeaseRevoke: "give up the lease",
  LeaseRevokeResp: "lease given up",
  Campaign: "campaign",
  CampaignResp: "campaign ok (key made)",
  GetPredecessor: "who is before me?",
  GetPredecessorResp: "the one before you",
  Watch: "watch that key",
  WatchResp: "watch set",
  WatchEvent: "watch fired",
  Resign: "resign",
  ResignResp: "resigned",
  Get: "read",
  GetResp: "read reply",
  Update: "update",
  UpdateResp: "update reply",
  Create: "create",
  CreateResp: "create reply",
  LeaseCandidate: "offer to lead",
  Release: "let go",
  PowerOff: "power off",
  RequestVote: "vote request",
  RequestVoteResp: "vote reply",
  PreVote: "pre-vote request",
  PreVoteResp: "pre-vote reply",
  AppendEntries: "heartbeat",
  AppendEntriesResp: "heartbeat reply",
  Ping: "ping",
  PingResp: "ping reply",
  CloseSession: "close session",
  CreateSession: "open a session",
  CreateSessionResp: "session opened",
  GetChildren: "list the queue",
  GetChildrenResp: "the queue",
  Exists: "watch the one before",
  ExistsResp: "watch set",
  CheckSequencer: "is this lock number current?",
  CheckSequencerResp: "lock number answer",
  Connect: "connect",
  ConnectResp: "connected",
  Acquire: "acquire",
  AcquireResp: "acquire reply",
  Write: "write",
  WriteResp: "write reply",
  $closed: "connection closed",
};

/** The arrow's label for a message kind; the name itself when it is already a plain word
 *  (the Bully and Zab protocols' names, ELECTION or PING, are the papers' own). */
export function arrowLabel(kind: string): string {
  return ARROW_WORDS[kind] ?? kind;
}

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

/** A note's own moment, to the millisecond: notes a few ms apart must not read the same time. */
const at = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(3)} s` : formatSeconds(ms));

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
        lines.push(
          `  ${e.from}${gone ? "-x" : "->>"}${e.to}: ${clean(arrowLabel(e.kind))}${gone ? " (lost)" : ""}`,
        );
        break;
      }
      case "fault":
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
