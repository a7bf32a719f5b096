// The rubric matcher: a heuristic that looks for each key point's cues in the learner's answer.
// It normalises case, accents, punctuation and simple plurals, matches whole words, and keeps the
// sentence it matched so the learner can judge the evidence and correct it. It never decides alone.
import type { Cue, KeyPoint } from "./schema";

/** Folds one word to a comparable stem: lower case already, simple English plurals removed. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/'s\b/g, "")
    .replace(/(\d)([a-z])/g, "$1 $2")
    .replace(/([a-z])(\d)/g, "$1 $2");
}

/** Words of a text, normalised: accents, case, possessives, punctuation and plurals folded. */
export function words(text: string): string[] {
  return (fold(text).match(/[a-z0-9]+/g) ?? []).map(stem);
}

/** Words of a cue: like `words`, but a trailing `*` (any ending) is kept on a word. */
export function cueWords(phrase: string): string[] {
  return (fold(phrase).match(/[a-z0-9]+\*?/g) ?? []).map((w) => (w.endsWith("*") ? w : stem(w)));
}

function phraseAt(hay: string[], needle: string[], at: number): boolean {
  for (let k = 0; k < needle.length; k++) {
    const want = needle[k];
    const got = hay[at + k];
    if (got === undefined) return false;
    if (want.endsWith("*") ? !got.startsWith(want.slice(0, -1)) : got !== want) return false;
  }
  return true;
}

/** True if the phrase occurs, word for word, in the (already normalised) words. */
export function containsPhrase(hay: string[], phrase: string): boolean {
  const needle = cueWords(phrase);
  if (needle.length === 0) return false;
  for (let i = 0; i + needle.length <= hay.length; i++) if (phraseAt(hay, needle, i)) return true;
  return false;
}

/** Splits an answer into sentences (or lines), keeping the original text for evidence. */
export function sentences(answer: string): string[] {
  return answer
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function cueLabel(cue: Cue): string {
  return typeof cue === "string" ? cue : cue.all.join(" + ");
}

function cueMatches(sentenceWords: string[], cue: Cue): boolean {
  return typeof cue === "string"
    ? containsPhrase(sentenceWords, cue)
    : cue.all.every((part) => containsPhrase(sentenceWords, part));
}

export type PointMatch = {
  pointId: string;
  found: boolean;
  /** The cue that matched first, as written in the rubric. */
  cue: string | null;
  /** The learner's sentence it matched in, shortened for display. */
  evidence: string | null;
};

const EVIDENCE_MAX = 160;
function shorten(sentence: string): string {
  return sentence.length <= EVIDENCE_MAX ? sentence : `${sentence.slice(0, EVIDENCE_MAX - 1).trimEnd()}…`;
}

/** Cues are tried in the rubric's order (strongest first), each against every sentence. */
export function matchPoint(answer: string, point: Pick<KeyPoint, "id" | "cues">): PointMatch {
  const parsed = sentences(answer).map((text) => ({ text, words: words(text) }));
  for (const cue of point.cues) {
    const hit = parsed.find((s) => cueMatches(s.words, cue));
    if (hit) return { pointId: point.id, found: true, cue: cueLabel(cue), evidence: shorten(hit.text) };
  }
  return { pointId: point.id, found: false, cue: null, evidence: null };
}

export function matchRubric(
  answer: string,
  rubric: ReadonlyArray<Pick<KeyPoint, "id" | "cues">>,
): PointMatch[] {
  return rubric.map((point) => matchPoint(answer, point));
}

export function isCovered(answer: string, point: Pick<KeyPoint, "id" | "cues">): boolean {
  return matchPoint(answer, point).found;
}

// Form checks ------------------------------------------------------------------------------------

/** Rough sentence count: runs of text ending in . ! or ? (or the end of the answer). */
export function countSentences(answer: string): number {
  const trimmed = answer.trim();
  if (!trimmed) return 0;
  return trimmed.split(/[.!?]+(?:\s+|$)/).filter((s) => /[A-Za-z0-9]/.test(s)).length;
}

/** Acronyms: words of two or more capitals (with optional digits or a plural s), e.g. TTL, GC, NTP. */
export function findAcronyms(answer: string): string[] {
  const found = answer.match(/\b[A-Z][A-Z0-9]{1,6}s?\b/g) ?? [];
  return [...new Set(found.map((a) => a.replace(/s$/, "")))].filter((a) => /[A-Z].*[A-Z]/.test(a));
}

export type FormCheck = { id: "sentences" | "plain-words"; ok: boolean; text: string };

export function checkForm(
  answer: string,
  constraints: { sentences?: number; plainWords?: boolean } | undefined,
): FormCheck[] {
  const checks: FormCheck[] = [];
  if (constraints?.sentences) {
    const n = countSentences(answer);
    const want = constraints.sentences;
    checks.push({
      id: "sentences",
      ok: n === want,
      text: `${n} sentence${n === 1 ? "" : "s"} written; ${want} asked for.`,
    });
  }
  if (constraints?.plainWords) {
    const acronyms = findAcronyms(answer);
    checks.push({
      id: "plain-words",
      ok: acronyms.length === 0,
      text: acronyms.length ? `Acronyms spotted: ${acronyms.join(", ")}.` : "No acronyms spotted.",
    });
  }
  return checks;
}
