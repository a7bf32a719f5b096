// What a "Try to break it" search found, in the learner's words, and the replayed run's name.
import { describeSchedule, parseProperty, type SearchOutcome } from "../../engine/search/index.ts";

/** The whole millisecond just after the property broke: a run shown at t has processed every
 *  event strictly before t, so this is the first moment that shows it broken. */
export const momentAfter = (o: SearchOutcome) => Math.floor(o.shrunk?.failure.at ?? 0) + 1;
const secs = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** The replayed run's name: a hazard is not a break (fencing may have refused every stale write),
 *  so its run is not called "the schedule that breaks it". */
export function replayTitle(property: string): string {
  return losesSafety(property)
    ? "The smallest schedule that breaks it"
    : "The smallest schedule that shows the hazard";
}

/** Only a safety property is lost safety: a stale write that landed before the newer leader's
 *  first overwrote nothing newer (a hazard, amber in the sandbox); one applied after a newer
 *  write breaks fencing-monotonic, which is a safety property. */
const losesSafety = (property: string) => parseProperty(property).kind === "safety";

/** What "hazard" means, said where the result uses the word (review 9b #14: it was in no legend). */
export function hazardNote(property: string): string {
  if (property.startsWith("leaderless"))
    return "A hazard is a danger, not lost safety: nothing wrong was written, but no leader did the work for that long.";
  return "A hazard is a danger, not lost safety: safety is lost only if the resource applies an older write after a newer one. Replay it to see whether fencing refused every stale write.";
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
  property,
  tokenWord,
}: {
  outcome: SearchOutcome;
  /** the search's budget: how many schedules it would have tried */
  schedules: number;
  label: string;
  property: string;
  tokenWord: string;
}) {
  const shrunk = outcome.shrunk!;
  const lost = losesSafety(property);
  return (
    <>
      <p>
        {lost ? <strong>Broken: safety lost</strong> : <strong>Found a hazard</strong>} ({label.toLowerCase()}
        ), on the {ordinal(outcome.tried)} schedule tried (of {count(schedules)}).
        {!lost && ` ${hazardNote(property)}`}
      </p>
      <p>
        The smallest schedule found: {describeSchedule(shrunk.faults)}. At {secs(shrunk.failure.at)}:{" "}
        {plainDetail(shrunk.failure.detail, tokenWord)}.
      </p>
      <p className="sb-hint">Shrinking it took {count(shrunk.steps)} more runs.</p>
    </>
  );
}
