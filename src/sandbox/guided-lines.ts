// The guided run's words (/start): the latest lines told once each, in the screens' plain
// vocabulary, what a screen reader hears of them, and the line the sandbox's narration has no
// event for (a node that came back adopting the leader's term). Pure: tested without a DOM.
import type { Frame } from "../engine/index.ts";
import { listNodes } from "./fault-words.ts";
import { formatTenths } from "./format-seconds.ts";
import type { Line } from "./narration.ts";
import { timesWords } from "./ui/times-words.ts";

/** The node that leads now, if exactly one does. */
export function leaderOf(f: Frame | null): string | null {
  const ls = (f?.nodes ?? []).filter((n) => n.role === "leader");
  return ls.length === 1 ? ls[0].id : null;
}

/** The latest lines, newest first, with repeats of one line at one moment told once ("x 2"). */
export function latestLines(
  lines: readonly Line[],
  max: number,
): { key: string; t: number; text: string; times: number }[] {
  const out: { key: string; t: number; text: string; times: number }[] = [];
  for (let i = lines.length - 1; i >= 0 && out.length <= max; i--) {
    const l = lines[i];
    const prev = out[out.length - 1];
    if (prev && prev.text === l.text && Math.abs(prev.t - l.t) < 50) {
      prev.times++;
      continue;
    }
    out.push({ key: `${i}:${l.t}`, t: l.t, text: l.text, times: 1 });
  }
  return out.slice(0, max);
}

/** The sandbox's words where /start has not introduced them: a count of queued events becomes
 *  what it means for a learner, and the number a leader holds and its writes carry is called
 *  the term throughout (the picture says so too), never token, epoch or revision; a write the
 *  resource turns down is "refused", the screens' word. */
export function plainWords(text: string): string {
  return (
    text
      .replace(/ \(\d+ queued events?\)/, ", with the messages that came in meanwhile still to read")
      // A write's line names the resource's word once ("token 1 (its term)"): /start says term
      // first and keeps "(its token)", the word on the resource box (review 8a #1).
      .replace(/\btoken (\d+) \(its term\)/g, "term $1 (its token)")
      .replace(/\bbecame leader with token (\d+)/g, "became leader in term $1")
      .replace(/\bwith token (\d+)/g, "in term $1")
      .replace(/(?<!its )\b(token|epoch|revision|rev)\b/g, "term")
      .replace(/\brejected\b/g, "refused")
      // "Pause" is /start's one word for a node that stops and wakes (the legend's too).
      .replace(/\bfroze\b/g, "paused")
      .replace(/\bfrozen\b/g, "paused")
      .replace(/\bwill freeze\b/g, "will pause")
      // A cut-off node's failed elections, in words that fit a phone's two-line box of what just
      // happened (review 15a #6: "…, as nobody won term 2, and started an election for term 3"
      // ran to three lines and was cut).
      .replace(
        /^(.+) timed out again, as nobody won term (\d+), and started (?:an election|elections) for term (\d+)$/,
        (_, who: string, lost: string, term: string) =>
          `${who} timed out again and ${who.includes(" and ") ? "stand" : "stands"} for term ${term} (nobody won term ${lost})`,
      )
  );
}

/** What a screen reader hears for the lines that are new since the last announcement: each
 *  once, oldest first (the list on screen reads newest first), so the spoken order is the run's. */
export function announceText(
  lines: readonly { t: number; text: string; times: number }[],
  said: Set<string>,
): string {
  const fresh = lines.filter((l) => !said.has(`${l.t}|${l.text}`));
  for (const l of fresh) said.add(`${l.t}|${l.text}`);
  return [...fresh]
    .sort((a, b) => a.t - b.t)
    .map((l) => `${l.text}.${l.times > 1 ? ` It ${timesWords(l.times)}.` : ""}`)
    .join(" ");
}

/** A node that came back (restarted, or woke from a pause) and then took a higher term from the
 *  leader's messages: the sandbox's narration has no line for it (a term change is not an event
 *  it tells), but it is the point of /start's screen on the term, so the guided run says it. */
export function adoptedLines(prev: Frame | null, next: Frame, returned: ReadonlySet<string>): Line[] {
  if (!prev || next.t < prev.t) return [];
  const leader = leaderOf(next);
  const out: Line[] = [];
  for (const n of next.nodes) {
    const before = prev.nodes.find((p) => p.id === n.id);
    if (!before || !returned.has(n.id) || n.term <= before.term) continue;
    if (n.role !== "follower" || before.role === "candidate") continue;
    const from = leader && leader !== n.id ? ` from ${leader}` : "";
    out.push({
      t: next.t,
      text: `${n.id} adopts term ${n.term}${from} (its own was ${before.term}) and follows${from ? ` ${leader}` : " the leader"}`,
      tone: "info",
      important: true,
    });
  }
  return out;
}

/** While a cut-off node stands again and again in ever higher terms, the leader on the majority
 *  side keeps leading: the sandbox's narration tells only the failed elections, so /start's
 *  screen on the majority listed nothing of its point (review 12a #7). Said once for each new
 *  higher term on the other side; `told` remembers the highest so far (reset on a rewind). */
export function stillLeadsLines(prev: Frame | null, next: Frame, told: { term: number }): Line[] {
  if (!prev || next.t < prev.t) return [];
  const id = leaderOf(next);
  const leader = next.nodes.find((n) => n.id === id);
  if (!leader) return [];
  const higher = Math.max(...next.nodes.filter((n) => n.id !== leader.id).map((n) => n.term));
  if (higher <= leader.term || higher <= told.term) return [];
  told.term = higher;
  // Its side: the nodes it can still reach that follow it in its term (a cut-off follower
  // still in that term, not yet timed out, is not on it).
  const cut = (a: string, b: string) =>
    (next.cuts ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const side = next.nodes
    .filter(
      (n) => n.id === leader.id || (n.role === "follower" && n.term === leader.term && !cut(leader.id, n.id)),
    )
    .map((n) => n.id);
  if (side.length * 2 <= next.nodes.length) return [];
  return [
    {
      t: next.t,
      // "with" its followers, never "leads n1, n2 and n3" (it does not lead itself), and the
      // count as a share, "3 of 5", not "a majority of 5" read as five nodes (review 15a #10).
      text: `${leader.id} still leads in term ${leader.term} with ${listNodes(side.filter((n) => n !== leader.id))}: ${side.length} of ${next.nodes.length}, a majority`,
      tone: "leader",
      important: false,
    },
  ];
}

/** A lease pushed back: the sandbox's narration keeps quiet about renewals (they come every few
 *  seconds in a long run), but /start's screen on the lease asks the learner to watch one ("n1
 *  renews at 2 s"), so the guided run lists it (review 14a #5), with the new end as the lease's
 *  judge (the database's clock) counts it. A first grant (no lease before) is not a renewal.
 *  `told` keeps who has had a renewal listed. */
export function renewedLines(prev: Frame | null, next: Frame, told: Set<string> = new Set()): Line[] {
  if (!prev || next.t < prev.t) return [];
  const out: Line[] = [];
  for (const n of next.nodes) {
    const now = n.lease?.store?.expiresAtMs;
    const before = prev.nodes.find((p) => p.id === n.id)?.lease?.store?.expiresAtMs;
    // Each holder's first renewal only: the idea is seen once, and the list of three is not
    // filled with a later holder's renewals, pushing out the expiry and the takeover.
    if (now == null || before == null || now <= before || told.has(n.id)) continue;
    told.add(n.id);
    out.push({
      t: next.t,
      text: `${n.id} renews its lease: it now runs out at ${formatTenths(now)}`,
      tone: "info",
      important: false,
    });
  }
  return out;
}

/** What the guided run remembers from frame to frame for its own lines. */
export interface GuidedMemo {
  /** who came back (from a crash or a pause) and has not yet taken a higher term */
  returned: Set<string>;
  told: { term: number };
  /** whose lease renewal has been listed */
  renewed: Set<string>;
}
export const newGuidedMemo = (): GuidedMemo => ({
  returned: new Set(),
  told: { term: 0 },
  renewed: new Set(),
});

/** The guided run's own lines for one step of frames; a rewind forgets what was remembered. */
export function guidedLines(prev: Frame | null, f: Frame, memo: GuidedMemo): Line[] {
  if (prev && f.t < prev.t) {
    memo.returned.clear();
    memo.told.term = 0;
    memo.renewed.clear();
  }
  const found = adoptedLines(prev, f, memo.returned);
  for (const n of f.nodes) if (n.role === "crashed" || n.role === "paused") memo.returned.add(n.id);
  for (const l of found) memo.returned.delete(l.text.slice(0, l.text.indexOf(" ")));
  return [...found, ...stillLeadsLines(prev, f, memo.told), ...renewedLines(prev, f, memo.renewed)];
}
