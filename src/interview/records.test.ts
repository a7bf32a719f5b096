import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emptyInterviewSection, type InterviewAttempt } from "../progress/sections/interview";
import {
  advance,
  attemptToMarkdown,
  markdownFileName,
  pauseSession,
  readAttempts,
  readSession,
  resumeSession,
  scores,
  setAnswer,
  setCovered,
  setRating,
  startSession,
  submit,
  tick,
  updateAttempt,
  weakestPromptId,
  withSession,
  withoutSession,
} from "./records";
import { promptSchema } from "./schema";

const billing = promptSchema.parse(
  JSON.parse(
    readFileSync(join(__dirname, "..", "..", "content", "interview", "billing-single-active.json"), "utf8"),
  ),
);
const t = (s: number) => new Date(Date.UTC(2026, 10, 29, 12, 0, s));

describe("a session", () => {
  it("starts running in the first phase with nothing asked that is not due", () => {
    const s = startSession(billing, t(0));
    expect(s).toMatchObject({
      promptId: billing.id,
      answer: "",
      stage: "answering",
      clock: { phaseIndex: 0, elapsedMs: 0 },
    });
    expect(s.asked).toEqual([]);
  });

  it("asks the fencing follow-up at the deep dive when the answer misses fencing", () => {
    let s = startSession(billing, t(0));
    s = setAnswer(
      s,
      "An etcd lease with a 10 s TTL, renewed every 3 s; another replica takes over after 10 s.",
      t(5),
    );
    s = advance(s, billing, t(10));
    expect(s.asked.map((a) => a.id)).toEqual(["give-numbers"]);
    s = advance(s, billing, t(20));
    expect(s.asked.map((a) => a.id)).toEqual(["give-numbers", "gc-write", "four-second-blip"]);
    expect(s.asked[1].phaseIndex).toBe(2);
  });

  it("does not ask it when the answer already fences", () => {
    let s = startSession(billing, t(0));
    s = setAnswer(s, "Every write carries a fencing token.", t(5));
    s = advance(advance(s, billing, t(10)), billing, t(20));
    expect(s.asked.map((a) => a.id)).not.toContain("gc-write");
  });

  it("asks follow-ups when the clock itself moves into a new phase", () => {
    const s = startSession(billing, t(0));
    const clarifyMs = billing.phases[0].minutes * 60_000;
    expect(tick(s, billing, t(1))).toBe(s);
    const later = tick(s, billing, new Date(t(0).getTime() + clarifyMs + 1000));
    expect(later.clock.phaseIndex).toBe(1);
    expect(later.asked.map((a) => a.id)).toEqual(["give-numbers"]);
  });

  it("pauses and resumes", () => {
    const s = pauseSession(startSession(billing, t(0)), billing, t(30));
    expect(s.clock).toEqual({ phaseIndex: 0, elapsedMs: 30_000, runningSince: null, doneMs: 0 });
    expect(pauseSession(s, billing, t(40))).toBe(s);
    expect(resumeSession(s, t(50)).clock.runningSince).toBe(t(50).getTime());
  });

  it("is stored per prompt and read back, and a damaged one reads as none", () => {
    const s = startSession(billing, t(0));
    const section = withSession(emptyInterviewSection(), s);
    expect(readSession(section, billing.id)).toEqual(s);
    expect(
      readSession({ ...section, sessions: { [billing.id]: { promptId: billing.id } } }, billing.id),
    ).toBeNull();
    expect(readSession(withoutSession(section, billing.id), billing.id)).toBeNull();
  });
});

describe("submitting and reviewing", () => {
  const answered = () => {
    let s = startSession(billing, t(0));
    s = setAnswer(s, "Only one replica runs. An etcd lease, TTL 10 s, renewed every 3 s.", t(1));
    return advance(advance(s, billing, t(60)), billing, t(120));
  };

  it("records an attempt with detected points and empty ratings, and moves the session to review", () => {
    const { section, attempt } = submit(emptyInterviewSection(), answered(), billing, t(180));
    expect(readAttempts(section).attempts).toEqual([attempt]);
    expect(attempt.points.find((p) => p.id === "invariant")).toMatchObject({
      detected: true,
      covered: true,
      cue: "only one",
    });
    expect(attempt.points.find((p) => p.id === "fencing")).toMatchObject({
      detected: false,
      covered: false,
      evidence: null,
    });
    expect(attempt.followUps.map((f) => f.id)).toContain("gc-write");
    expect(attempt.ratings).toEqual({ depth: null, failures: null, tradeoffs: null, communication: null });
    const session = readSession(section, billing.id)!;
    expect(session).toMatchObject({ stage: "review", attemptId: attempt.id });
    expect(session.clock.runningSince).toBeNull();
    // 1 s of typing, moved on at 60 s and 120 s, submitted at 180 s: three minutes of clock, not the full boxes.
    expect(attempt.activeMs).toBe(180_000);
  });

  it("lets the learner correct a detection and rate the attempt, leaving other items alone", () => {
    const { section, attempt } = submit({ attempts: [{ garbage: true }] }, answered(), billing, t(180));
    const next = updateAttempt(section, attempt.id, (a) =>
      setRating(setCovered(a, "fencing", true), "depth", 3),
    );
    expect(next.attempts[0]).toEqual({ garbage: true });
    const { attempts, unreadable } = readAttempts(next);
    expect(unreadable).toBe(1);
    expect(attempts[0].points.find((p) => p.id === "fencing")).toMatchObject({
      detected: false,
      covered: true,
    });
    expect(attempts[0].ratings.depth).toBe(3);
  });
});

const attempt = (
  promptId: string,
  submittedAt: string,
  covered: number,
  ratings: Array<number | null>,
): InterviewAttempt => ({
  id: `${promptId}-${submittedAt}`,
  promptId,
  promptTitle: promptId,
  startedAt: submittedAt,
  submittedAt,
  activeMs: 90_000,
  answer: "",
  followUps: [],
  points: Array.from({ length: 4 }, (_, i) => ({
    id: `p${i}`,
    label: `P${i}`,
    detected: i < covered,
    cue: null,
    evidence: null,
    covered: i < covered,
  })),
  ratings: { depth: ratings[0], failures: ratings[1], tradeoffs: ratings[2], communication: ratings[3] },
});

describe("scores", () => {
  it("combine rubric coverage and self-assessment", () => {
    expect(scores(attempt("a", "1", 2, [4, 4, 2, 2]))).toEqual({
      covered: 2,
      total: 4,
      rubricPct: 50,
      selfAvg: 3,
      selfPct: 75,
      overallPct: 63,
    });
    expect(scores(attempt("a", "1", 3, [4, null, 2, 2]))).toMatchObject({
      selfAvg: null,
      selfPct: null,
      overallPct: 75,
    });
  });

  it("pick the prompt whose latest attempt is weakest, ignoring removed prompts", () => {
    const list = [
      attempt("a", "2026-01-01", 0, [1, 1, 1, 1]),
      attempt("a", "2026-02-01", 4, [4, 4, 4, 4]),
      attempt("b", "2026-01-15", 2, [2, 2, 2, 2]),
      attempt("gone", "2026-01-20", 0, [1, 1, 1, 1]),
    ];
    expect(weakestPromptId(list, new Set(["a", "b"]))).toBe("b");
    expect(weakestPromptId([], new Set(["a"]))).toBeNull();
  });
});

describe("Markdown export", () => {
  it("writes scores, points, follow-ups and the answer verbatim", () => {
    const a = {
      ...attempt("billing", "2026-11-29T12:03:00.000Z", 1, [3, 2, 2, 4]),
      answer: "Use <b>a lease</b> & # heading?",
      followUps: [{ id: "f", question: "What about a pause?" }],
    };
    a.points[1] = { ...a.points[1], covered: true };
    const md = attemptToMarkdown(a);
    expect(md).toContain("# Mock interview: billing");
    expect(md).toContain("Rubric: 2 of 4 key points covered (50%)");
    expect(md).toContain("- Technical depth: 3 of 4 (solid)");
    expect(md).toContain("- [x] P1 (marked covered by you; not detected)");
    expect(md).toContain("- What about a pause?");
    expect(md.trimEnd().endsWith("Use <b>a lease</b> & # heading?")).toBe(true);
    expect(markdownFileName(a)).toBe("interview-billing-202611291203.md");
  });
});
