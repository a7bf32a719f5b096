// Plain-word narration of the trace: each event a learner should notice becomes a line.
// "n3 became leader in term 4", "the resource refused n1's write: token 41 is older than 42".
// Only events a learner should notice are narrated; the rest (heartbeats, renewals, votes) stay
// in the trace export. A protocol's own words (its notes, and events it tells its own way) live
// in its folder (src/engine/protocols/<name>/notes.ts) and are read through its spec; this file
// and the *-words files beside it word what every protocol shares.
import {
  appliedOutOfOrder,
  isProtocol,
  specOf,
  type NarrationAid,
  type Spoken,
  type Tone,
  type TraceEvent,
} from "../engine/index.ts";
import { describeFault, listNodes } from "./fault-words.ts";
import { formatSeconds } from "./format-seconds.ts";
import { formatToken, storeKindOf, storeLabelCap, termLabel, theStore } from "./labels.ts";
import { inTokenWord, queueWords } from "./vocabulary.ts";
import { describeNote, describeViolation, LEADER_END, rowsText, sequencerWords } from "./note-words.ts";

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
  merge?: { key: string; nodes: string[]; text: (nodes: string) => string; within?: number };
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
  /** the protocol's word for the number a leader writes with (Raft: "term"): every line says it */
  tokenWord: string;
  /** who leads so far in the run (from leader-start and leader-end): a pause armed for a
   *  follower's next write says it waits until that node leads */
  leaders: Set<string>;
}

export function newNarrationContext(protocol: string, fencing: string): NarrationContext {
  const storeKind = storeKindOf(protocol);
  const aid: NarrationAid = {
    token: (t) => formatToken(protocol, t),
    seconds: formatSeconds,
    Store: storeLabelCap(storeKind),
    memo: new Map(),
  };
  return {
    protocol,
    fencing,
    storeKind,
    wroteTokens: new Set(),
    aid,
    tokenWord: termLabel(protocol).tokenWord,
    leaders: new Set(),
  };
}

/** The protocol's own words for an event: a line, null for none, undefined for the common words. */
function ownWords(e: TraceEvent, ctx: NarrationContext): Spoken | null | undefined {
  const event = isProtocol(ctx.protocol) ? specOf(ctx.protocol).narration?.event : undefined;
  return event ? event(e, ctx.aid) : undefined;
}

/** One event in plain words, or null when it is not worth a line. */
export function narrate(e: TraceEvent, ctx: NarrationContext): Line | null {
  // One word per protocol: the shared sentences say "token", a Raft run reads "term" (vocabulary.ts).
  const line = (text: string, tone: Tone, important = false): Line => ({
    t: e.t,
    text: inTokenWord(text, ctx.tokenWord),
    tone,
    important,
  });
  if (e.type === "leader-start") ctx.leaders.add(e.node);
  else if (e.type === "leader-end") ctx.leaders.delete(e.node);
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
      // In the queue recipes the leader's end says it (below): two lines at one instant for one
      // change read as two events (review 14 #2: "lost its session and is campaigning again"
      // under "stopped leading and goes back in line").
      if (e.to === "candidate" && e.from === "leader" && !queueWords(ctx.protocol, false))
        return line(`${e.node} lost its session and is campaigning again`, "info");
      return null;
    case "leader-start":
      return line(`${e.node} became leader with token ${e.token}`, "leader", true);
    case "leader-end":
      // A crash is always a fault, and the fault's own line already says "n1 (the leader)
      // crashed" at the same instant: a second line for it read as two crashes (review 9a #7).
      if (e.cause === "crash") return null;
      // In the two queue recipes a leader that lost its lease goes back to the line, which is
      // what its label says a moment later ("no key yet", then "waiting behind n1"); "now a
      // candidate" named a state the picture never drew for it (review 8a #2).
      if (e.cause === "role-change" && e.to === "candidate" && queueWords(ctx.protocol, false))
        return line(`${e.node} stopped leading and goes back in line`, "info", true);
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
    case "holder": {
      // ZooKeeper has sessions, not leases: its leader is the owner of the lowest sequential
      // znode under the election path (ZooKeeper recipes, "Leader Election"; apache/zookeeper
      // docs/zookeeperRecipes.md), so it says so, not "lease holder".
      const zk = theStore(ctx.storeKind) === "ZooKeeper";
      return e.holder
        ? line(
            zk
              ? `${e.holder}'s znode is now first in line at ZooKeeper (token ${e.token})`
              : `${theStore(ctx.storeKind, true)} now names ${e.holder} as the lease holder (${ctx.tokenWord} ${e.token})`,
            "info",
          )
        : line(
            zk
              ? "No znode is in line at ZooKeeper"
              : `${theStore(ctx.storeKind, true)} names no lease holder`,
            "info",
          );
    }
    case "store":
      if (e.op === "recovered") return line(`${theStore(ctx.storeKind, true)} is back up`, "good", true);
      return null;
    case "write": {
      const tok = formatToken(ctx.protocol, e.token);
      // A write's number is the resource's token, as its box says, even where the protocol has
      // its own word for it (review 8a #1: "with term 2" beside the box's "token 2"): the line
      // says token and names the protocol's word once, "token 2 (its term)".
      const own = ctx.tokenWord === "token" ? "" : ` (its ${ctx.tokenWord})`;
      const line = (text: string, tone: Tone, important = false): Line => ({
        t: e.t,
        text: text.replace(/\btoken (\S+?)(?=[ :,]|$)/, `token $1${own}`),
        tone,
        important,
      });
      if (e.result === "rejected") {
        // In sequencer mode the lock service, not a token comparison, refused it: say what it said.
        // A refused stale write is fencing doing its job, a safe outcome: the "held" tone, never
        // amber, which is kept for a hazard (review 6b #14); red is for a stale write accepted.
        if (e.sequencer)
          return line(`The resource refused ${e.node}'s write: ${sequencerWords(e, ctx)}`, "good", true);
        const why = `token ${tok} is older than ${formatToken(ctx.protocol, e.maxSeen)}`;
        return line(
          `The resource refused ${e.node}'s write: ${why}${e.rows !== undefined ? ` (the fenced UPDATE changed ${rowsText(e.rows)})` : ""}`,
          "good",
          true,
        );
      }
      if (e.result === "stale-accepted") {
        // Red only when fencing's promise broke: the write was applied after a higher token
        // (appliedOutOfOrder). A deposed leader's write that lands before the newer leader's
        // first write overwrote nothing newer: two leaders acting, a hazard (amber).
        const lost = appliedOutOfOrder(e);
        const newer = formatToken(ctx.protocol, e.maxSeen);
        if (e.sequencer)
          return line(
            `The resource accepted ${e.node}'s stale write: ${sequencerWords(e, ctx)}`,
            lost ? "bad" : "hazard",
            true,
          );
        if (lost)
          return line(
            `The resource applied ${e.node}'s write with token ${tok} after a write with token ${newer}: an older write overwrote a newer one${ctx.fencing === "none" ? ", as nothing here refuses it" : ""}`,
            "bad",
            true,
          );
        return line(
          `The resource accepted ${e.node}'s write with token ${tok}: a newer leader has been chosen but has not written yet, so nothing newer was overwritten (two leaders acting)`,
          "hazard",
          true,
        );
      }
      if (!ctx.wroteTokens.has(e.token)) {
        ctx.wroteTokens.add(e.token);
        // The token in the protocol's own word (Zab's is the zxid): the picture, the write log
        // and this line say so alike.
        return line(`${e.node} wrote to the resource with token ${tok}`, "info");
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
    if (
      l.merge &&
      prev?.merge &&
      prev.merge.key === l.merge.key &&
      (prev.t === l.t || l.t - prev.t <= (l.merge.within ?? 0))
    ) {
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
