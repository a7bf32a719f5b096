// The bully algorithm's timing and options (Garcia-Molina 1982).
// Defaults and every refusal name the field (a ScenarioError whose message starts with the path).
import { z } from "zod";
import { ScenarioError, dur, positive, type NormCtx, type Raw } from "../../validate/check.ts";
import { checkIds, ids } from "../../validate/node-lists.ts";
/** Garcia-Molina 1982, section 3: Tanswer = 2·Ttrans + Tproc; Tcoord after an ANSWER; pings detect failure. */
export interface BullyTiming {
  answer: number;
  coordinator: number;
  ping: number;
}
export interface BullyOptions {
  /** nodes that ping the coordinator (null: all); one detector gives the textbook's best and
   *  worst cases (the second-highest or the lowest node notices the failure) */
  detectors: string[] | null;
}

export const bullyConfig = {
  timing: z.strictObject({ answer: dur.optional(), coordinator: dur.optional(), ping: dur.optional() }),
  options: z.strictObject({ detectors: ids.nullable().optional() }),
  normalise(ti: Raw, oi: Raw, c: NormCtx) {
    const t: BullyTiming = {
      answer: (ti.answer as number) ?? 20,
      coordinator: (ti.coordinator as number) ?? 60,
      ping: (ti.ping as number) ?? 100,
    };
    positive("timing.answer", t.answer);
    positive("timing.ping", t.ping);
    if (t.coordinator <= t.answer)
      throw new ScenarioError(
        "timing.coordinator",
        `must be greater than timing.answer (${t.answer} ms): the node that answered needs Tanswer of its own before it announces`,
      );
    const detectors = (oi.detectors as string[] | undefined) ?? null;
    checkIds("options.detectors", detectors, c.ids);
    return { timing: t, options: { detectors } as BullyOptions };
  },
};
