// Guided tours: content/tours/<preset>.json, offered beside that preset. A tour names its run
// as a scenario reference (usually the preset without its scripted faults); its steps supply the
// faults instead, each with narration, an action the learner takes (or has taken for them), and
// a condition in data that ends the step. This module is the format and its rules (what the page
// needs); `tours.ts` adds the file check that runs a tour.
import { z } from "zod";
import { parseDuration, presets, resolveRef, scenarioRefSchema, type ResolvedRef } from "../engine/index.ts";
import type { Condition as EngineCondition } from "../engine/session/index.ts";

const duration = z
  .union([z.number(), z.string()])
  .refine((v) => parseDuration(v) !== null, { message: 'must be a duration such as 15000 or "15s"' });

export const conditionSchema = z.discriminatedUnion("type", [
  /** some node believes it leads */
  z.strictObject({ type: z.literal("leader") }),
  /** a node that did not lead when the step began becomes leader */
  z.strictObject({ type: z.literal("new-leader") }),
  /** the resource records a write with this result */
  z.strictObject({ type: z.literal("write"), result: z.enum(["accepted", "rejected", "stale-accepted"]) }),
  /** any trace event whose fields match these values, e.g. { "type": "lease", "action": "expire" };
   *  `label` says it in words for the step panel ("the old leader gives up") */
  z.strictObject({
    type: z.literal("event"),
    match: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    label: z.string().min(1).optional(),
  }),
  /** some node's term (the protocol's own number: term, rev, seq, epoch) reaches this value */
  z.strictObject({ type: z.literal("term"), atLeast: z.number().int().min(0) }),
  /** simulated time reaches this moment */
  z.strictObject({ type: z.literal("time"), at: duration }),
  /** this much simulated time passes after the step begins (and after its action) */
  z.strictObject({ type: z.literal("elapsed"), for: duration }),
]);
export type Condition = z.infer<typeof conditionSchema>;

export const tourActionSchema = z.strictObject({
  /** a fault, as in a scenario, without `at`; node "leader" means whichever node leads then */
  fault: z.record(z.string(), z.unknown()).refine((f) => typeof f.do === "string", { message: 'needs "do"' }),
  /** "learner": the learner does it (a button does it for them); "auto": done when the step begins */
  by: z.enum(["learner", "auto"]),
  /** what to do, in words, shown beside the button */
  label: z.string().min(1),
});

export const tourStepSchema = z.strictObject({
  title: z.string().min(1),
  narration: z.string().min(1),
  /** switch to another run at the start of this step (a scenario reference) */
  load: scenarioRefSchema.optional(),
  action: tourActionSchema.optional(),
  until: conditionSchema.optional(),
  /** describes what to watch for while the step runs */
  watch: z.string().optional(),
});
export type TourStep = z.infer<typeof tourStepSchema>;

export const tourSchema = z.strictObject({
  /** the preset the tour is offered beside (the file's name): the tour's id */
  preset: z.string().min(1),
  /** the run the tour starts with; a longer `until` in its overrides when the preset's is too
   *  short for the learner's pace */
  scenario: scenarioRefSchema,
  title: z.string().min(1),
  summary: z.string().min(1),
  steps: z.array(tourStepSchema).min(1),
});
export type Tour = z.infer<typeof tourSchema>;

// The rules that judge a step (conditionMet, stopTime, describeCondition, actionMatches) live
// with the tour machine in the engine's session layer, so the sandbox and the headless check
// run the same ones.
export {
  actionMatches,
  conditionMet,
  describeCondition,
  missedCondition,
  stopTime,
} from "../engine/session/index.ts";
export type { StepContext } from "../engine/session/index.ts";
// The file format's condition is the machine's condition (a compile error here if they part).
const sameCondition: Condition extends EngineCondition ? true : false = true;
void sameCondition;

/** The run a tour starts with. Throws the ref's error (the content check proves it resolves). */
export function tourScenario(tour: Pick<Tour, "scenario">): ResolvedRef {
  return resolveRef(tour.scenario, { presets });
}

/** The run a step switches to, or null when it keeps the current one. */
export function stepScenario(step: Pick<TourStep, "load">): ResolvedRef | null {
  return step.load ? resolveRef(step.load, { presets }) : null;
}

/** The runs a tour plays, in order (its own, then each step that loads another), and which one
 *  step `index` is on: the step panel names the run it shows, as the tour's title stays the same
 *  across them (review 4b #19: "TTL cut to 2 s" under a heading that never changed). */
export function tourRunAt(
  tour: Pick<Tour, "scenario" | "steps">,
  index: number,
): { run: number; runs: number; preset: string | null } {
  let run = 0;
  let preset = tourScenario(tour).preset;
  let runs = 1;
  tour.steps.forEach((st, i) => {
    const loaded = stepScenario(st);
    if (!loaded) return;
    runs++;
    if (i <= index) {
      run = runs - 1;
      preset = loaded.preset;
    }
  });
  return { run, runs, preset };
}
