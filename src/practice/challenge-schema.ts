// The format of a practice challenge (content/challenges/<id>.json). A challenge is a starting
// scenario (a scenario reference: a preset, a changed preset or an inline scenario), the settings the learner may change, the rules of play, a
// goal written as checks on the engine's data about the learner's run, hints, and a solution
// (settings plus timed actions) that plays as a replay. Nothing here matches clicks: the goal is
// judged only from the run's trace and summary.
import { z } from "zod";
import { parseDuration, FAULT_KINDS, scenarioRefSchema } from "../engine/index.ts";
import { parseFaultList, parseProperty } from "../engine/search/index.ts";

const duration = z
  .union([z.number(), z.string()])
  .refine((v) => parseDuration(v) !== null, { message: 'must be a duration such as 15000 or "15s"' });
const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lowercase words joined by hyphens");
const text = z.string().min(1);

/** A setting the learner may change: a path into the scenario JSON and how to show it. */
export const knobSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("duration"),
    path: text,
    label: text,
    /** shown and typed in this unit; stored in the scenario as milliseconds */
    unit: z.enum(["ms", "s"]),
    min: z.number().min(0),
    max: z.number().positive(),
    step: z.number().positive(),
  }),
  z.strictObject({
    type: z.literal("number"),
    path: text,
    label: text,
    min: z.number(),
    max: z.number(),
    step: z.number().positive(),
  }),
  z.strictObject({
    type: z.literal("choice"),
    path: text,
    label: text,
    choices: z
      .array(z.strictObject({ value: z.union([z.string(), z.number(), z.boolean()]), label: text }))
      .min(2),
  }),
  z.strictObject({ type: z.literal("boolean"), path: text, label: text }),
]);
export type Knob = z.infer<typeof knobSchema>;

const cmp = z.enum([">=", "<=", ">", "<", "=="]);
export type Cmp = z.infer<typeof cmp>;

export const SUMMARY_METRICS = [
  "overlap",
  "leaderless",
  "leaderChanges",
  "maxConcurrentLeaders",
  "messages",
  "writes.accepted",
  "writes.rejected",
  "writes.staleAccepted",
  "violations",
  "electionMessages.total",
] as const;
export type SummaryMetric = (typeof SUMMARY_METRICS)[number];

/** One line of the goal, checked on the learner's whole run (to its `until`). */
export const checkSchema = z.discriminatedUnion("type", [
  /** a number from the engine's run summary (the CLI's `run --json`) */
  z.strictObject({
    type: z.literal("summary"),
    label: text,
    metric: z.enum(SUMMARY_METRICS),
    op: cmp,
    value: z.number(),
  }),
  /** terms (or epochs) in which some node stood as a candidate and nobody became leader */
  z.strictObject({ type: z.literal("split-votes"), label: text, op: cmp, value: z.number().int().min(0) }),
  /** nobody starts a new leadership in [from, to): the incumbent rides it out */
  z.strictObject({ type: z.literal("no-new-leader"), label: text, from: duration, to: duration }),
  /** after `at` (a scripted fault), some node leads again within `within` */
  z.strictObject({ type: z.literal("failover"), label: text, at: duration, within: duration }),
  /** after `at`, the resource accepts a write again within `within` */
  z.strictObject({ type: z.literal("writes-resume"), label: text, at: duration, within: duration }),
  /** messages of these kinds sent in [from, to) */
  z.strictObject({
    type: z.literal("sends"),
    label: text,
    kinds: z.array(text).min(1),
    from: duration.optional(),
    to: duration.optional(),
    op: cmp,
    value: z.number().int().min(0),
  }),
  /** at least one node believes it leads at `at` (default: the end of the run) */
  z.strictObject({ type: z.literal("leader-at"), label: text, at: duration.optional() }),
  /** the same node leads from `from` to the end of the run, with no other leadership started */
  z.strictObject({ type: z.literal("same-leader"), label: text, from: duration }),
  /** the counterexample search ("Try to break it") on the learner's settings, with its own
   *  schedules of faults in place of the run's, finds nothing that breaks `property` */
  z.strictObject({
    type: z.literal("search"),
    label: text,
    /** a monitor's name or leaderless:SECONDS, as the CLI's --property */
    property: text.refine((v) => parses(() => parseProperty(v)), {
      message:
        "must be a property the search knows (one-leader-per-term, overlap, stale-write, leaderless:SECONDS, …)",
    }),
    /** the allowed faults, as the CLI's --faults ("pause:3s", "crash,partition:1s-6s") */
    faults: text.refine((v) => parses(() => parseFaultList(v)), {
      message: 'must be a list of faults such as "pause:3s" or "crash,partition:1s-6s"',
    }),
    schedules: z.number().int().min(1).max(5000),
    maxFaults: z.number().int().min(1).max(10),
  }),
]);

function parses(f: () => unknown): boolean {
  try {
    f();
    return true;
  } catch {
    return false;
  }
}
export type Check = z.infer<typeof checkSchema>;

const faultSchema = z
  .record(z.string(), z.unknown())
  .refine((f) => typeof f.do === "string" && (FAULT_KINDS as readonly string[]).includes(f.do), {
    message: `needs "do", one of ${FAULT_KINDS.join(", ")}`,
  });

export const challengeSchema = z.strictObject({
  id,
  title: text,
  /** one or two sentences: the situation and the task */
  summary: text,
  /** lessons this challenge practises (lesson ids) */
  lessons: z.array(id).min(1),
  difficulty: z.enum(["starter", "intermediate", "advanced"]),
  /** the starting run */
  start: scenarioRefSchema,
  /** what the learner may change, shown as a settings form beside the sandbox */
  knobs: z.array(knobSchema),
  rules: z.strictObject({
    /** fault kinds the learner may add in the sandbox; empty: change settings only */
    actions: z.array(z.enum(FAULT_KINDS)),
    /** in words, shown under the goal */
    note: text.optional(),
  }),
  goal: z.strictObject({ text, checks: z.array(checkSchema).min(1) }),
  hints: z.array(text).min(1),
  solution: z.strictObject({
    /** knob path -> value (durations in milliseconds) */
    settings: z.record(z.string(), z.unknown()),
    /** faults the solution adds, each with `at` */
    actions: z.array(faultSchema),
    explanation: text,
  }),
  /** how the engine stands in for a system it does not simulate directly */
  model: text.optional(),
});
export type Challenge = z.infer<typeof challengeSchema>;
