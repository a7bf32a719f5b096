// The key metrics beside the picture, with words that agree with each other: "Last failover"
// (from the latest fault that struck a leader to the next new leader, so a second crash shows its
// own number) and "Time with no leader (total)" (every stretch nobody believed it led, added up:
// a paused or cut-off leader still believes, so this can be far shorter than a failover; "No
// leader" read as wrong when it stood still through a 15 s pause of the leader, review 10b #9,
// and "No one claims to lead 0.41 s" read as a status about now beside a star, review 15b #3). Each is defined on
// screen in a short list, one line each (review 10b #6: three definitions in one paragraph). Two leaders at
// once is amber when nothing newer was overwritten and red when it was (a write applied after a
// newer one), always said in words, never by colour alone; once it is over (fewer
// than two believe they lead) it is told in the past tense, without the amber.
import { useLayoutEffect, useMemo, useRef } from "react";
import { formatSeconds } from "../format-seconds.ts";
import { latestOverlapEnd } from "../marks.ts";
import { believedDuring, failovers, type Failover } from "../failovers.ts";
import { storeLabel } from "../labels.ts";
import type { SandboxState } from "../store.ts";
import { useController, useSandbox } from "./context.ts";

/** "past": two leaders that are over (fewer than two believe now), told in the past tense and
 *  without the amber of a present danger. */
export type Safety = { tone: "ok" | "hazard" | "past" | "violation"; label: string; text: string };

/** An overlap of two leaders in words: seconds, or milliseconds when it is too short for them
 *  (never "0 s", which would read as no overlap at all). */
export function overlapWords(ms: number): string {
  if (ms >= 10) return formatSeconds(ms);
  return ms < 1 ? "under 1 ms" : `${Number(ms.toFixed(1))} ms`;
}

/** Two leaders while the token refused the old one's writes: what happened, in plain words. */
const refusedLabel = (n: number) => `Two leaders, ${n === 1 ? "stale write" : "stale writes"} refused`;
const refusedText = (n: number) => `fencing on: ${n} refused, none applied`;

/** The run's safety in one sentence, from the monitors and the resource's tallies. One word for
 *  the hazard everywhere, "Two leaders" (review 6b #5: Latest said "Two leaders", the metrics "At
 *  risk", "Over" and "Contained", the timeline "split brain"), and the outcome said plainly:
 *  "stale writes refused" only when a token guards the resource (fencing on) and refused one
 *  (review 17a #10: "fencing held" read as a lock being held);
 *  "writes got through" only when a write was applied after a newer one (`outOfOrder`: fencing's
 *  promise broken, Kleppmann 2016); an old leader's write that landed before the newer leader
 *  wrote anything (`early`) overwrote nothing newer: two leaders acting, a hazard. */
export function safetyOf(
  overlapMs: number,
  outOfOrder: number,
  rejected: number,
  fencing: string,
  /** when the overlap ended (marks.ts latestOverlapEnd): null while it goes on, -1 ended at a
   *  moment the page's history does not hold */
  endedAt: number | null = null,
  early = 0,
): Safety {
  if (outOfOrder > 0) {
    return {
      tone: "violation",
      label: overlapMs > 0 ? "Two leaders, writes got through" : "Stale writes got through",
      text: `${outOfOrder} older write${outOfOrder === 1 ? "" : "s"} applied after a newer one${overlapMs > 0 ? `; two leaders for ${overlapWords(overlapMs)}` : ""}`,
    };
  }
  if (early > 0) {
    const writes = `${early} write${early === 1 ? "" : "s"} from the old leader landed before the new one wrote, so nothing newer was overwritten`;
    if (overlapMs > 0 && endedAt === null)
      return {
        tone: "hazard",
        label: "Two leaders, both acting",
        text: `for ${overlapWords(overlapMs)} so far; ${writes}`,
      };
    return {
      tone: "past",
      label: overlapMs > 0 ? "Two leaders, ended" : "Old leader wrote",
      text:
        overlapMs > 0
          ? `for ${overlapWords(overlapMs)}${endedAt !== null && endedAt >= 0 ? `, ended at ${formatSeconds(endedAt)}` : ", ended"}; ${writes}`
          : writes,
    };
  }
  if (overlapMs > 0 && endedAt !== null) {
    const span = `for ${overlapWords(overlapMs)}, ended${endedAt >= 0 ? ` at ${formatSeconds(endedAt)}` : ""}`;
    if (fencing !== "off" && rejected > 0)
      return { tone: "past", label: refusedLabel(rejected), text: `${span}; ${refusedText(rejected)}` };
    return {
      tone: "past",
      label: "Two leaders, ended",
      text: `${span}; no stale write reached the resource${fencing === "off" ? ", though nothing here would have refused one" : ""}`,
    };
  }
  if (overlapMs > 0) {
    if (fencing === "off") {
      return {
        tone: "hazard",
        label: "Two leaders, no fencing",
        text: `for ${overlapWords(overlapMs)} so far; nothing refuses a stale write here`,
      };
    }
    return rejected > 0
      ? {
          tone: "hazard",
          label: refusedLabel(rejected),
          text: `for ${overlapWords(overlapMs)} so far; ${refusedText(rejected)}`,
        }
      : {
          tone: "hazard",
          label: "Two leaders now",
          text: `for ${overlapWords(overlapMs)} so far; no stale write has reached the resource yet`,
        };
  }
  return { tone: "ok", label: "", text: "One leader at a time so far" };
}

/** One meaning per icon across the sandbox: ✗ safety lost, ⚠ a risk or a contained hazard, ✓ fine
 *  (only "one leader at a time so far"), ○ a hazard that is over: neutral, never the green tick
 *  (review 5b #17: an ended overlap of two leaders read "✓ … now over"). */
export const SAFETY_ICON: Record<Safety["tone"], string> = {
  violation: "✗",
  hazard: "⚠",
  past: "○",
  ok: "✓",
};

export function SafetyLine() {
  const overlap = useSandbox((s) => s.frame?.monitors.overlapMs ?? 0);
  const stale = useSandbox((s) => s.frame?.resource.staleAccepted ?? 0);
  const lost = useSandbox((s) => s.frame?.resource.outOfOrder ?? 0);
  const rejected = useSandbox((s) => s.frame?.resource.rejected ?? 0);
  const fencing = useSandbox((s) => s.frame?.resource.mode ?? "token");
  const ended = useSandbox(latestOverlapEnd);
  const safe = safetyOf(overlap, lost, rejected, fencing, ended, stale - lost);
  return (
    <p className={`sb-safety tone-${safe.tone}`} data-testid="safety">
      <span aria-hidden="true">{SAFETY_ICON[safe.tone]} </span>
      {safe.label && <strong>{safe.label}: </strong>}
      {safe.text}
    </p>
  );
}

/** The running total of time with no leader: named as a total, never as a state ("No one claims
 *  to lead" beside a leader's star read as a claim about now). The compare table and practice
 *  say the same words. */
export const LEADERLESS_LABEL = "Time with no leader (total)";

export function NowMetrics({ compact = false, name = "Key metrics" }: { compact?: boolean; name?: string }) {
  const history = useSandbox((s) => s.history);
  const leaderless = useSandbox((s) => s.frame?.monitors.leaderlessMs ?? 0);
  const rejected = useSandbox((s) => s.frame?.resource.rejected ?? 0);
  const stale = useSandbox((s) => s.frame?.resource.staleAccepted ?? 0);
  const lost = useSandbox((s) => s.frame?.resource.outOfOrder ?? 0);
  // The history changes only with a fault or a leader change, not with every frame: the scan
  // waits for it (it ran on every render, which the message count used to cause each frame).
  const storeKind = useSandbox((s) => s.frame?.store?.kind ?? null);
  const last = useMemo(() => failovers(history, storeLabel(storeKind)).at(-1) ?? null, [history, storeKind]);
  // Why "Last failover" can be far longer than the time with no leader, said under the two
  // figures without opening the disclosure (review 16b #8: 9.26 s beside 0.41 s read as a
  // contradiction to a learner who skims).
  const believed = useMemo(() => (last ? believedDuring(history, last) : null), [history, last]);
  const reason = compact ? null : believedReason(last, believed);
  const note = metricsNote(last, compact, reason !== null);
  // Every "New leader" line in the events, the first election included: a count of changes
  // (which skips the first) read "Leader changes 0" beside "New leader n2".
  const elected = useMemo(() => history.filter((e) => e.type === "leader-start").length, [history]);
  const fo = last === null ? "—" : formatSeconds(last.to - last.from);
  const items: Array<[string, string, string]> = compact
    ? [
        ["failover", "Last failover", fo],
        ["rejected", "Writes refused", String(rejected)],
        ["stale", "Stale accepted", String(stale)],
      ]
    : [
        ["failover", "Last failover", fo],
        ["leaderless", LEADERLESS_LABEL, formatSeconds(leaderless)],
        ["elected", "Leaders elected", String(elected)],
        ["rejected", "Writes refused", String(rejected)],
        ["stale", "Stale accepted", String(stale)],
        ["messages", "Messages", ""],
      ];
  return (
    <section className={`sb-panel sb-metrics-panel${compact ? " compact" : ""}`} aria-label={name}>
      <dl className="sb-metrics sb-now-metrics">
        {items.map(([k, label, v]) => (
          <div
            key={k}
            className={`sb-metric sb-metric-${k}${k === "stale" && stale > 0 ? (lost > 0 ? " bad" : " hazard") : ""}`}
          >
            <dt>{label}</dt>
            {k === "messages" ? <LiveText of={messageCount} /> : <dd>{v}</dd>}
          </div>
        ))}
      </dl>
      {reason && <p className="sb-hint sb-metrics-why">{reason}</p>}
      <SafetyLine />
      {/* The latest failover's own moments stay in view; what the no-leader figure counts is
          one press away, so the panel keeps Last writes and the tabs on the first screen at
          1280x800 (the three lines open ran them 25 px under the fold). */}
      {/* Before any failover the first line only defines the figure (its dash): it joins the
          others behind the disclosure, so the tab row stays on the first screen at 1280x800. */}
      {/* With the reason under the figures, the failover's moments join the disclosure: the
          panel keeps its height (the tab row stays on the first screen at 1280x800). */}
      {(compact || last) && !reason && (
        <ul className="sb-hint sb-metrics-note">
          <li>{note[0]}</li>
        </ul>
      )}
      {note.length > 1 && (
        <details className="sb-hint sb-metrics-more">
          <summary>What the two times count</summary>
          <ul className="sb-metrics-note">
            {note.slice(last && !reason ? 1 : 0).map((line, i) => (
              // Two lines start "Last failover": the position keys them (the lines never reorder).
              <li key={i}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/** The two times in plain words, with the latest failover's own moments, so the number beside
 *  it can be checked against the picture: "Last failover: n2 crashed at 3.00 s, n3 led at 4.38 s".
 *  When the old leader still believed it led as the new one started (cut off, or paused), the
 *  line says so: the failover counts although the time with no leader did not grow. */
export function metricsNote(last: Failover | null, compact: boolean, reasonShown = false): string[] {
  // With the reason line under the figures, the failover's line does not say it twice.
  const still = reasonShown ? [] : (last?.stillBelieved ?? []);
  const believed =
    still.length === 0
      ? ""
      : `, while ${still.join(" and ")} still believed ${still.length === 1 ? "it" : "they"} led`;
  const fo = last
    ? `Last failover: ${last.fault} at ${formatSeconds(last.from)}, ${last.leader} led at ${formatSeconds(last.to)}${believed}.`
    : "Last failover: from a fault on the leader to the next new leader (a dash until then).";
  if (compact) return [fo];
  return [
    fo,
    "Last failover runs from the fault that left the cluster without a usable leader (a crash, a pause, a cut that parts the leader from the others) to the next new leader, even if the old one still believes it leads.",
    `${LEADERLESS_LABEL}: every stretch so far when no node believed it led, added up.`,
    "A paused or cut-off leader still believes it leads, so its pause does not add to it.",
  ];
}

/** "n2 still believed it led for 8.85 s of the failover; only 0.41 s had no leader":
 *  the failover's own share of each figure, from the run. Null when the old leader stopped
 *  believing as the fault struck (a crash: both figures grow together). */
export function believedReason(
  last: Pick<Failover, "from" | "to"> | null,
  believed: { nodes: string[]; ms: number } | null,
): string | null {
  if (!last || !believed || believed.nodes.length === 0 || believed.ms < 10) return null;
  const who = believed.nodes.join(" and ");
  const they = believed.nodes.length === 1 ? "it" : "they";
  const rest = last.to - last.from - believed.ms;
  if (rest < 10)
    return `${who} still believed ${they} led all through the failover: no time without a leader.`;
  return `${who} still believed ${they} led for ${formatSeconds(believed.ms)} of the failover; only ${formatSeconds(rest)} had no leader.`;
}

const messageCount = (s: SandboxState) => s.messages.toLocaleString("en");

/** A figure that changes with nearly every frame (the message count), written into its element
 *  straight from the store, outside React: re-rendering the panel for it cost a React render per
 *  worker frame. React renders the element empty and never touches its text. */
function LiveText({ of }: { of: (s: SandboxState) => string }) {
  const store = useController().store;
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    let shown: string | null = null;
    const write = (s: SandboxState) => {
      const text = of(s);
      if (text === shown || !ref.current) return;
      ref.current.textContent = text;
      shown = text;
    };
    write(store.getState());
    return store.subscribe(write);
  }, [store, of]);
  return <dd ref={ref} />;
}
