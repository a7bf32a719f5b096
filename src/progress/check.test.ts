// checkProgress replaced the zod schema at start-up (to keep zod off the home page). These tests
// hold it to that schema: on valid blobs, blobs with one field broken, removed or added, and dates
// near the calendar's edges, both accept the same blobs, give the same data and name the same
// first wrong field.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { checkProgress } from "./check";
import { progressSchema } from "./progress-schema";
import { emptyProgress } from "./schema";
import { emptyQuizSection } from "./sections/quiz";
import { emptyInterviewSection } from "./sections/interview";

const iso = fc.oneof(
  fc
    .date({
      min: new Date("1900-01-01T00:00:00Z"),
      max: new Date("2200-01-01T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString()),
  fc.constantFrom("2024-02-29T10:00:00+05:30", "2026-01-01T00:00:00.5-00:00", "2000-02-29T23:59:59Z"),
);
const nonNegative = fc.oneof(fc.double({ min: 0, max: 1e9, noNaN: true }), fc.nat());
const count = fc.nat({ max: 1000 });
const state = fc.integer({ min: 0, max: 3 });
const card = fc.record(
  {
    due: iso,
    stability: nonNegative,
    difficulty: nonNegative,
    elapsed_days: nonNegative,
    scheduled_days: nonNegative,
    learning_steps: count,
    reps: count,
    lapses: count,
    state,
    last_review: iso,
  },
  {
    requiredKeys: [
      "due",
      "stability",
      "difficulty",
      "elapsed_days",
      "scheduled_days",
      "learning_steps",
      "reps",
      "lapses",
      "state",
    ],
  },
);
const review = fc.record({
  rating: fc.integer({ min: 1, max: 4 }),
  state,
  due: iso,
  stability: nonNegative,
  difficulty: nonNegative,
  elapsed_days: nonNegative,
  last_elapsed_days: nonNegative,
  scheduled_days: nonNegative,
  learning_steps: count,
  review: iso,
  correct: fc.boolean(),
  confidence: fc.constantFrom("guessed", "unsure", "sure"),
});
const item = fc.record({ card, log: fc.array(review, { maxLength: 3 }) });
const id = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
const quiz = fc.record(
  {
    items: fc.dictionary(id, item, { maxKeys: 3 }),
    lastGrade: fc.option(fc.record({ id, at: iso, before: fc.option(item, { nil: null }) }), { nil: null }),
    sessions: fc.array(
      fc.record({
        at: iso,
        mode: fc.constantFrom("learn", "exam", "missed", "due"),
        total: count,
        correct: count,
        missed: fc.array(id, { maxLength: 3 }),
      }),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: ["items"] },
);
const blob = fc.record(
  {
    version: fc.constant(3),
    lessons: fc.dictionary(
      id,
      fc.record({
        status: fc.constantFrom("not-started", "in-progress", "done"),
        updatedAt: fc.string({ maxLength: 30 }),
      }),
      { maxKeys: 3 },
    ),
    quiz,
    interview: fc.record(
      {
        attempts: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }),
        sessions: fc.dictionary(id, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
      },
      { requiredKeys: ["attempts"] },
    ),
    practice: fc.record({ challenges: fc.dictionary(id, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }) }),
    elector: fc.record({ challenges: fc.dictionary(id, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }) }),
    extra: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: ["version", "lessons", "quiz", "interview", "elector"] },
);

/** Every place in a JSON value: the path to each object or array, and to each of their fields. */
function places(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  const out = [path];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...places(v, [...path, i])));
  else if (typeof value === "object" && value !== null)
    for (const [k, v] of Object.entries(value)) out.push(...places(v, [...path, k]));
  return out;
}

type Mutation =
  { kind: "set"; value: unknown } | { kind: "delete" } | { kind: "add"; key: string; value: unknown };
/** The blob with one change at one place (a deep copy; the original is untouched). */
function mutate(original: unknown, pick: number, m: Mutation): unknown {
  const copy = structuredClone(original);
  const all = places(copy);
  const path = all[pick % all.length];
  if (path.length === 0) return m.kind === "set" ? m.value : copy;
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (m.kind === "set") parent[last] = m.value;
  else if (m.kind === "delete" && !Array.isArray(parent)) delete parent[last];
  else if (m.kind === "add") {
    const target = parent[last];
    if (typeof target === "object" && target !== null && !Array.isArray(target))
      (target as Record<string, unknown>)[m.key] = m.value;
  }
  return copy;
}

// Wrong values worth trying: near-misses of each field's rule as well as arbitrary JSON.
const wrong = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(-1, 0.5, 4, 5, -0, 2 ** 53, 1e300, "", "done", "sure", "exam", 1, 2, 3, null, [], {}, true),
  fc.constantFrom(
    "2026-02-29T00:00:00Z",
    "2100-02-29T00:00:00Z",
    "2000-02-29T00:00:00Z",
    "2026-04-31T00:00:00Z",
    "2026-13-01T00:00:00Z",
    "2026-00-10T00:00:00Z",
    "2026-01-01T24:00:00Z",
    "2026-01-01T00:00Z",
    "2026-01-01T00:00:00",
    "2026-01-01T00:00:00+0530",
    "2026-01-01T00:00:00+24:00",
    "2026-01-01T00:00:00.Z",
    "2026-01-01 00:00:00Z",
    "+02026-01-01T00:00:00Z",
    "２０２６-01-01T00:00:00Z",
  ),
);
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  wrong.map((value) => ({ kind: "set" as const, value })),
  fc.constant({ kind: "delete" as const }),
  fc.record({
    kind: fc.constant("add" as const),
    key: fc.string({ maxLength: 6 }),
    value: fc.jsonValue({ maxDepth: 1 }),
  }),
);

function expectSameVerdict(value: unknown) {
  const zod = progressSchema.safeParse(value);
  const ours = checkProgress(value);
  if (zod.success) {
    expect(ours).toEqual({ ok: true, data: zod.data });
  } else {
    expect(ours).toEqual({ ok: false, path: zod.error.issues[0].path });
  }
}

describe("checkProgress", () => {
  it("accepts every valid blob as the schema does, with the same data", () => {
    fc.assert(
      fc.property(blob, (b) => expectSameVerdict(b)),
      { numRuns: 500 },
    );
  });

  it("judges a blob with one field broken, removed or added as the schema does", () => {
    fc.assert(
      fc.property(blob, fc.nat(), mutation, (b, pick, m) => expectSameVerdict(mutate(b, pick, m))),
      { numRuns: 3000 },
    );
  });

  it("reads dates as the schema does", () => {
    const parts = fc.tuple(
      fc.constantFrom("2024", "2026", "2000", "1900", "0000", "9999"),
      fc.constantFrom("01", "02", "04", "12", "13", "00"),
      fc.constantFrom("01", "28", "29", "30", "31", "32", "00"),
      fc.constantFrom("00:00:00", "23:59:59", "24:00:00", "12:60:00", "12:00:60", "12:00", "12:00:00.123456"),
      fc.constantFrom("Z", "+00:00", "-23:59", "+24:00", "+05", "z", ""),
    );
    fc.assert(
      fc.property(parts, ([y, mo, d, t, z]) => {
        const b = emptyProgress();
        const due = `${y}-${mo}-${d}T${t}${z}`;
        const item = {
          card: {
            due,
            stability: 1,
            difficulty: 1,
            elapsed_days: 0,
            scheduled_days: 0,
            learning_steps: 0,
            reps: 0,
            lapses: 0,
            state: 0,
          },
          log: [],
        };
        expectSameVerdict({ ...b, quiz: { items: { q: item } } });
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses a blob that is not an object, naming the top level", () => {
    for (const v of [null, [], "x", 2]) expectSameVerdict(v);
    expect(checkProgress([])).toEqual({ ok: false, path: [] });
  });

  it("starts from the same empty sections the features define", () => {
    expect(emptyProgress()).toMatchObject({ quiz: emptyQuizSection(), interview: emptyInterviewSection() });
    expect(checkProgress(emptyProgress()).ok).toBe(true);
  });
});
