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
): { key: string; t: number; text: string; times: number; slot?: string }[] {
  const out: { key: string; t: number; text: string; times: number; slot?: string }[] = [];
  for (let i = lines.length - 1; i >= 0 && out.length <= max; i--) {
    const l = lines[i];
    const prev = out[out.length - 1];
    if (prev && prev.text === l.text && Math.abs(prev.t - l.t) < 50) {
      prev.times++;
      continue;
    }
    const slot = (l as GuidedLine).slot;
    out.push({ key: slot ?? `${i}:${l.t}`, t: l.t, text: l.text, times: 1, ...(slot ? { slot } : {}) });
  }
  return out.slice(0, max);
}

const COUNT_WORDS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

/** A line told more than once at one moment, with its count in the sentence where the sentence
 *  names what was repeated: "The resource refused n2's two writes: …", not a chip before a
 *  capital ("7.2 s [twice] The resource refused n2's write", which read as a broken sentence;
 *  review 17a #14). A line it cannot say so keeps its count for the chip (times > 1). */
export function countInWords<T extends { text: string; times: number }>(l: T): T {
  if (l.times < 2) return l;
  const n = COUNT_WORDS[l.times] ?? String(l.times);
  const text = l.text.replace(/\b(\S+)'s write\b/, `$1's ${n} writes`);
  return text === l.text ? l : { ...l, text, times: 1 };
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
  lines: readonly { t: number; text: string; times: number; slot?: string }[],
  said: Set<string>,
): string {
  // A line kept up to date (its slot) is read once, not at every update.
  const heard = (l: { t: number; text: string; slot?: string }) => l.slot ?? `${l.t}|${l.text}`;
  const fresh = lines.filter((l) => !said.has(heard(l)));
  for (const l of fresh) said.add(heard(l));
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

/** Two nodes cut apart (either way round) in this frame. */
function cutApart(f: Frame, a: string, b: string): boolean {
  return (f.cuts ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

/** While a cut-off node stands again and again in ever higher terms, the leader on the majority
 *  side keeps leading: the sandbox's narration tells only the failed elections, so /start's
 *  screen on the majority listed nothing of its point (review 12a #7). Said once, when the other
 *  side first stands in a higher term, and again only if the leader, its term or its side has
 *  changed: said at every failed election it filled the list of three and pushed the more
 *  telling lines out (review 16a #3). `told.key` remembers what was said (reset on a rewind). */
export function stillLeadsLines(prev: Frame | null, next: Frame, told: { key: string }): Line[] {
  if (!prev || next.t < prev.t) return [];
  const id = leaderOf(next);
  const leader = next.nodes.find((n) => n.id === id);
  if (!leader) return [];
  const higher = Math.max(...next.nodes.filter((n) => n.id !== leader.id).map((n) => n.term));
  if (higher <= leader.term) return [];
  // Its side: the nodes it can still reach that follow it in its term (a cut-off follower
  // still in that term, not yet timed out, is not on it).
  const side = next.nodes
    .filter(
      (n) =>
        n.id === leader.id ||
        (n.role === "follower" && n.term === leader.term && !cutApart(next, leader.id, n.id)),
    )
    .map((n) => n.id);
  if (side.length * 2 <= next.nodes.length) return [];
  const key = `${leader.id}|${leader.term}|${side.join(",")}`;
  if (key === told.key) return [];
  told.key = key;
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

/** A node cut off with too few others to win stands for election: why it will never win, and
 *  why its term keeps rising (review 16a #3: the cut-off pair reached term 6 beside a leader in
 *  term 1, right after the screen that taught a higher term means a newer leader). Said once for
 *  each cut-off group (`told`, reset on a rewind). Raft's candidate needs votes from a majority
 *  of the whole cluster (paper section 5.2), and on each election timeout starts a new election
 *  in the next term (etcd-io/raft raft.go, tickElection and campaign), so a minority side's term
 *  counts its failed elections, not a newer leader. */
export function cutOffLines(prev: Frame | null, next: Frame, told: Set<string>): Line[] {
  if (!prev || next.t < prev.t || !(next.cuts ?? []).length) return [];
  const out: Line[] = [];
  for (const n of next.nodes) {
    const before = prev.nodes.find((p) => p.id === n.id);
    if (n.role !== "candidate" || !before || before.role === "candidate") continue;
    // Who it can reach: itself and every node not cut from it that is up.
    const side = next.nodes
      .filter((o) => o.id === n.id || (!cutApart(next, n.id, o.id) && o.role !== "crashed"))
      .map((o) => o.id);
    if (side.length * 2 > next.nodes.length) continue;
    const key = side.join(",");
    if (told.has(key)) continue;
    told.add(key);
    const others = side.filter((o) => o !== n.id);
    const reach = others.length ? `reaches only ${listNodes(others)}` : "reaches nobody";
    const votes = side.length === 1 ? "1 vote" : `${side.length} votes`;
    out.push({
      t: next.t,
      // Short enough for a phone's two-line box of what just happened (guided-run.css).
      text: `${n.id} ${reach}: ${votes} of ${next.nodes.length} never win, so each try raises its term`,
      tone: "info",
      important: false,
    });
  }
  return out;
}

/** A line of the guided run's own. `slot`: a line told once and then kept up to date (a
 *  later line in the same slot takes its place); `update`: this is such a later line, which
 *  neither stops Next event nor is read out again. */
export type GuidedLine = Line & { slot?: string; update?: boolean };

/** What heartbeatLines remembers: the leaders (and terms) told, who has heard them so far, the
 *  latest heartbeat told for each, and the leader's heartbeat interval (the run's own setting). */
export interface BeatMemo {
  told: Set<string>;
  seen: Map<string, Map<string, number>>;
  latest?: Map<string, number>;
  every?: number | null;
}

/** A node's election timer's deadline, where its protocol draws one (Raft). */
const deadlineOf = (n: Frame["nodes"][number] | undefined) =>
  (n?.view as { electionDeadline?: unknown } | undefined)?.electionDeadline;

/** A leader's heartbeats, once they reach every follower it can reach: the sandbox's narration
 *  tells no message, so /start's screen on heartbeats listed only the election before it
 *  (review 16a #2). Seen in the frames as each follower's election timer starting again
 *  (its deadline moving later) while the same leader leads in both frames; said once for each
 *  leader and term (`told`), not once per message. `seen` gathers who has heard it so far.
 *  Then kept up to date: the line moves to the latest heartbeat the leader sent (its send time,
 *  read from the messages in flight), and says how often they go, so at the end of the run the
 *  newest line is not a heartbeat from the first second, as if only one was ever sent (review
 *  17a #8). */
export function heartbeatLines(prev: Frame | null, next: Frame, memo: BeatMemo): GuidedLine[] {
  if (!prev || next.t < prev.t) return [];
  const id = leaderOf(next);
  const leader = next.nodes.find((n) => n.id === id);
  if (!leader || leaderOf(prev) !== leader.id) return [];
  const key = `${leader.id}|${leader.term}`;
  const followers = next.nodes.filter(
    (n) => n.role === "follower" && n.term === leader.term && !cutApart(next, leader.id, n.id),
  );
  const ids = followers.map((n) => n.id);
  // Short enough for a phone's two-line box of what just happened (guided-run.css).
  const text = () =>
    `${leader.id} sends ${listNodes(ids)} a heartbeat${memo.every ? ` every ${formatTenths(memo.every)}` : ""}: ${ids.length > 1 ? "timers restart" : "its timer restarts"}`;
  const latest = memo.latest ?? (memo.latest = new Map());
  if (memo.told.has(key)) {
    // The latest heartbeat this frame shows: one in flight now (its send time), one that landed
    // since the frame before (its arrival), or, where a follower's timer started again with no
    // flight seen (a flight of a few ms falls between two frames), this frame's own time.
    const from = (ms: Frame["messages"] | undefined) =>
      (ms ?? []).filter((m) => m.from === leader.id && ids.includes(m.to));
    const flying = from(next.messages).reduce((a, m) => Math.max(a, m.sentAt), -1);
    const landed = from(prev.messages)
      .filter((m) => m.arriveAt <= next.t)
      .reduce((a, m) => Math.max(a, m.arriveAt), -1);
    const reset = followers.some((n) => {
      const now = deadlineOf(n);
      const was = deadlineOf(prev.nodes.find((p) => p.id === n.id));
      return typeof now === "number" && typeof was === "number" && now > was;
    });
    const sent = Math.max(flying, landed, reset && landed < 0 ? next.t : -1);
    const was = latest.get(key) ?? 0;
    if (ids.length === 0 || sent <= was) return [];
    latest.set(key, sent);
    return [{ t: sent, text: text(), tone: "info", important: false, slot: `beats|${key}`, update: true }];
  }
  const deadline = deadlineOf;
  // Who has heard it, and when: the arrival of the leader's message that was in flight to it in
  // the frame before (the frames come as the page draws them, so on a busy machine the frame
  // can be later than the heartbeat; the line keeps the run's own time), else this frame's time.
  const seen = memo.seen.get(key) ?? new Map<string, number>();
  memo.seen.set(key, seen);
  for (const n of followers) {
    const now = deadline(n);
    const was = deadline(prev.nodes.find((p) => p.id === n.id));
    if (seen.has(n.id) || typeof now !== "number" || typeof was !== "number" || now <= was) continue;
    const came = prev.messages
      ?.filter((m) => m.from === leader.id && m.to === n.id && m.arriveAt <= next.t)
      .reduce((a, m) => Math.max(a, m.arriveAt), -1);
    seen.set(n.id, came !== undefined && came >= 0 ? came : next.t);
  }
  if (followers.length === 0 || !followers.every((n) => seen.has(n.id))) return [];
  memo.told.add(key);
  const t = Math.max(...ids.map((n) => seen.get(n)!));
  latest.set(key, t);
  return [{ t, text: text(), tone: "info", important: false, slot: `beats|${key}` }];
}

/** When `node`'s lease was last renewed, on the run's clock, from the lease's own record in the
 *  frame (the database row's renewed_at, or an etcd lease's expiry less its TTL), read on the
 *  store's clock and carried back to the run's. A frame can come long after the renewal (Next
 *  event jumps over the renewals, which are no stop of their own): the line keeps the renewal's
 *  own time, never the jump's (review 17a #1 read "4 s n1 renews its lease" beside n1 crashed at
 *  4 s, a renewal made at 2 s). Without a record, the frame's own time. */
export function renewedAt(f: Frame, node: string, expires: number): number {
  const st = f.store;
  if (!st) return f.t;
  let at: number | null = null;
  for (const k of st.keys) {
    const v = k.value as { holder?: unknown; renewedAt?: unknown } | null;
    if (v && v.holder === node && typeof v.renewedAt === "number") at = v.renewedAt;
  }
  const lease = st.leases.find((l) => l.owner === node && l.expiresAtStoreMs === expires);
  if (at === null && lease) at = lease.expiresAtStoreMs - lease.ttlMs;
  if (at === null) return f.t;
  return Math.min(f.t, Math.max(0, f.t - (st.clockMs - at)));
}

/** A holder whose first renewal is still to be told: Next event steps one visible event at a
 *  time while there is one, so it stops at the renewal as Play shows it (a meaningful step
 *  jumps over renewals, and the stepped run told a later renewal than the played one). */
export function renewalDue(f: Frame | null, memo: GuidedMemo): boolean {
  return (f?.nodes ?? []).some(
    (n) => n.role !== "crashed" && n.lease?.store?.expiresAtMs != null && !memo.renewed.has(n.id),
  );
}

/** A lease pushed back: the sandbox's narration keeps quiet about renewals (they come every few
 *  seconds in a long run), but /start's screen on the lease asks the learner to watch one ("n1
 *  renews at 2 s"), so the guided run lists it (review 14a #5), with the new end as the lease's
 *  judge (the database's clock) counts it, at the moment the renewal was made (renewedAt).
 *  A first grant (no lease before) is not a renewal. `told` keeps who has had a renewal listed. */
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
      t: renewedAt(next, n.id, now),
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
  told: { key: string };
  /** whose lease renewal has been listed */
  renewed: Set<string>;
  /** the cut-off groups whose hopeless elections have been explained */
  cutOff: Set<string>;
  /** the leaders (and terms) whose heartbeats have been listed, and who has heard them so far;
   *  null: the screen comes before heartbeats are taught, and lists none */
  beats: BeatMemo | null;
}
export const newGuidedMemo = ({
  heartbeats = true,
  beatEvery = null,
}: { heartbeats?: boolean; beatEvery?: number | null } = {}): GuidedMemo => ({
  returned: new Set(),
  told: { key: "" },
  renewed: new Set(),
  cutOff: new Set(),
  beats: heartbeats ? { told: new Set(), seen: new Map(), latest: new Map(), every: beatEvery } : null,
});

/** The guided run's own lines for one step of frames; a rewind forgets what was remembered. */
export function guidedLines(prev: Frame | null, f: Frame, memo: GuidedMemo): GuidedLine[] {
  if (prev && f.t < prev.t) {
    memo.returned.clear();
    memo.told.key = "";
    memo.renewed.clear();
    memo.cutOff.clear();
    memo.beats?.told.clear();
    memo.beats?.seen.clear();
    memo.beats?.latest?.clear();
  }
  const found = adoptedLines(prev, f, memo.returned);
  for (const n of f.nodes) if (n.role === "crashed" || n.role === "paused") memo.returned.add(n.id);
  for (const l of found) memo.returned.delete(l.text.slice(0, l.text.indexOf(" ")));
  return [
    ...found,
    ...(memo.beats ? heartbeatLines(prev, f, memo.beats) : []),
    ...stillLeadsLines(prev, f, memo.told),
    ...cutOffLines(prev, f, memo.cutOff),
    ...renewedLines(prev, f, memo.renewed),
  ];
}
