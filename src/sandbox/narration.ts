// Plain-word narration of the trace: "n3 became leader in term 4", "the resource refused n1's
// write: token 41 is older than 42". Only events a learner should notice are narrated; the
// rest (heartbeats, renewals, votes) stay in the trace export.
// A protocol's own words (its notes, and events it tells its own way) live in its folder
// (src/engine/protocols/<name>/notes.ts) and are read through its spec; this file words what
// every protocol shares.
import {
  isProtocol,
  noteWords,
  specOf,
  type NarrationAid,
  type Spoken,
  type Tone,
  type TraceEvent,
} from "../engine/index.ts";
import { formatToken, storeKindOf, storeLabel, storeLabelCap, termLabel, theStore } from "./labels.ts";

/** "hazard" (amber): a danger the design contained, such as two leaders while the token refused
 *  every stale write; "bad" (red): safety lost. */
export type { Tone };
export interface Line {
  t: number;
  text: string;
  tone: Tone;
  /** worth interrupting a screen reader for */
  important: boolean;
  /** lines with the same key at the same moment merge into one ("n1, n2 and n3 ...") */
  merge?: { key: string; nodes: string[]; text: (nodes: string) => string };
}

export interface NarrationContext {
  protocol: string;
  fencing: string;
  /** what the store process stands for ("etcd", "zookeeper", ...), or null */
  storeKind: string | null;
  /** tokens already seen writing, so only a leader's first write is narrated */
  wroteTokens: Set<number>;
  /** what the protocol's own narration is handed: its token and store words, and its memory of
   *  the run (Raft: each node's latest election term, so a split vote is told term after term) */
  aid: NarrationAid;
}

export function newNarrationContext(protocol: string, fencing: string): NarrationContext {
  const storeKind = storeKindOf(protocol);
  const aid: NarrationAid = {
    token: (t) => formatToken(protocol, t),
    seconds: formatSeconds,
    Store: storeLabelCap(storeKind),
    memo: new Map(),
  };
  return { protocol, fencing, storeKind, wroteTokens: new Set(), aid };
}

/** The protocol's own words for an event: a line, null for none, undefined for the common words. */
function ownWords(e: TraceEvent, ctx: NarrationContext): Spoken | null | undefined {
  const event = isProtocol(ctx.protocol) ? specOf(ctx.protocol).narration?.event : undefined;
  return event ? event(e, ctx.aid) : undefined;
}

/** "n1", "n1 and n2", "n1, n2 and n3" */
function listNodes(nodes: readonly string[]): string {
  return nodes.length <= 1
    ? (nodes[0] ?? "")
    : `${nodes.slice(0, -1).join(", ")} and ${nodes[nodes.length - 1]}`;
}

export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  if (Math.abs(s) >= 100) return `${Math.round(s)} s`;
  if (Math.abs(s) >= 10) return `${s.toFixed(1).replace(/\.0$/, "")} s`;
  return `${Number(s.toFixed(2))} s`;
}

function who(e: { node?: string; resolved?: string }): string {
  if (e.node === "leader")
    return e.resolved && e.resolved !== "nobody" ? `${e.resolved} (the leader)` : "the leader";
  return e.node ?? "a node";
}

type FaultEvent = Extract<TraceEvent, { type: "fault" }>;

function describeFault(e: FaultEvent, ctx: NarrationContext): string {
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
      if (e.effect === "armed") return `${n} will pause${forText} at its next write, after deciding to write`;
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
        : `You dropped ${e.messageKind ?? "a message"} from ${e.from ?? "?"} to ${e.to ?? "?"} on the wire`;
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

type WriteEvent = Extract<TraceEvent, { type: "write" }>;

/** What the lock service (or the resource's own check) said about a write's sequencer. */
function sequencerWords(e: WriteEvent, ctx: NarrationContext): string {
  const tok = formatToken(ctx.protocol, e.token);
  switch (e.sequencer) {
    case "current":
      return `the lock service confirmed ${e.node} still holds the lock at generation ${tok}`;
    case "not-current":
      return e.lockHolder
        ? `the lock service says ${e.lockHolder} holds the lock at generation ${formatToken(ctx.protocol, e.lockToken ?? 0)}, not ${e.node} at ${tok}`
        : `the lock service says nobody holds the lock (${e.node}'s generation ${tok} is gone)`;
    case "no-answer":
      return "the lock service did not answer in time, so the write is refused";
    case "older":
      return `sequencer ${tok} is older than ${formatToken(ctx.protocol, e.maxSeen)}, already seen`;
    case "older-while-checked":
      return `sequencer ${tok} is older than ${formatToken(ctx.protocol, e.maxSeen)}, which landed while it was being checked`;
    default:
      return "the lock service did not confirm its sequencer";
  }
}

const rowsText = (rows: number) => `${rows} row${rows === 1 ? "" : "s"}`;

/** A note in plain words, from its typed fields: the kinds core writes here, the rest in the
 *  words of the protocol that declares them. */
function describeNote(e: Extract<TraceEvent, { type: "note" }>, ctx: NarrationContext): Spoken {
  const n = e.note;
  switch (n.kind) {
    case "resumed":
      return {
        text: `${e.node} woke up from its pause, still acting on what it knew before${n.queued > 0 ? ", and handles what arrived while it was paused" : ""}`,
        tone: "fault",
        important: true,
      };
    case "sequencer-confirmed":
      return {
        text: `${e.node}: the lock service confirmed it still holds the lock (generation ${formatToken(ctx.protocol, n.token)}), so it acts on it`,
        tone: "info",
      };
    case "write-refused": {
      if (n.rows !== undefined)
        return {
          text: `The resource's fenced UPDATE for ${n.writer} (token ${formatToken(ctx.protocol, n.token)}) changed ${rowsText(n.rows)}`,
          tone: "info",
        };
      return {
        text: `The resource refused ${n.writer}'s write with sequencer ${formatToken(ctx.protocol, n.token)}`,
        tone: "info",
      };
    }
    case "killed":
      return {
        text: `${e.node} was killed: its graceful shutdown ran past the ${formatSeconds(n.graceMs)} grace period`,
        tone: "fault",
        important: true,
      };
    default:
      return noteWords(n, e.node, ctx.aid) ?? { text: `${e.node}: ${n.kind}`, tone: "info" };
  }
}

/** A safety monitor's finding in plain words, from its typed fields. */
function describeViolation(e: Extract<TraceEvent, { type: "violation" }>, ctx: NarrationContext): string {
  const tok = (x: number | undefined) => formatToken(ctx.protocol, x ?? 0);
  switch (e.property) {
    case "overlap": {
      const who = (e.leaders ?? []).map((l) => `${l.node} (token ${tok(l.token)})`);
      const list =
        who.length > 1 ? `${who.slice(0, -1).join(", ")} and ${who[who.length - 1]}` : (who[0] ?? "");
      return `Two leaders: ${list} ${who.length === 2 ? "both" : "all"} believe they lead`;
    }
    case "one-leader-per-term":
      return `Safety check failed: ${e.node} leads with token ${tok(e.token)}, which ${e.other} already led with`;
    case "term-monotonic":
      return `Safety check failed: ${e.node}'s term went back from ${e.than} to ${e.token}`;
    case "one-vote-per-term":
      return `Safety check failed: ${e.node} voted for both ${e.other} and ${e.candidate} in term ${e.token}`;
    case "token-monotonic":
      return `Safety check failed: new holder ${e.node} got token ${tok(e.token)}, not above the previous ${tok(e.than)}`;
    case "fencing-monotonic":
      return `Safety check failed: the resource applied token ${tok(e.token)} after ${tok(e.than)}`;
    case "one-holder":
      return `Safety check failed: ${e.node} leads with a token the store gave to another node`;
    case "stale-write":
      return `Hazard: ${e.node}'s write with token ${tok(e.token)} landed after token ${tok(e.than)} had been granted`;
    default:
      return `Safety check failed (${e.property})`;
  }
}

const LEADER_END: Record<
  Extract<TraceEvent, { type: "leader-end" }>["cause"],
  (e: Extract<TraceEvent, { type: "leader-end" }>) => string
> = {
  crash: () => "crashed",
  shutdown: () => "shut down",
  stonith: (e) => `powered off by STONITH from ${e.by}`,
  "role-change": (e) => `now a ${e.to}`,
};

/** One event in plain words, or null when it is not worth a line. */
export function narrate(e: TraceEvent, ctx: NarrationContext): Line | null {
  const line = (text: string, tone: Tone, important = false): Line => ({ t: e.t, text, tone, important });
  const own = ownWords(e, ctx);
  if (own !== undefined)
    return (
      own && {
        ...line(own.text, own.tone, own.important ?? false),
        ...(own.merge ? { merge: own.merge } : {}),
      }
    );
  switch (e.type) {
    case "start":
      // The protocol by the name the learner reads ("Raft", "etcd election"), never its id.
      return line(
        `${e.nodes} nodes start (${isProtocol(e.protocol) ? specOf(e.protocol).title : e.protocol}, fencing ${e.fencing === "token" ? "on" : "off"})`,
        "info",
      );
    case "fault":
      return line(describeFault(e, ctx), "fault", true);
    case "vote":
      return null;
    case "role":
      if (e.to === "candidate" && e.from === "leader")
        return line(`${e.node} lost its session and is campaigning again`, "info");
      return null;
    case "leader-start":
      return line(`${e.node} became leader with token ${e.token}`, "leader", true);
    case "leader-end":
      return line(`${e.node} stopped leading (${LEADER_END[e.cause](e)})`, "info", true);
    case "lease": {
      const kind = ctx.storeKind;
      if (e.action === "expire") {
        // The design at work, not safety lost: toned as a fault (red is kept for a stale write
        // accepted or two leaders acting).
        const ttl = e.ttlMs ? formatSeconds(e.ttlMs) : "its timeout";
        if (kind === "zookeeper")
          return line(
            `ZooKeeper expired ${e.node}'s session: ${ttl} passed on the server's clock without hearing from it (expiry falls on a tick boundary)`,
            "fault",
            true,
          );
        return line(
          `${theStore(kind, true)} expired ${e.node}'s lease: ${e.ttlMs ? formatSeconds(e.ttlMs) : "its TTL"} passed on ${theStore(kind)}'s clock without a keepalive`,
          "fault",
          true,
        );
      }
      if (e.action === "self-demote") {
        if (kind === "zookeeper")
          return line(
            `${e.node} heard nothing from ZooKeeper for too long (Disconnected) and stopped acting as leader`,
            "info",
            true,
          );
        if (kind === "apiserver")
          return line(
            `${e.node} gave up leadership on its own clock: it could not renew the Lease within the renew deadline`,
            "info",
            true,
          );
        if (kind === "database")
          return line(
            `${e.node} gave up the row lease on its own clock: no renew matched in time`,
            "info",
            true,
          );
        return line(
          `${e.node} gave up its lease on its own clock: no keepalive was acknowledged in time`,
          "info",
          true,
        );
      }
      if (e.action === "takeover") return line(`${e.node} took over the lease`, "leader");
      if (e.action === "release")
        return line(`${e.node} asked ${theStore(kind)} to release its lease`, "info");
      return null;
    }
    case "holder":
      return e.holder
        ? line(
            `${theStore(ctx.storeKind, true)} now names ${e.holder} as the lease holder (token ${e.token})`,
            "info",
          )
        : line(`${theStore(ctx.storeKind, true)} names no lease holder`, "info");
    case "store":
      if (e.op === "recovered") return line(`${theStore(ctx.storeKind, true)} is back up`, "good", true);
      return null;
    case "write": {
      const tok = formatToken(ctx.protocol, e.token);
      if (e.result === "rejected") {
        // In sequencer mode the lock service, not a token comparison, refused it: say what it said.
        // Amber, as everywhere a refused write shows: a hazard that fencing contained, not a success.
        if (e.sequencer)
          return line(`The resource refused ${e.node}'s write: ${sequencerWords(e, ctx)}`, "hazard", true);
        const why = `token ${tok} is older than ${formatToken(ctx.protocol, e.maxSeen)}`;
        return line(
          `The resource refused ${e.node}'s write: ${why}${e.rows !== undefined ? ` (the fenced UPDATE changed ${rowsText(e.rows)})` : ""}`,
          "hazard",
          true,
        );
      }
      if (e.result === "stale-accepted") {
        if (e.sequencer)
          return line(
            `The resource accepted ${e.node}'s stale write: ${sequencerWords(e, ctx)}`,
            "bad",
            true,
          );
        return ctx.fencing === "none"
          ? line(
              `The resource accepted ${e.node}'s stale write with token ${tok}: a newer leader had been chosen, and fencing is off`,
              "bad",
              true,
            )
          : line(
              `The resource accepted ${e.node}'s stale write with token ${tok}: it arrived before any write from the newer leader`,
              "bad",
              true,
            );
      }
      if (!ctx.wroteTokens.has(e.token)) {
        ctx.wroteTokens.add(e.token);
        // The token in the protocol's own word (Zab's is the zxid): the picture, the write log
        // and this line say so alike.
        return line(
          `${e.node} wrote to the resource with ${termLabel(ctx.protocol).tokenWord} ${tok}`,
          "info",
        );
      }
      return null;
    }
    case "write-skipped":
      return line(`${e.node} skipped its write: ${e.reason}`, "info");
    case "violation":
      if (e.property === "stale-write") return null;
      // Two believers is a hazard until a stale write lands (then the write's own line is red).
      return line(describeViolation(e, ctx), e.property === "overlap" ? "hazard" : "bad", true);
    case "note": {
      const d = describeNote(e, ctx);
      return line(d.text, d.tone, d.important ?? false);
    }
    default:
      return null;
  }
}

/** The event each narrated line tells of, for its "Why?" (kept beside the line, not in it, so a
 *  line stays plain words and facts). */
const lineEvents = new WeakMap<Line, TraceEvent>();
export function eventOfLine(l: Line): TraceEvent | undefined {
  return lineEvents.get(l);
}

/** Lines for a batch of events. */
export function narrateAll(events: readonly TraceEvent[], ctx: NarrationContext): Line[] {
  const out: Line[] = [];
  for (const e of events) {
    const l = narrate(e, ctx);
    if (!l) continue;
    const prev = out[out.length - 1];
    if (l.merge && prev?.merge && prev.merge.key === l.merge.key && prev.t === l.t) {
      const nodes = [...prev.merge.nodes, ...l.merge.nodes];
      const merged = { ...prev, text: prev.merge.text(listNodes(nodes)), merge: { ...prev.merge, nodes } };
      // "Why?" on a merged line explains its first event: the others share its rule and moment.
      const first = lineEvents.get(prev);
      if (first) lineEvents.set(merged, first);
      out[out.length - 1] = merged;
      continue;
    }
    lineEvents.set(l, e);
    out.push(l);
  }
  return out;
}

/**
 * Feeds a polite live region without flooding it: at most one announcement every `gap` ms.
 * Lines that arrive in between are merged; when there are many, the important ones are kept
 * and the rest counted.
 */
export class Announcer {
  private pending: Line[] = [];
  private last = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly say: (text: string) => void;
  private readonly now: () => number;
  private readonly gap: number;

  constructor(say: (text: string) => void, opts: { gap?: number; now?: () => number } = {}) {
    this.say = say;
    this.now = opts.now ?? (() => Date.now());
    this.gap = opts.gap ?? 2500;
  }

  push(lines: readonly Line[]): void {
    if (!lines.length) return;
    this.pending.push(...lines);
    this.schedule();
  }

  clear(): void {
    this.pending = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** For tests and for a forced flush. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending.length) return;
    const lines = this.pending;
    this.pending = [];
    this.last = this.now();
    this.say(Announcer.compose(lines));
  }

  static compose(lines: readonly Line[]): string {
    if (lines.length <= 2) return lines.map((l) => `${l.text}.`).join(" ");
    const key = lines.filter((l) => l.important).slice(-2);
    const shown = key.length ? key : lines.slice(-1);
    const rest = lines.length - shown.length;
    return `${shown.map((l) => `${l.text}.`).join(" ")} (${rest} more in the event log.)`;
  }

  private schedule(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.last + this.gap - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, wait);
  }
}
