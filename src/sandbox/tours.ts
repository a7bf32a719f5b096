// Guided tours: content/tours/<preset>.json. A tour runs its preset's scenario without the
// scripted faults; its steps supply them instead, each with narration, an action the learner
// takes (or has taken for them), and a condition in data that ends the step.
import { z } from "zod";
import { parseDuration, parseScenario, presets, type TraceEvent } from "../engine/index.ts";

const duration = z.union([z.number(), z.string()]).refine((v) => parseDuration(v) !== null, { message: 'must be a duration such as 15000 or "15s"' });

export const conditionSchema = z.discriminatedUnion("type", [
  /** some node believes it leads */
  z.strictObject({ type: z.literal("leader") }),
  /** a node that did not lead when the step began becomes leader */
  z.strictObject({ type: z.literal("new-leader") }),
  /** the resource records a write with this result */
  z.strictObject({ type: z.literal("write"), result: z.enum(["accepted", "rejected", "stale-accepted"]) }),
  /** any trace event whose fields match these values, e.g. { "type": "lease", "action": "expire" } */
  z.strictObject({ type: z.literal("event"), match: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])) }),
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
  /** switch to another preset (without its scripted faults) at the start of this step */
  load: z.string().optional(),
  action: tourActionSchema.optional(),
  until: conditionSchema.optional(),
  /** describes what to watch for while the step runs */
  watch: z.string().optional(),
});
export type TourStep = z.infer<typeof tourStepSchema>;

export const tourSchema = z.strictObject({
  preset: z.string().min(1),
  title: z.string().min(1),
  summary: z.string().min(1),
  steps: z.array(tourStepSchema).min(1),
});
export type Tour = z.infer<typeof tourSchema>;

export interface StepContext {
  /** narratable events since the run began */
  events: readonly TraceEvent[];
  /** index into events where the step (or its action) began */
  fromEvent: number;
  /** time the step (or its action) began */
  fromT: number;
  now: number;
  /** nodes that believed they led when the step began */
  leadersAtStart: ReadonlySet<string>;
  /** believers now */
  leadersNow: ReadonlySet<string>;
}

/** Does the condition hold? Events before the step began do not count. */
export function conditionMet(c: Condition, ctx: StepContext): boolean {
  const since = ctx.events.slice(ctx.fromEvent);
  switch (c.type) {
    case "leader":
      return ctx.leadersNow.size > 0;
    case "new-leader":
      return since.some((e) => e.type === "leader-start" && !ctx.leadersAtStart.has(e.node));
    case "write":
      return since.some((e) => e.type === "write" && e.result === c.result);
    case "event":
      return since.some((e) => Object.entries(c.match).every(([k, v]) => (e as Record<string, unknown>)[k] === v));
    case "time":
      return ctx.now >= (parseDuration(c.at) as number);
    case "elapsed":
      return ctx.now - ctx.fromT >= (parseDuration(c.for) as number);
  }
}

/** A condition in words, for the step panel. */
export function describeCondition(c: Condition): string {
  switch (c.type) {
    case "leader": return "until a leader is elected";
    case "new-leader": return "until a new leader is elected";
    case "write": return `until the resource ${c.result === "stale-accepted" ? "accepts a stale write" : `${c.result === "rejected" ? "rejects" : "accepts"} a write`}`;
    case "event": return `until ${Object.values(c.match).join(" ")}`;
    case "time": return `until ${Number(parseDuration(c.at)) / 1000} s`;
    case "elapsed": return `for ${Number(parseDuration(c.for)) / 1000} s`;
  }
}

/** Did the learner's fault do what the step asked? Same kind (and mid-write when asked); "leader"
 *  is satisfied by any node that led at that moment. */
export function actionMatches(want: Record<string, unknown>, got: Record<string, unknown>, leaders: ReadonlySet<string>): boolean {
  if (want.do !== got.do) return false;
  if (want.during !== undefined && want.during !== got.during) return false;
  if (want.node === undefined) return true;
  if (want.node === "leader") return got.node === "leader" || leaders.has(String(got.node));
  return want.node === got.node;
}

/** Problems with a parsed tour file, as "file: path: message" lines (empty when fine). */
export function checkTour(file: string, data: unknown): { tour: Tour | null; problems: string[] } {
  const presetNames = new Set(Object.keys(presets));
  const r = tourSchema.safeParse(data);
  if (!r.success) {
    const i = r.error.issues[0];
    return { tour: null, problems: [`${file}: ${i.path.join(".") || "(top)"}: ${i.message}`] };
  }
  const problems: string[] = [];
  const t = r.data;
  const expected = file.replace(/^.*\//, "").replace(/\.json$/, "");
  if (t.preset !== expected) problems.push(`${file}: preset "${t.preset}" must match the file name ("${expected}")`);
  if (!presetNames.has(t.preset)) problems.push(`${file}: preset "${t.preset}" is not an engine preset`);
  let current = t.preset;
  t.steps.forEach((s, i) => {
    if (s.load !== undefined && !presetNames.has(s.load)) problems.push(`${file}: steps.${i}.load: "${s.load}" is not an engine preset`);
    else if (s.load !== undefined) current = s.load;
    if (!s.until && !s.action) problems.push(`${file}: steps.${i}: a step needs an action or an until condition`);
    if (s.action && presetNames.has(current)) {
      // The same validation the engine applies when the action is taken.
      try {
        parseScenario({ ...presets[current].scenario, faults: [{ ...s.action.fault, at: 0 }] });
      } catch (err) {
        problems.push(`${file}: steps.${i}.action.fault: ${(err as Error).message.replace(/^faults\[0\]\.?/, "")}`);
      }
    }
  });
  return { tour: problems.length ? null : t, problems };
}
