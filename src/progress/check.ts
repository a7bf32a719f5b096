// Checks a stored blob against the current progress format without a schema library: this runs
// at start-up, before the first page shows, and zod would be a fifth of the home page's JavaScript.
// It accepts exactly what ./progress-schema.ts accepts, gives the same data back and, for a blob it
// refuses, names the same first wrong field (check.test.ts compares the two on generated blobs).
// Loose objects keep fields this build does not know, as the schema does.
import { CURRENT_VERSION, type ProgressData } from "./schema";

/** A check returns null when the value fits, or the path (from the value) of the first misfit. */
type Check = (value: unknown) => Path | null;
type Path = Array<string | number>;

const OK = null;
const HERE: Path = [];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const test =
  (ok: (v: unknown) => boolean): Check =>
  (v) =>
    ok(v) ? OK : HERE;

const string = test((v) => typeof v === "string");
const boolean = test((v) => typeof v === "boolean");
const number = (min = -Infinity, max = Infinity, int = false): Check =>
  test(
    (v) =>
      typeof v === "number" &&
      Number.isFinite(v) &&
      (!int || Number.isSafeInteger(v)) &&
      v >= min &&
      v <= max,
  );
const oneOf = (...values: unknown[]): Check => test((v) => values.includes(v));
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined ? OK : check(v);
const nullable =
  (check: Check): Check =>
  (v) =>
    v === null ? OK : check(v);

/** An ISO 8601 date-time with seconds and a Z or ±hh:mm offset, on a real calendar day (the
 *  schema's `z.iso.datetime({ offset: true })`). */
const DATE_TIME =
  /^(\d{4})-(\d\d)-(\d\d)T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
const isoDate = test((v) => {
  const m = typeof v === "string" ? DATE_TIME.exec(v) : null;
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
});

/** The first misfit among an object's fields, in the order the schema lists them. */
const object =
  (fields: Record<string, Check>): Check =>
  (v) => {
    if (!isObject(v)) return HERE;
    for (const [key, check] of Object.entries(fields)) {
      const bad = check(v[key]);
      if (bad) return [key, ...bad];
    }
    return OK;
  };
const record =
  (check: Check): Check =>
  (v) => {
    if (!isObject(v)) return HERE;
    for (const key of Object.keys(v)) {
      const bad = check(v[key]);
      if (bad) return [key, ...bad];
    }
    return OK;
  };
const array =
  (check: Check = () => OK): Check =>
  (v) => {
    if (!Array.isArray(v)) return HERE;
    for (let i = 0; i < v.length; i++) {
      const bad = check(v[i]);
      if (bad) return [i, ...bad];
    }
    return OK;
  };

// The quiz section (sections/quiz.ts).
const count = number(0, Infinity, true);
const nonNegative = number(0);
const fsrsState = number(0, 3, true);
const quizCard = object({
  due: isoDate,
  stability: nonNegative,
  difficulty: nonNegative,
  elapsed_days: nonNegative,
  scheduled_days: nonNegative,
  learning_steps: count,
  reps: count,
  lapses: count,
  state: fsrsState,
  last_review: optional(isoDate),
});
const quizReview = object({
  rating: number(1, 4, true),
  state: fsrsState,
  due: isoDate,
  stability: nonNegative,
  difficulty: nonNegative,
  elapsed_days: nonNegative,
  last_elapsed_days: nonNegative,
  scheduled_days: nonNegative,
  learning_steps: count,
  review: isoDate,
  correct: boolean,
  confidence: oneOf("guessed", "unsure", "sure"),
});
const quizItem = object({ card: quizCard, log: array(quizReview) });
const quizSession = object({
  at: isoDate,
  mode: oneOf("learn", "exam", "missed", "due"),
  total: count,
  correct: count,
  missed: array(string),
});
const quizSection = object({
  items: record(quizItem),
  lastGrade: optional(nullable(object({ id: string, at: isoDate, before: nullable(quizItem) }))),
  sessions: optional(array(quizSession)),
});

const progress = object({
  version: oneOf(CURRENT_VERSION),
  lessons: record(object({ status: oneOf("not-started", "in-progress", "done"), updatedAt: string })),
  quiz: quizSection,
  // The interview, practice and elector envelopes are lenient: their items are checked when read.
  interview: object({ attempts: array(), sessions: optional(record(() => OK)) }),
  practice: optional(object({ challenges: record(() => OK) })),
  elector: object({ challenges: record(() => OK) }),
});

export type Checked = { ok: true; data: ProgressData } | { ok: false; path: Path };

/** Checks a parsed blob (already lifted to the current version). */
export function checkProgress(value: unknown): Checked {
  const bad = progress(value);
  if (bad) return { ok: false, path: bad };
  const data = value as ProgressData;
  // The last grade is the one strict object of the format: fields it does not know are dropped.
  const last = data.quiz.lastGrade;
  if (!last) return { ok: true, data };
  const { id, at, before } = last;
  return { ok: true, data: { ...data, quiz: { ...data.quiz, lastGrade: { id, at, before } } } };
}
