// The content format of a mock-interview prompt (content/interview/*.json). Shared by the app,
// the unit tests and `npm run content`, so it imports nothing that needs a browser or Vite.
import { z } from "zod";
import { scenarioRefSchema } from "../engine/scenario/ref.ts";

/** Every prompt walks the same four phases, in this order, each with its own time box. */
export const PHASE_IDS = ["clarify", "design", "deep-dive", "failure-modes"] as const;
export type PhaseId = (typeof PHASE_IDS)[number];
export const PHASE_TITLES: Record<PhaseId, string> = {
  clarify: "Clarify",
  design: "Design",
  "deep-dive": "Deep dive",
  "failure-modes": "Failure modes",
};

export const PROMPT_KINDS = ["practice", "design", "explain", "leadership", "review", "teaching"] as const;
export const KIND_LABELS: Record<(typeof PROMPT_KINDS)[number], string> = {
  practice: "Practice task",
  design: "System design",
  explain: "Explain it",
  leadership: "Leadership lens",
  review: "Pull-request review",
  teaching: "Teaching scenario",
};

const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "ids are lower-case words joined by hyphens");
const text = z.string().trim().min(1);

/**
 * A cue is evidence that a key point was covered: a phrase (matched on whole words, after case,
 * punctuation and simple plurals are normalised; a trailing `*` matches any word ending), or
 * `{ all: [...] }`, several phrases that must all appear in the same sentence.
 */
export const cueSchema = z.union([
  text.max(60),
  z.object({ all: z.array(text.max(60)).min(2).max(4) }).strict(),
]);
export type Cue = z.infer<typeof cueSchema>;

export const keyPointSchema = z
  .object({
    id,
    /** What the interviewer listens for, in a few words (shown in the reveal). */
    label: text.max(120),
    /** Why it matters, one or two sentences (shown in the reveal). */
    detail: text,
    cues: z.array(cueSchema).min(2),
  })
  .strict();
export type KeyPoint = z.infer<typeof keyPointSchema>;

export const phaseSchema = z
  .object({
    id: z.enum(PHASE_IDS),
    minutes: z.number().positive().max(30),
    /** What the interviewer expects in this phase. */
    guidance: text,
  })
  .strict();

export const triggerSchema = z.discriminatedUnion("when", [
  /** Asked as the phase starts. */
  z.object({ when: z.literal("phase"), phase: z.enum(PHASE_IDS) }).strict(),
  /** Asked as the phase (or any later one) starts, if the key point is still missing from the answer. */
  z.object({ when: z.literal("missing"), point: id, phase: z.enum(PHASE_IDS) }).strict(),
]);

export const followUpSchema = z
  .object({
    id,
    question: text,
    trigger: triggerSchema,
    /** The sandbox scenario that lets the learner test the claim they just made. */
    sandbox: z
      .object({
        /** What to look for there, one sentence. */
        look: text,
        /** The run, and the moment playback starts at (its `at`). */
        scenario: scenarioRefSchema,
      })
      .strict()
      .optional(),
  })
  .strict();
export type FollowUp = z.infer<typeof followUpSchema>;

export const promptSchema = z
  .object({
    id,
    title: text.max(90),
    kind: z.enum(PROMPT_KINDS),
    /** The question as the interviewer states it. */
    prompt: text,
    /** Form the answer must take, checked and reported beside the rubric (e.g. "five sentences"). */
    constraints: z
      .object({
        sentences: z.number().int().positive().max(20).optional(),
        /** No acronyms or jargon abbreviations. */
        plainWords: z.boolean().optional(),
      })
      .strict()
      .optional(),
    phases: z.array(phaseSchema).length(PHASE_IDS.length),
    rubric: z.array(keyPointSchema).min(3).max(10),
    followUps: z.array(followUpSchema).min(2),
    /** A strong senior answer, paragraphs separated by blank lines. */
    modelAnswer: text.min(400),
  })
  .strict()
  .superRefine((p, ctx) => {
    p.phases.forEach((phase, i) => {
      if (phase.id !== PHASE_IDS[i])
        ctx.addIssue({
          code: "custom",
          path: ["phases", i, "id"],
          message: `phase ${i + 1} must be "${PHASE_IDS[i]}"`,
        });
    });
    const pointIds = new Set<string>();
    p.rubric.forEach((point, i) => {
      if (pointIds.has(point.id))
        ctx.addIssue({
          code: "custom",
          path: ["rubric", i, "id"],
          message: `duplicate key point "${point.id}"`,
        });
      pointIds.add(point.id);
    });
    const followIds = new Set<string>();
    p.followUps.forEach((f, i) => {
      if (followIds.has(f.id))
        ctx.addIssue({
          code: "custom",
          path: ["followUps", i, "id"],
          message: `duplicate follow-up "${f.id}"`,
        });
      followIds.add(f.id);
      if (f.trigger.when === "missing" && !pointIds.has(f.trigger.point))
        ctx.addIssue({
          code: "custom",
          path: ["followUps", i, "trigger", "point"],
          message: `follow-up "${f.id}" waits for key point "${f.trigger.point}", which is not in the rubric`,
        });
    });
    if (!p.followUps.some((f) => f.trigger.when === "missing"))
      ctx.addIssue({
        code: "custom",
        path: ["followUps"],
        message: "at least one follow-up must be triggered by a missing key point",
      });
  });
export type Prompt = z.infer<typeof promptSchema>;

/** Checks a whole set: each prompt, then ids unique across files. Returns problems, empty if fine. */
export function checkPromptSet(entries: Array<{ file: string; data: unknown }>): {
  prompts: Prompt[];
  problems: string[];
} {
  const problems: string[] = [];
  const prompts: Prompt[] = [];
  const seen = new Map<string, string>();
  for (const { file, data } of entries) {
    const parsed = promptSchema.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`${file}: ${issue.path.join(".") || "root"}: ${issue.message}`);
      continue;
    }
    const prompt = parsed.data;
    const expectedFile = `${prompt.id}.json`;
    if (file.split("/").pop() !== expectedFile)
      problems.push(`${file}: a prompt's file is named after its id (${expectedFile})`);
    if (seen.has(prompt.id))
      problems.push(`${file}: id "${prompt.id}" is already used by ${seen.get(prompt.id)}`);
    else seen.set(prompt.id, file);
    prompts.push(prompt);
  }
  return { prompts, problems };
}

export function totalMinutes(prompt: Pick<Prompt, "phases">): number {
  return prompt.phases.reduce((sum, p) => sum + p.minutes, 0);
}
