// Plain-word narration of the trace: "n3 became leader in term 4", "the resource rejected n1's
// write: token 41 is older than 42". Only events a learner should notice are narrated; the
// rest (heartbeats, renewals, votes) stay in the trace export.
import type { TraceEvent } from "../engine/index.ts";
import { formatToken, storeKindOf, storeLabel, storeLabelCap, theStore } from "./labels.ts";

export type Tone = "info" | "leader" | "fault" | "bad" | "good";
export interface Line {
  t: number;
  text: string;
  tone: Tone;
  /** worth interrupting a screen reader for */
  important: boolean;
}

export interface NarrationContext {
  protocol: string;
  fencing: string;
  /** what the store process stands for ("etcd", "zookeeper", ...), or null */
  storeKind: string | null;
  /** tokens already seen writing, so only a leader's first write is narrated */
  wroteTokens: Set<number>;
}

export function newNarrationContext(protocol: string, fencing: string): NarrationContext {
  return { protocol, fencing, storeKind: storeKindOf(protocol), wroteTokens: new Set() };
}

export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  if (Math.abs(s) >= 100) return `${Math.round(s)} s`;
  if (Math.abs(s) >= 10) return `${s.toFixed(1).replace(/\.0$/, "")} s`;
  return `${Number(s.toFixed(2))} s`;
}

const msIn = (detail: string, re: RegExp): number | null => {
  const m = re.exec(detail);
  return m ? Number(m[1]) : null;
};

function who(e: { node?: string; resolved?: string }): string {
  if (e.node === "leader") return e.resolved && e.resolved !== "nobody" ? `${e.resolved} (the leader)` : "the leader";
  return e.node ?? "a node";
}

function describeFault(e: Extract<TraceEvent, { type: "fault" }>, ctx: NarrationContext): string {
  const d = e.detail ?? "";
  if (/skipped: no node believes it leads/.test(d)) return `No node believed it led, so the ${e.fault} aimed at the leader did nothing`;
  const forMs = msIn(d, /for (\d+(?:\.\d+)?) ms/);
  const forText = forMs !== null ? ` for ${formatSeconds(forMs)}` : "";
  const n = who(e);
  switch (e.fault) {
    case "crash": return `${n} crashed`;
    case "restart": return /no effect/.test(d) ? `${n} was already running; restart did nothing` : `${n} restarted`;
    case "pause": {
      if (/armed/.test(d)) return `${n} will freeze${forText} at its next write, after deciding to write`;
      const mid = /paused (\d+(?:\.\d+)?) ms mid-write(?: \(write with token (\d+))?/.exec(d);
      if (mid) return `${n} froze for ${formatSeconds(Number(mid[1]))} in the middle of a write${mid[2] ? `: token ${mid[2]} decided, not yet sent` : ""}`;
      return `${n} froze${forText} (a stop-the-world pause)`;
    }
    case "isolate": return `${n} was cut off from everyone${forText}`;
    case "partition": {
      const g = /groups (\[.*?\]\])/.exec(d);
      const leader = /leader=(n\d+)/.exec(d)?.[1];
      const name = (p: string) => (p === "leader" && leader ? `${leader} (the leader)` : p === "store" ? storeLabel(ctx.storeKind) : p);
      let groups = "";
      if (g) {
        try {
          groups = `: ${(JSON.parse(g[1]) as string[][]).map((x) => x.map(name).join(" ")).join(" | ")}`;
        } catch {
          groups = "";
        }
      }
      return `The network was ${/one-way/.test(d) ? "cut one way" : "partitioned"}${groups}${forText}`;
    }
    case "heal": return "The network healed: every link works again";
    case "clock": {
      const drift = msIn(d, /drift (-?\d+(?:\.\d+)?) ppm/);
      const step = msIn(d, /step (-?\d+(?:\.\d+)?) ms/);
      const parts: string[] = [];
      if (drift !== null) parts.push(drift === 0 ? "runs at the right rate again" : `now runs ${drift > 0 ? "fast" : "slow"} by ${Math.abs(drift / 10_000)}%`);
      if (step !== null) parts.push(`wall clock jumped ${step >= 0 ? "forward" : "back"} ${formatSeconds(Math.abs(step))}`);
      return `${n === "store" ? theStore(ctx.storeKind, true) : n}'s clock ${parts.join(" and ")}`;
    }
    case "slow": {
      const f = msIn(d, /factor (\d+(?:\.\d+)?)/);
      return `${n} slowed down${f ? ` ×${f}` : ""}${forText}`;
    }
    case "shutdown": return /no effect/.test(d) ? `${n} was not running; shutdown did nothing` : `${n} shut down gracefully`;
    case "store-outage": return `${theStore(ctx.storeKind, true)} went down${forText}`;
    case "network": return `The network changed: ${d}`;
    default: return `${e.fault}${d ? `: ${d}` : ""}`;
  }
}

/** One event in plain words, or null when it is not worth a line. */
export function narrate(e: TraceEvent, ctx: NarrationContext): Line | null {
  const line = (text: string, tone: Tone, important = false): Line => ({ t: e.t, text, tone, important });
  switch (e.type) {
    case "start":
      return line(`${e.nodes} nodes start (${e.protocol}, fencing ${e.fencing === "token" ? "on" : "off"}, seed ${e.seed})`, "info");
    case "fault":
      return line(describeFault(e, ctx), "fault", true);
    case "role":
      if (e.to === "candidate" && ctx.protocol === "raft") return line(`${e.node} timed out and started an election for term ${e.term}`, "info");
      if (e.to === "precandidate") return line(`${e.node} asked for a pre-vote before an election`, "info");
      if (e.to === "candidate" && e.from === "leader") return line(`${e.node} lost its session and is campaigning again`, "info");
      if (e.to === "candidate" && e.from === "follower" && ctx.protocol === "zookeeper") return line(`${e.node} is listing the election znodes again`, "info");
      return null;
    case "leader-start":
      if (ctx.protocol === "raft") return line(`${e.node} became leader in term ${e.term}`, "leader", true);
      if (ctx.protocol === "zab") return line(`${e.node} became leader of epoch ${e.term} (token: zxid ${formatToken("zab", e.token)})`, "leader", true);
      return line(`${e.node} became leader with token ${e.token}`, "leader", true);
    case "leader-end":
      return line(`${e.node} stopped leading (${e.reason.replace(/^now /, "now a ")})`, "info", true);
    case "lease": {
      const kind = ctx.storeKind;
      if (e.action === "expire") {
        const ttl = e.ttlMs ? formatSeconds(e.ttlMs) : "its timeout";
        if (kind === "zookeeper") return line(`ZooKeeper expired ${e.node}'s session: ${ttl} passed on the server's clock without hearing from it (expiry falls on a tick boundary)`, "bad", true);
        return line(`${theStore(kind, true)} expired ${e.node}'s lease: ${e.ttlMs ? formatSeconds(e.ttlMs) : "its TTL"} passed on ${theStore(kind)}'s clock without a keepalive`, "bad", true);
      }
      if (e.action === "self-demote") {
        if (kind === "zookeeper") return line(`${e.node} heard nothing from ZooKeeper for too long (Disconnected) and stopped acting as leader`, "info", true);
        if (kind === "apiserver") return line(`${e.node} gave up leadership on its own clock: it could not renew the Lease within the renew deadline`, "info", true);
        if (kind === "database") return line(`${e.node} gave up the row lease on its own clock: no renew matched in time`, "info", true);
        return line(`${e.node} gave up its lease on its own clock: no keepalive was acknowledged in time`, "info", true);
      }
      if (e.action === "takeover") return line(`${e.node} took over the lease`, "leader");
      if (e.action === "release") return line(`${e.node} asked ${theStore(kind)} to release its lease`, "info");
      return null;
    }
    case "holder":
      return e.holder ? line(`${theStore(ctx.storeKind, true)} now names ${e.holder} as the lease holder (token ${e.token})`, "info") : line(`${theStore(ctx.storeKind, true)} names no lease holder`, "info");
    case "store":
      if (e.op === "recovered") return line(`${theStore(ctx.storeKind, true)} is back up`, "good", true);
      return null;
    case "write": {
      const tok = formatToken(ctx.protocol, e.token);
      if (e.result === "rejected") {
        // In sequencer mode the lock service, not a token comparison, refused it: say what it said.
        if (ctx.fencing === "sequencer" || (e.detail && /^CheckSequencer/.test(e.detail))) {
          return line(`The resource rejected ${e.node}'s write: ${e.detail ?? "the lock service did not confirm its sequencer"}`, "good", true);
        }
        const why = `token ${tok} is older than ${formatToken(ctx.protocol, e.maxSeen)}`;
        return line(`The resource rejected ${e.node}'s write: ${why}${e.detail ? ` (${e.detail})` : ""}`, "good", true);
      }
      if (e.result === "stale-accepted") {
        if (ctx.fencing === "sequencer") return line(`The resource accepted ${e.node}'s stale write: ${e.detail ?? "the lock service still confirmed its sequencer"}`, "bad", true);
        return ctx.fencing === "none"
          ? line(`The resource accepted ${e.node}'s stale write with token ${tok}: a newer leader had been chosen, and fencing is off`, "bad", true)
          : line(`The resource accepted ${e.node}'s stale write with token ${tok}: it arrived before any write from the newer leader`, "bad", true);
      }
      if (!ctx.wroteTokens.has(e.token)) {
        ctx.wroteTokens.add(e.token);
        return line(`${e.node} wrote to the resource with token ${tok}`, "info");
      }
      return null;
    }
    case "write-skipped":
      return line(`${e.node} skipped its write: ${e.reason}`, "info");
    case "violation":
      if (e.property === "overlap") return line(`Split brain: ${e.detail}`, "bad", true);
      if (e.property === "stale-write") return null;
      return line(`Safety check failed (${e.property}): ${e.detail}`, "bad", true);
    case "note": {
      const m = /^resumed after pause \((\d+) queued events?\)/.exec(e.text);
      if (m) return line(`${e.node} woke up from its pause, still acting on what it knew before (${m[1]} queued events)`, "fault", true);
      if (e.node === "store") return line(`${storeLabelCap(ctx.storeKind)}: ${e.text}`, "info");
      return line(`${e.node}: ${e.text}`, "info");
    }
    default:
      return null;
  }
}

/** Lines for a batch of events. */
export function narrateAll(events: readonly TraceEvent[], ctx: NarrationContext): Line[] {
  const out: Line[] = [];
  for (const e of events) {
    const l = narrate(e, ctx);
    if (l) out.push(l);
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
