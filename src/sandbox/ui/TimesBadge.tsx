// How many times a line's event happened, as a badge apart from the sentence: "(2 times)" after
// "…is older than 2" read as part of the sentence (review 12a #2). Seen: "×2"; heard and hovered:
// "happened 2 times".
import { timesWords } from "./times-words.ts";

export function TimesBadge({ times }: { times: number | undefined }) {
  if (!times || times < 2) return null;
  return (
    <>
      {" "}
      <span className="sb-times" title={timesWords(times)}>
        <span aria-hidden="true">×{times}</span>
        <span className="visually-hidden">({timesWords(times)})</span>
      </span>
    </>
  );
}
