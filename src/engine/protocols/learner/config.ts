// The learner protocol's options: the compiled module (src/elector/compile.ts output), the
// source it came from (shown, never run, when a link brings it), and the challenge it answers.
// No timing of its own: the learner's code picks its timeouts.
import { z } from "zod";
import { ScenarioError, type Raw } from "../../validate/check.ts";
import { DEFAULT_CODE } from "./default-code.ts";

import { OPTION_CHARS } from "../../validate/input-limits.ts";

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
    if (code.length > OPTION_CHARS.code)
      throw new ScenarioError("options.code", `is longer than ${OPTION_CHARS.code} characters`);
    const source = (oi.source as string | undefined) ?? "";
    if (source.length > OPTION_CHARS.source)
      throw new ScenarioError("options.source", `is longer than ${OPTION_CHARS.source} characters`);
    return {
      timing: {},
      options: { code, source, challenge: (oi.challenge as string | undefined) ?? "" } as LearnerOptions,
    };
  },
};
