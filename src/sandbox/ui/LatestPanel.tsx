// "Latest": the marked event (the last one that matters, kept until the next) and the newest
// narration lines, each with its Why?, in the column beside the cluster so cause and effect
// share one screen.
import { useMemo, useRef } from "react";
import type { TraceEvent } from "../../engine/index.ts";
import { latestOverlapEnd, markOf, type Mark, type MarkKind } from "../marks.ts";
import { eventOfLine } from "../narration.ts";
// Times in Latest read as the Why? panel writes them: "14.0 s" beside "7.11 s", never "14 s".
import { whenOf as formatSeconds } from "../why.ts";
import { SAFETY_ICON } from "./NowMetrics.tsx";
import { PanelHeading } from "./PanelHeading.tsx";
import { WhyButton } from "./WhyButton.tsx";
import { useSandbox } from "./context.ts";
import { overlapWhy } from "./hazard-why.ts";
import { withRepeatedWrites } from "./latest-writes.ts";
import { TimesBadge } from "./TimesBadge.tsx";
import { termLabelOf } from "../labels.ts";
import { NO_KEY } from "../vocabulary.ts";

// One meaning per icon (issue 33): ✗ safety lost (a write applied after a newer one), ⊘ a write the token
// refused (fencing working), ⚠ a risk or a hazard the token contained, ✚ a repair (heal, restart).
const ICONS: Record<MarkKind, string> = {
  rejected: "⊘",
  stale: "✗",
  early: "⚠",
  leader: "★",
  "split-brain": "⚠",
  expiry: "◷",
  fault: "⚙",
  repair: "✚",
};

/** The mark's line without its kind repeated ("Two leaders at 10.4 s: n2 and n3 both…", never
 *  "Two leaders at 10.4 s: Two leaders: n2…"). */
export function markBody(mark: Pick<Mark, "title" | "text">): string {
  const prefix = `${mark.title}: `;
  return afterColon(
    mark.text.toLowerCase().startsWith(prefix.toLowerCase()) ? mark.text.slice(prefix.length) : mark.text,
  );
}

/** Names that keep their capital wherever they fall in a sentence. */
const PROPER = new Set(["Raft", "Zab", "Kubernetes", "Chubby", "Bully", "Paxos", "Linux"]);

/** A sentence as it reads after "Repair at 9.72 s:", in lower case like every other event line
 *  (review 15b #11: "Repair at 9.72 s: Every cut link was healed"): a plain first word loses its
 *  capital; a name (ZooKeeper, n2, API) keeps it. */
export function afterColon(text: string): string {
  const m = /^([A-Z])([a-z]+)\b/.exec(text);
  if (!m || PROPER.has(m[0])) return text;
  return m[1].toLowerCase() + text.slice(1);
}

/** The overlap's line once it is over: "n2 and n3 both believed they led". */
export function pastTense(text: string): string {
  return text.replace(/\b(both|all) believe they lead\b/, "$1 believed they led");
}

export function MarkedEvent({ why = true }: { why?: boolean } = {}) {
  const mark = useSandbox(markOf);
  // Two leaders is amber while nothing newer was overwritten, red once a write was applied after
  // a newer one (fencing's promise broken).
  const lost = useSandbox((s) => (s.frame?.resource.outOfOrder ?? 0) > 0);
  // Once fewer than two believe they lead, the overlap is told as over (past tense, no amber).
  const ended = useSandbox(latestOverlapEnd);
  if (!mark)
    return <p className="sb-mark sb-mark-none">No fault, leader change, refused write or expiry yet.</p>;
  const over = mark.kind === "split-brain" && !lost && ended !== null;
  const tone = mark.kind === "split-brain" ? (lost ? "bad" : over ? "past" : "hazard") : mark.tone;
  return (
    <div className={`sb-mark mark-${mark.kind} tone-${tone}`} data-testid="marked-event">
      <p className="sb-mark-text">
        <span className="sb-mark-icon" aria-hidden="true">
          {over ? SAFETY_ICON.past : ICONS[mark.kind]}
        </span>{" "}
        <strong>{mark.title}</strong>{" "}
        {over ? (
          <>
            <span className="sb-log-t">
              from {formatSeconds(mark.t)}
              {ended >= 0 ? ` to ${formatSeconds(ended)}` : ""}, now over
            </span>
            : {pastTense(markBody(mark))}
          </>
        ) : (
          <>
            <span className="sb-log-t sb-mark-at">at {formatSeconds(mark.t)}</span>: {markBody(mark)}
          </>
        )}
      </p>
      {why && <EventWhy event={mark.event} label={`${formatSeconds(mark.t)}: ${mark.text}`} />}
    </div>
  );
}

/** An event's Why?; two leaders at once, which no rule decided, is explained by the election
 *  that made the second believer (hazard-why.ts). */
export function EventWhy({ event, label }: { event: TraceEvent | undefined; label: string }) {
  const history = useSandbox((s) => s.history);
  const tokenWord = useSandbox((s) => termLabelOf(s.parsed, s.frame?.protocol).tokenWord);
  const hazard = overlapWhy(event, history, tokenWord);
  if (hazard) return <WhyButton event={hazard.event} label={label} intro={hazard.intro} />;
  return <WhyButton event={event} label={label} />;
}

/** A node that stays a candidate without a key says why, once it has for 3 simulated seconds
 *  (after a heal and a split, an etcd client can wait out a lease request sent into the cut). */
const STUCK_MS = 3_000;
const STUCK_WORDS: Record<string, (id: string, store: string) => string> = {
  // The state in the picture's words (vocabulary.ts NO_KEY), then the reason, in one line.
  granting: (id, store) =>
    `${id}: candidate, ${NO_KEY.etcd}. Its lease request to ${store} went unanswered; it waits on it before asking again.`,
  campaigning: (id, store) =>
    `${id}: candidate, ${NO_KEY.etcd}. Its request to ${store} for a key went unanswered; it asks again every 0.5 s.`,
};

export function StuckNote() {
  const since = useRef(new Map<string, number>());
  const text = useSandbox((s) => {
    const f = s.frame;
    if (!f || !f.store) return null;
    const store = f.store.kind === "etcd" ? "etcd" : "the store";
    let out: string | null = null;
    const seen = since.current;
    for (const n of f.nodes) {
      const phase = (n.view as { phase?: unknown }).phase;
      const key = `${n.id}|${String(phase)}`;
      if (n.role !== "candidate" || typeof phase !== "string" || !(phase in STUCK_WORDS)) {
        for (const k of seen.keys()) if (k.startsWith(`${n.id}|`)) seen.delete(k);
        continue;
      }
      const from = seen.get(key);
      if (from === undefined || from > f.t) seen.set(key, f.t);
      else if (f.t - from >= STUCK_MS && out === null) out = STUCK_WORDS[phase](n.id, store);
    }
    return out;
  });
  if (!text) return null;
  return <p className="sb-hint sb-stuck">{text}</p>;
}

/** The newest lines under the marked event, newest first. The marked event is already shown
 *  above the list, so a line that reads the same (same words at the same shown time: two refusals
 *  a millisecond apart once read twice, word for word) is left out, as is a repeat of a line. */
export function latestLines<L extends { t: number; text: string }>(
  narration: readonly L[],
  mark: Pick<Mark, "t" | "text"> | null,
  lines: number,
): L[] {
  const same = (a: { t: number; text: string }, b: { t: number; text: string }) =>
    a.text === b.text && formatSeconds(a.t) === formatSeconds(b.t);
  const out: L[] = [];
  for (let i = narration.length - 1; i >= 0 && out.length < lines; i--) {
    const l = narration[i];
    if (mark && same(l, mark)) continue;
    if (out.some((o) => same(o, l))) continue;
    out.push(l);
  }
  return out;
}

/** `why`: false where no Why? panel is shown (a replayed recording holds no causes). */
/** `name` names the region when a page holds more than one (lesson embeds: by their run). */
export function LatestPanel({
  lines = 3,
  why = true,
  name = "Latest events",
}: {
  lines?: number;
  why?: boolean;
  name?: string;
}) {
  const narration = useSandbox((s) => s.narration);
  const events = useSandbox((s) => s.events);
  const mark = useSandbox(markOf);
  const counted = useMemo(() => withRepeatedWrites(narration, eventOfLine, events), [narration, events]);
  const shown = latestLines(counted, mark, lines);
  return (
    <section className="sb-panel sb-latest" aria-label={name}>
      <PanelHeading>Latest</PanelHeading>
      <MarkedEvent why={why} />
      <StuckNote />
      {shown.length === 0 ? (
        <p className="sb-hint">Nothing yet. Press Play.</p>
      ) : (
        <ol className="sb-latest-list" aria-label="Newest events first">
          {shown.map((l, i) => (
            <li key={counted.length - i} className={`tone-${l.tone}`}>
              <span className="sb-latest-text">
                <span className="sb-log-t">{formatSeconds(l.t)}</span> <TimesBadge times={l.times} />
                {l.text}
              </span>
              {why && <EventWhy event={l.event} label={`${formatSeconds(l.t)}: ${l.text}`} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
