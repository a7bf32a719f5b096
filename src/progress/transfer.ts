// Export and import of ALL progress (lessons, quiz, interview, practice, elector code) as one JSON file, so a learner can
// move to another device. An import is all or nothing: a file that is not JSON, not ours, from a
// newer version, or not the right shape is refused with the reason, and nothing changes.
import { upgrade } from "./load";
import { CURRENT_VERSION, type ProgressData } from "./schema";
import { progressSchema } from "./progress-schema";
import { readChallengeRecord } from "./sections/practice";

export const EXPORT_FORMAT = "election-lab-progress";
/** Larger files are refused before parsing: real progress is a few hundred kilobytes at most. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export type ProgressExport = { format: typeof EXPORT_FORMAT; exportedAt: string; progress: ProgressData };

export function exportProgress(
  data: ProgressData,
  now: Date = new Date(),
): { filename: string; json: string } {
  const file: ProgressExport = { format: EXPORT_FORMAT, exportedAt: now.toISOString(), progress: data };
  const day = now.toISOString().slice(0, 10);
  return { filename: `election-lab-progress-${day}.json`, json: `${JSON.stringify(file, null, 2)}\n` };
}

export type ImportResult =
  { ok: true; data: ProgressData; exportedAt: string } | { ok: false; reason: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Validates an exported file's text. Never throws; never touches the store. */
export function parseProgressFile(text: string): ImportResult {
  if (text.length > MAX_IMPORT_BYTES)
    return { ok: false, reason: "the file is too large to be an Election Lab progress file" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: "the file is not valid JSON" };
  }
  if (!isRecord(parsed) || parsed.format !== EXPORT_FORMAT || !("progress" in parsed))
    return {
      ok: false,
      reason: 'the file is not an Election Lab progress export (it lacks the "election-lab-progress" marker)',
    };
  const exportedAt = typeof parsed.exportedAt === "string" ? parsed.exportedAt : "";
  const lifted = upgrade(parsed.progress, undefined, CURRENT_VERSION);
  if (!lifted.ok) return { ok: false, reason: `its progress cannot be read: ${lifted.reason}` };
  let valid: ReturnType<typeof progressSchema.safeParse>;
  try {
    valid = progressSchema.safeParse(lifted.value);
  } catch {
    // The schema's error collector overflows the stack on a list of some 200,000 wrong entries
    // (issue 40): a refusal, not a crash.
    return {
      ok: false,
      reason: "its progress does not have the expected shape (far too many entries are wrong to list)",
    };
  }
  if (!valid.success) {
    const issue = valid.error.issues[0];
    // Each part of the path clipped: a key is the file's own text and may be megabytes long.
    const where = issue?.path.length
      ? issue.path
          .slice(0, 6)
          .map((k) => {
            const t = String(k);
            return t.length > 40 ? `${t.slice(0, 40)}…` : t;
          })
          .join(".")
      : "the top level";
    return {
      ok: false,
      reason: `its progress does not have the expected shape (at ${where}: ${(issue?.message ?? "invalid").slice(0, 200)})`,
    };
  }
  return { ok: true, data: valid.data, exportedAt };
}

/** A one-line description of what a progress blob holds, for confirmations. */
export function describeProgress(data: ProgressData): string {
  const lessons = Object.values(data.lessons).filter((l) => l.status === "done").length;
  const questions = Object.keys(data.quiz.items).length;
  const attempts = data.interview.attempts.length;
  const electors = Object.keys(data.elector.challenges).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const code = electors > 0 ? `, your code for ${plural(electors, "elector challenge")}` : "";
  // The practice challenges travel in the file too, so the words name them (review 4b #20).
  return `${plural(lessons, "lesson")} done, ${plural(questions, "quiz question")} scheduled, ${plural(attempts, "interview attempt")}, ${plural(solvedChallenges(data), "challenge")} solved${code}`;
}

/** Practice challenges with a passing check (a damaged record counts as unsolved). */
function solvedChallenges(data: ProgressData): number {
  return Object.keys(data.practice?.challenges ?? {}).filter(
    (id) => readChallengeRecord(data.practice, id)?.solvedAt,
  ).length;
}

function counts(data: ProgressData) {
  return {
    challenges: solvedChallenges(data),
    lessons: Object.values(data.lessons).filter((l) => l.status === "done").length,
    questions: Object.keys(data.quiz.items).length,
    attempts: data.interview.attempts.length,
    electors: Object.keys(data.elector.challenges).length,
  };
}

/** What importing `incoming` would do to `current`, either way, in words, before anything changes. */
/** Whether a file holds exactly the progress already here (key order aside): then there is nothing
 *  to import, and asking "Merge or Replace?" would offer a choice that changes nothing (review 5b
 *  #22). */
export function sameProgress(current: ProgressData, incoming: ProgressData): boolean {
  return canonical(current) === canonical(incoming);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

export function planImport(current: ProgressData, incoming: ProgressData, merged: ProgressData) {
  const now = counts(current);
  const change = (next: ProgressData) => {
    const c = counts(next);
    const part = (a: number, b: number, word: string) => (a === b ? null : `${word} ${a} → ${b}`);
    const parts = [
      part(now.lessons, c.lessons, "lessons done"),
      part(now.questions, c.questions, "quiz questions scheduled"),
      part(now.attempts, c.attempts, "interview attempts"),
      part(now.challenges, c.challenges, "challenges solved"),
      part(now.electors, c.electors, "elector challenges with your code"),
    ].filter(Boolean);
    return parts.length ? parts.join(", ") : "the counts stay the same";
  };
  return {
    replace: change(incoming),
    merge: change(merged),
    loses: now.lessons + now.questions + now.attempts + now.challenges + now.electors > 0,
  };
}
