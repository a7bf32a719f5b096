import { describe, expect, it } from "vitest";
import { emptyProgress, type ProgressData } from "./schema";
import {
  EXPORT_FORMAT,
  describeProgress,
  exportProgress,
  parseProgressFile,
  planImport,
  sameProgress,
} from "./transfer";

const sample: ProgressData = {
  ...emptyProgress(),
  lessons: { "why-a-leader": { status: "done", updatedAt: "2026-11-29T12:00:00.000Z" } },
  quiz: {
    items: {
      "wl-invariant": {
        card: {
          due: "2026-11-29T12:10:00.000Z",
          stability: 2.3,
          difficulty: 2.1,
          elapsed_days: 0,
          scheduled_days: 0,
          learning_steps: 1,
          reps: 1,
          lapses: 0,
          state: 1,
          last_review: "2026-11-29T12:00:00.000Z",
        },
        log: [
          {
            rating: 3,
            state: 0,
            due: "2026-11-29T12:00:00.000Z",
            stability: 0,
            difficulty: 0,
            elapsed_days: 0,
            last_elapsed_days: 0,
            scheduled_days: 0,
            learning_steps: 0,
            review: "2026-11-29T12:00:00.000Z",
            correct: true,
            confidence: "unsure",
          },
        ],
      },
    },
    lastGrade: { id: "wl-invariant", at: "2026-11-29T12:00:00.000Z", before: null },
    sessions: [{ at: "2026-11-29T12:00:00.000Z", mode: "exam", total: 2, correct: 1, missed: ["wl-radio"] }],
  },
  interview: { attempts: [{ id: 1 }] },
};
const wrap = (progress: unknown) =>
  JSON.stringify({ format: EXPORT_FORMAT, exportedAt: "2026-11-29T12:00:00.000Z", progress });

describe("progress export and import", () => {
  it("round-trips all progress through the exported file", () => {
    const { filename, json } = exportProgress(sample, new Date("2026-11-29T12:00:00.000Z"));
    expect(filename).toBe("election-lab-progress-2026-11-29.json");
    const result = parseProgressFile(json);
    expect(result).toEqual({ ok: true, data: sample, exportedAt: "2026-11-29T12:00:00.000Z" });
  });

  it("lifts an export of an older format to the current one", () => {
    const result = parseProgressFile(wrap({ version: 1, lessons: sample.lessons }));
    expect(result.ok && result.data).toEqual({ ...emptyProgress(), lessons: sample.lessons });
  });

  it.each([
    ["not JSON", "{oops", "not valid JSON"],
    [
      "a foreign JSON file",
      JSON.stringify({ name: "package", version: "1.0.0" }),
      "not an Election Lab progress export",
    ],
    ["a raw array", "[1,2,3]", "not an Election Lab progress export"],
    ["a newer format", wrap({ version: 99, lessons: {} }), "newer version"],
    ["a progress blob without a version", wrap({ lessons: {} }), "no valid version"],
    [
      "a broken quiz card",
      wrap({ ...sample, quiz: { items: { q: { card: { due: "tomorrow" }, log: [] } } } }),
      "quiz.items.q.card",
    ],
    [
      "a wrong lesson status",
      wrap({ ...sample, lessons: { a: { status: "finished", updatedAt: "t" } } }),
      "lessons.a.status",
    ],
    ["a huge file", " ".repeat(6 * 1024 * 1024), "too large"],
  ])("refuses %s with the reason", (_label, text, reason) => {
    const result = parseProgressFile(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });
});

describe("what the file holds, in words", () => {
  const solved: ProgressData = {
    ...emptyProgress(),
    practice: {
      challenges: {
        "lease-ttl": { attempts: 2, last: "passed", solvedAt: "2026-11-29T12:00:00.000Z" },
        "zombie-write": { attempts: 1, last: "failed" },
      },
    },
  };

  it("names the practice challenges it carries (review 4b #20: they travelled unnamed)", () => {
    expect(describeProgress(solved)).toContain("1 challenge solved");
    expect(describeProgress(emptyProgress())).toContain("0 challenges solved");
  });

  it("says an import would change the challenges solved", () => {
    const plan = planImport(emptyProgress(), solved, solved);
    expect(plan.replace).toContain("challenges solved 0 → 1");
    expect(planImport(solved, emptyProgress(), solved).loses).toBe(true);
  });
});

describe("a file that matches the progress here", () => {
  it("is known as the same, whatever its key order, and only then (review 5b #22)", () => {
    const here = parseProgressFile(wrap(sample));
    if (!here.ok) throw new Error(here.reason);
    const shuffled = Object.fromEntries(Object.entries(here.data).reverse()) as ProgressData;
    const again = parseProgressFile(exportProgress(here.data).json);
    if (!again.ok) throw new Error(again.reason);
    expect(sameProgress(here.data, again.data)).toBe(true);
    expect(sameProgress(here.data, shuffled)).toBe(true);
    expect(sameProgress(here.data, emptyProgress())).toBe(false);
    expect(sameProgress(emptyProgress(), emptyProgress())).toBe(true);
  });
});
