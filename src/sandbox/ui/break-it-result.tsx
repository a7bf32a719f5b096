// What a "Try to break it" search found, in the learner's words, and the replayed run's name.
import { describeSchedule, type SearchOutcome } from "../../engine/search/index.ts";
import type { Summary } from "../../engine/index.ts";

/** The whole millisecond just after the property broke: a run shown at t has processed every
 *  event strictly before t, so this is the first moment that shows it broken. */
export const momentAfter = (o: SearchOutcome) => Math.floor(o.shrunk?.failure.at ?? 0) + 1;
const secs = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** What the smallest schedule's run actually shows, read from its summary: the words follow
 *  what was found, not the property searched for (review 17a #2: a stale write applied with
 *  fencing off was called "a hazard, not lost safety").
 *  - lost: a safety monitor fired (an older write applied after a newer one, two leaders in
 *    one term, ...): red in the sandbox.
 *  - stale-accepted: the resource applied a write from a leader already replaced; fencing did
 *    not stop it, even if nothing newer was overwritten yet.
 *  - contained: a hazard (two leaders at once) with every stale write refused, or none made.
 *  - leaderless: nobody led for too long; nothing wrong was written. */
export type FindingKind = "lost" | "stale-accepted" | "contained" | "leaderless";
export interface Finding {
  kind: FindingKind;
  /** the first safety violation's property (kind "lost") */
  violation?: string;
  /** stale writes the resource refused in the run */
  refused: number;
  /** stale writes it applied */
  staleAccepted: number;
}

type RunSummary = Pick<Summary, "violations" | "writes">;

export function findingOf(property: string, summary: RunSummary): Finding {
  const refused = summary.writes.rejected;
  const staleAccepted = summary.writes.staleAccepted;
  const first = summary.violations[0];
  if (first) return { kind: "lost", violation: first.property, refused, staleAccepted };
  if (staleAccepted > 0) return { kind: "stale-accepted", refused, staleAccepted };
  if (property.startsWith("leaderless")) return { kind: "leaderless", refused, staleAccepted };
  return { kind: "contained", refused, staleAccepted };
}

const VIOLATION_WORDS: Record<string, string> = {
  "fencing-monotonic": "an older write was applied after a newer one",
  "one-leader-per-term": "two leaders in the same term",
  "one-vote-per-term": "a node voted twice in one term",
  "term-monotonic": "a node's term went backwards",
  "token-monotonic": "the store handed out a token that did not grow",
};

/** The result's first words: "Broken: safety lost (...)" only when safety was lost. */
export function findingHeadline(f: Finding, label: string): string {
  if (f.kind === "lost")
    return `Broken: safety lost (${VIOLATION_WORDS[f.violation ?? ""] ?? label.toLowerCase()})`;
  if (f.kind === "stale-accepted") return "Broken: a stale write was accepted";
  return `Found a hazard (${label.toLowerCase()})`;
}

/** What the finding means, in one or two sentences that agree with the replayed run. */
export function findingNote(f: Finding): string {
  if (f.kind === "lost") {
    return f.violation === "fencing-monotonic"
      ? "The resource applied a deposed leader's write after its successor's, so the older data overwrote the newer: nothing refused it. Replay it to watch the late write land."
      : "A safety rule of the protocol was broken. Replay it to watch the moment it happened.";
  }
  if (f.kind === "stale-accepted")
    return "The resource applied a write from a leader that had already been replaced: nothing refused it. It overwrote nothing newer this time only because the new leader had not written yet. Replay it to watch the late write land.";
  if (f.kind === "leaderless")
    return "A hazard is a danger, not lost safety: nothing wrong was written, but no leader did the work for that long.";
  const held =
    f.refused > 0
      ? `the resource refused every stale write (${count(f.refused)} refused).`
      : "no stale write reached the resource in this run.";
  return `A hazard is a danger, not lost safety: two nodes believed they led, but ${held} Replay it to watch both believe they lead.`;
}

/** The replayed run's name: only a run that broke something is "the schedule that breaks it". */
export function replayTitle(f: Finding): string {
  return f.kind === "lost" || f.kind === "stale-accepted"
    ? "The smallest schedule that breaks it"
    : "The smallest schedule that shows the hazard";
}

/** A failure's detail in the learner's words: "n2(2), n3(3)" names each node's number, so it
 *  reads "n2 (token 2), n3 (token 3)", with the protocol's own word for the number. */
export function plainDetail(detail: string, tokenWord: string): string {
  return detail.replace(/\b(n\d+)\((\d+)\)/g, `$1 (${tokenWord} $2)`);
}
export const count = (n: number) => n.toLocaleString("en-US");

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 1,002nd. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${count(n)}${suffix}`;
}

export function BrokenResult({
  outcome,
  schedules,
  label,
  finding,
  tokenWord,
}: {
  outcome: SearchOutcome;
  /** the search's budget: how many schedules it would have tried */
  schedules: number;
  label: string;
  /** what the smallest schedule's run shows (findingOf) */
  finding: Finding;
  tokenWord: string;
}) {
  const shrunk = outcome.shrunk!;
  return (
    <>
      <p>
        <strong>{findingHeadline(finding, label)}</strong>, on the {ordinal(outcome.tried)} schedule tried (of{" "}
        {count(schedules)}). {findingNote(finding)}
      </p>
      <p>
        The smallest schedule found: {describeSchedule(shrunk.faults)}. At {secs(shrunk.failure.at)}:{" "}
        {plainDetail(shrunk.failure.detail, tokenWord)}.
      </p>
      <p className="sb-hint">Shrinking it took {count(shrunk.steps)} more runs.</p>
    </>
  );
}
