// The practice lab's slice of the persisted progress blob (owned by the practice feature).
//
// Added to format 2 as an optional section, so every blob saved before it stays valid and no
// upgrade is needed: a missing section reads as "nothing solved yet". The envelope is lenient and
// each challenge record is checked on its own when read (readChallengeRecord), so one damaged
// record never costs the learner the rest of their progress.
import { z } from "zod";

export const challengeRecordSchema = z.looseObject({
  /** checks run on this challenge (passed or not) */
  attempts: z.number().int().min(0),
  /** when a check first passed; absent until then */
  solvedAt: z.string().optional(),
  /** the passing run was the solution's replay, not the learner's own */
  usedSolution: z.boolean().optional(),
  /** the latest check's outcome */
  last: z.enum(["passed", "failed"]).optional(),
});
export type ChallengeRecord = z.infer<typeof challengeRecordSchema>;

export const practiceSectionSchema = z.looseObject({
  /** challenge id -> ChallengeRecord, checked when read */
  challenges: z.record(z.string(), z.unknown()),
});
export type PracticeSection = z.infer<typeof practiceSectionSchema>;

/** A challenge's record, or null when there is none or it is damaged. */
export function readChallengeRecord(
  section: PracticeSection | undefined,
  id: string,
): ChallengeRecord | null {
  const raw = section?.challenges[id];
  if (raw === undefined) return null;
  const r = challengeRecordSchema.safeParse(raw);
  return r.success ? r.data : null;
}

/** The section after one check of a challenge. A solved challenge stays solved; solving it on
 *  your own after seeing the solution clears the usedSolution mark. */
export function recordCheck(
  section: PracticeSection | undefined,
  id: string,
  outcome: { passed: boolean; usedSolution: boolean; at: string },
): PracticeSection {
  const prev = readChallengeRecord(section, id) ?? { attempts: 0 };
  const next: ChallengeRecord = {
    ...prev,
    attempts: prev.attempts + 1,
    last: outcome.passed ? "passed" : "failed",
  };
  if (outcome.passed) {
    if (!prev.solvedAt) {
      next.solvedAt = outcome.at;
      next.usedSolution = outcome.usedSolution;
    } else if (prev.usedSolution && !outcome.usedSolution) next.usedSolution = false;
  }
  return { challenges: { ...(section?.challenges ?? {}), [id]: next } };
}
