// The plain words for writes' sequencer checks, core notes, safety findings and a leader's end.
import { noteWords, type NarrationAid, type Spoken, type TraceEvent } from "../engine/index.ts";
import { formatSeconds } from "./format-seconds.ts";
import { formatToken, termLabel } from "./labels.ts";
import type { WordsContext } from "./fault-words.ts";

type WriteEvent = Extract<TraceEvent, { type: "write" }>;

/** What the lock service (or the resource's own check) said about a write's sequencer. */
export function sequencerWords(e: WriteEvent, ctx: WordsContext): string {
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

export const rowsText = (rows: number) => `${rows} row${rows === 1 ? "" : "s"}`;

/** A note in plain words, from its typed fields: the kinds core writes here, the rest in the
 *  words of the protocol that declares them. */
export function describeNote(
  e: Extract<TraceEvent, { type: "note" }>,
  ctx: WordsContext & { aid: NarrationAid },
): Spoken {
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
export function describeViolation(e: Extract<TraceEvent, { type: "violation" }>, ctx: WordsContext): string {
  const tok = (x: number | undefined) => formatToken(ctx.protocol, x ?? 0);
  // A leader's own number in its protocol's word (Raft: "n2 (term 2)"); a write's stays "token".
  const own = termLabel(ctx.protocol).tokenWord;
  switch (e.property) {
    case "overlap": {
      const who = (e.leaders ?? []).map((l) => `${l.node} (${own} ${tok(l.token)})`);
      const list =
        who.length > 1 ? `${who.slice(0, -1).join(", ")} and ${who[who.length - 1]}` : (who[0] ?? "");
      return `Two leaders: ${list} ${who.length === 2 ? "both" : "all"} believe they lead`;
    }
    case "one-leader-per-term":
      return `Safety check failed: ${e.node} leads with ${own} ${tok(e.token)}, which ${e.other} already led with`;
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

export const LEADER_END: Record<
  Extract<TraceEvent, { type: "leader-end" }>["cause"],
  (e: Extract<TraceEvent, { type: "leader-end" }>) => string
> = {
  crash: () => "crashed",
  shutdown: () => "shut down",
  stonith: (e) => `powered off by STONITH from ${e.by}`,
  "role-change": (e) => `now a ${e.to}`,
};
