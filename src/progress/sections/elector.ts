// The elector editor's slice of the persisted progress (issue 37): the learner's own code for each
// "write your own elector" challenge, and whether the judge has passed it.
//
// Format 3 added this section (a migration gives every older blob an empty one). The envelope is
// lenient and each challenge's record is checked when read, as the practice section does, so one
// damaged record never costs the learner the rest of their progress.
import { z } from "zod";

/** Longer code is refused: the editor keeps a learner's module, not a data file. */
export const MAX_CODE_CHARS = 100_000;

const electorRecordSchema = z.looseObject({
  /** the learner's TypeScript, exactly as typed */
  code: z.string().max(MAX_CODE_CHARS),
  /** when the code was last changed */
  updatedAt: z.string(),
  /** when the judge first passed this challenge; absent until then */
  passedAt: z.string().optional(),
  /** the latest judge's outcome */
  last: z.enum(["passed", "failed"]).optional(),
  /** how many hints the learner has opened */
  hints: z.number().int().min(0).optional(),
});
type ElectorRecord = z.infer<typeof electorRecordSchema>;

export const electorSectionSchema = z.looseObject({
  /** challenge id -> ElectorRecord, checked when read */
  challenges: z.record(z.string(), z.unknown()),
});
export type ElectorSection = z.infer<typeof electorSectionSchema>;
const emptyElectorSection = (): ElectorSection => ({ challenges: {} });

export type ElectorState = "not-started" | "in-progress" | "passed";

/** A challenge's record, or null when there is none or it is damaged. */
export function readElectorRecord(section: ElectorSection | undefined, id: string): ElectorRecord | null {
  const raw = section?.challenges[id];
  if (raw === undefined) return null;
  const r = electorRecordSchema.safeParse(raw);
  return r.success ? r.data : null;
}

/** Not started until the learner changed the starter or asked the judge; passed once it passed. */
export function electorState(rec: ElectorRecord | null): ElectorState {
  if (!rec) return "not-started";
  if (rec.passedAt) return "passed";
  return "in-progress";
}

function withRecord(section: ElectorSection | undefined, id: string, rec: ElectorRecord): ElectorSection {
  return { ...section, challenges: { ...(section?.challenges ?? {}), [id]: rec } };
}

/** The section with the learner's latest code for one challenge (the rest of its record kept). */
export function saveCode(
  section: ElectorSection | undefined,
  id: string,
  code: string,
  at: string,
): ElectorSection {
  const prev = readElectorRecord(section, id);
  if (prev && prev.code === code) return section ?? emptyElectorSection();
  return withRecord(section, id, { ...prev, code: code.slice(0, MAX_CODE_CHARS), updatedAt: at });
}

/** The section after a judge's verdict on `code`. A passed challenge stays passed. */
export function recordVerdict(
  section: ElectorSection | undefined,
  id: string,
  code: string,
  passed: boolean,
  at: string,
): ElectorSection {
  const prev = readElectorRecord(section, id);
  const next: ElectorRecord = {
    ...prev,
    code: code.slice(0, MAX_CODE_CHARS),
    updatedAt: prev?.code === code ? prev.updatedAt : at,
    last: passed ? "passed" : "failed",
  };
  if (passed && !prev?.passedAt) next.passedAt = at;
  return withRecord(section, id, next);
}

/** The section with the number of hints shown (never fewer than before). */
export function recordHints(
  section: ElectorSection | undefined,
  id: string,
  shown: number,
  starter: string,
  at: string,
): ElectorSection {
  const prev = readElectorRecord(section, id);
  if (prev && (prev.hints ?? 0) >= shown) return section ?? emptyElectorSection();
  return withRecord(section, id, { ...(prev ?? { code: starter, updatedAt: at }), hints: shown });
}

/** Two histories of one challenge (an import merged into this browser): the later code wins, a
 *  pass on either side stays (the earlier), and the larger hint count. */
function mergeElectorRecord(a: unknown, b: unknown): unknown {
  const x = electorRecordSchema.safeParse(a);
  const y = electorRecordSchema.safeParse(b);
  if (!x.success) return b;
  if (!y.success) return a;
  const [p, q] = [x.data, y.data];
  const later = q.updatedAt > p.updatedAt ? q : p;
  const earlier = later === p ? q : p;
  const out: ElectorRecord = { ...earlier, ...later };
  const passes = [p.passedAt, q.passedAt].filter((t): t is string => typeof t === "string").sort();
  if (passes.length > 0) out.passedAt = passes[0];
  const hints = Math.max(p.hints ?? 0, q.hints ?? 0);
  if (hints > 0) out.hints = hints;
  return out;
}

export function mergeElector(
  a: ElectorSection | undefined,
  b: ElectorSection | undefined,
): ElectorSection | undefined {
  if (!a || !b) return a ?? b;
  const challenges = { ...a.challenges };
  for (const [id, theirs] of Object.entries(b.challenges))
    challenges[id] = id in challenges ? mergeElectorRecord(challenges[id], theirs) : theirs;
  return { ...b, ...a, challenges };
}
