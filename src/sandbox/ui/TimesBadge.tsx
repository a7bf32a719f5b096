// How many times a line's event happened, as a chip in words set apart from the sentence, after
// the line's time and before its words: "(2 times)" after "…is older than 2" read as part of the
// sentence (review 12a #2), and so did a "×2" chip there ("older than 2 ×2", review 16a #5).
// Seen and heard: "7.2 s [twice] The resource refused…"; hovered: "happened twice".
import { timesShort, timesWords } from "./times-words.ts";

/** Drawn right after the line's time, before its sentence (nothing for an event seen once). */
export function TimesBadge({ times }: { times: number | undefined }) {
  if (!times || times < 2) return null;
  return (
    <>
      <span className="sb-times" title={timesWords(times)}>
        {timesShort(times)}
      </span>{" "}
    </>
  );
}
