// A worker's refusal of an action, as a sentence in the page's units. The engine names the field
// it judged ("at: the run has ended at 8000 ms; extend it or rewind before acting"); the page
// said "That action was refused: at: the run has ended at 8000 ms" (review 14b #12: a doubled
// colon, and milliseconds where the time bar says "8.00 s / 8 s").

/** Milliseconds in a message ("8000 ms") as the time bar writes seconds ("8.00 s"). */
export function msToSeconds(text: string): string {
  return text.replace(/(\d+(?:\.\d+)?) ?ms\b/g, (_, n: string) => `${(Number(n) / 1000).toFixed(2)} s`);
}

/** The engine's field path in plain words: "faults[0].node" is the action's node. */
function fieldWords(path: string): string {
  const last =
    path
      .replace(/^faults\[\d+\]\.?/, "")
      .split(".")
      .pop() ?? "";
  return last === "" ? "" : last === "at" ? "its moment" : `its ${last}`;
}

/** The notice for a refused action, from the worker's "field: message". */
export function refusalWords(message: string): string {
  const ended = /^(?:faults\[\d+\]\.)?at: the run has ended at (\d+(?:\.\d+)?) ms/.exec(message);
  if (ended)
    return `Can't act at ${(Number(ended[1]) / 1000).toFixed(2)} s: the run has ended. Rewind, or keep it running for 30 s more.`;
  const m = /^([\w.[\]]+): (.*)$/s.exec(message);
  const field = m ? fieldWords(m[1]) : "";
  const rest = msToSeconds((m ? m[2] : message).trim()).replace(/[.;]\s*$/, "");
  return field
    ? `That action was refused because of ${field}: ${rest}.`
    : `That action was refused: ${rest}.`;
}
