// The learner protocol's options: the compiled module (src/elector/compile.ts output), the
// source it came from (shown, never run, when a link brings it), and the challenge it answers.
// No timing of its own: the learner's code picks its timeouts.
import { z } from "zod";
import { ScenarioError, type Raw } from "../../validate/check.ts";
import { DEFAULT_CODE } from "./default-code.ts";

/** The longest module a scenario may carry (a share link holds it). */
export const MAX_CODE = 100_000;

export interface LearnerOptions {
  /** the guarded JavaScript the engine loads */
  code: string;
  /** the TypeScript as the learner wrote it ("" when not given) */
  source: string;
  /** the challenge id it answers ("" for a free run) */
  challenge: string;
}

export const learnerConfig = {
  timing: z.strictObject({}),
  options: z.strictObject({
    code: z.string().optional(),
    source: z.string().optional(),
    challenge: z.string().max(64).optional(),
  }),
  normalise(_ti: Raw, oi: Raw) {
    const code = (oi.code as string | undefined) ?? DEFAULT_CODE;
    if (code.length > MAX_CODE) throw new ScenarioError("options.code", `is longer than ${MAX_CODE} characters`);
    const source = (oi.source as string | undefined) ?? "";
    if (source.length > MAX_CODE) throw new ScenarioError("options.source", `is longer than ${MAX_CODE} characters`);
    return { timing: {}, options: { code, source, challenge: (oi.challenge as string | undefined) ?? "" } as LearnerOptions };
  },
};
