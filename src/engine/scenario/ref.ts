// Which scenario, and which moment of it: the one way content (quiz predictions, challenges,
// tours, interview follow-ups) and links name a run. A ref is one of
//   { "preset": "billing-crash" }                                     a preset as it is
//   { "preset": "raft-basic", "withoutFaults": true,
//     "overrides": { "until": "20s", "faults": [...] } }              a preset changed
//   { "inline": { "protocol": "raft", "nodes": 5, ... } }             a whole scenario
// each with an optional "at": the moment to look at (a duration, as in scenarios).
//
// This module is a leaf (zod and durations only) so content schemas can import it without
// loading the engine; resolveRef() is given the engine's preset table and, to validate the result,
// its parseScenario. Every refusal is a RefError whose message starts with the ref's field.
import { z } from "zod";
import { parseDuration } from "../validate/duration.ts";
import { quote } from "../validate/quote.ts";

export type RawScenario = Record<string, unknown>;
/** What resolveRef() needs to know about presets: their scenarios by name, in JSON form. */
export type PresetTable = Readonly<Record<string, { readonly scenario: Readonly<Record<string, unknown>> }>>;
export interface RefEngine {
  presets: PresetTable;
  /** when given, the resolved scenario is validated with it (it throws errors with a `path`) */
  parseScenario?: (raw: unknown) => unknown;
}

const moment = z
  .union([z.number(), z.string()])
  .refine((v) => parseDuration(v) !== null, { message: 'must be a duration such as 15000 or "15s"' });
const scenarioObject = z.record(z.string(), z.unknown());

export const presetRefSchema = z.strictObject({
  preset: z.string().min(1),
  /** drop the preset's scripted faults (before the overrides apply) */
  withoutFaults: z.boolean().optional(),
  /** merged into the preset's scenario: objects key by key; arrays and plain values replace */
  overrides: scenarioObject.optional(),
  /** the moment to look at, e.g. where the sandbox opens paused */
  at: moment.optional(),
});
export const inlineRefSchema = z.strictObject({ inline: scenarioObject, at: moment.optional() });
export type PresetRef = z.infer<typeof presetRefSchema>;
export type InlineRef = z.infer<typeof inlineRefSchema>;
export type ScenarioRef = PresetRef | InlineRef;

export interface ResolvedRef {
  /** the scenario in JSON form (durations as written), a fresh copy; `faults` is always present */
  scenario: RawScenario;
  /** the moment to look at, in milliseconds (0 when the ref names none) */
  at: number;
  /** the preset it starts from, or null for an inline scenario */
  preset: string | null;
}

export class RefError extends Error {
  readonly path: string;
  constructor(path: string, what: string) {
    super(path ? `${path}: ${what}` : what);
    this.name = "RefError";
    this.path = path;
  }
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
// Keys that would reach an object's prototype when assigned (a ref comes from files and links).
const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);

/** Objects merge key by key; arrays and plain values replace. Inputs are not modified. */
export function mergeScenario(base: unknown, over: unknown, path = "overrides"): unknown {
  if (!isObj(base) || !isObj(over)) return structuredClone(over);
  const out: Record<string, unknown> = structuredClone(base);
  for (const [k, v] of Object.entries(over)) {
    if (FORBIDDEN.has(k)) throw new RefError(`${path}.${k}`, "is not a scenario field");
    out[k] = Object.prototype.hasOwnProperty.call(out, k)
      ? mergeScenario(out[k], v, `${path}.${k}`)
      : structuredClone(v);
  }
  return out;
}

/** A ref that names a preset unchanged, so a link can name it instead of carrying a scenario. */
export function isPlainPreset(ref: ScenarioRef): ref is PresetRef {
  return "preset" in ref && !ref.withoutFaults && ref.overrides === undefined;
}

/** The ref's shape, checked: the ref itself, or a RefError naming the first wrong field. */
export function parseRef(input: unknown): ScenarioRef {
  if (!isObj(input))
    throw new RefError("", 'a scenario reference must be an object with "preset" or "inline"');
  if ("preset" in input && "inline" in input)
    throw new RefError("", 'give either "preset" or "inline", not both');
  const schema = "inline" in input ? inlineRefSchema : presetRefSchema;
  const r = schema.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0];
    const path = issue.path.map(String).join(".");
    throw new RefError(
      path,
      issue.code === "unrecognized_keys"
        ? `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys
            .slice(0, 3)
            .map((k) => quote(k))
            .join(", ")}${issue.keys.length > 3 ? ` and ${issue.keys.length - 3} more` : ""}`
        : issue.message,
    );
  }
  return r.data;
}

/** The schema every content format embeds for "which scenario": parseRef's checks, reported at
 *  the wrong field (a plain union would only say that neither shape matched). */
export const scenarioRefSchema = z.unknown().transform((v, ctx): ScenarioRef => {
  try {
    return parseRef(v);
  } catch (err) {
    const e = err as RefError;
    ctx.addIssue({
      code: "custom",
      message: e.path ? e.message.slice(e.path.length + 2) : e.message,
      path: e.path ? e.path.split(".") : [],
    });
    return z.NEVER;
  }
});

/** Where a scenario error belongs in the ref: in the overrides when they set that field. */
function refPath(ref: ScenarioRef, scenarioPath: string): string {
  if ("inline" in ref) return scenarioPath ? `inline.${scenarioPath}` : "inline";
  const top = scenarioPath.split(/[.[]/)[0];
  if (ref.overrides && top && Object.prototype.hasOwnProperty.call(ref.overrides, top))
    return `overrides.${scenarioPath}`;
  return "preset";
}

/** The scenario a ref names, and the moment to look at. Throws a RefError naming the field. */
export function resolveRef(input: unknown, engine: RefEngine): ResolvedRef {
  const ref = parseRef(input);
  let scenario: RawScenario;
  let preset: string | null = null;
  if ("inline" in ref) scenario = structuredClone(ref.inline);
  else {
    const p = Object.prototype.hasOwnProperty.call(engine.presets, ref.preset)
      ? engine.presets[ref.preset]
      : undefined;
    if (!p) throw new RefError("preset", `${quote(ref.preset)} is not a preset`);
    preset = ref.preset;
    scenario = structuredClone(p.scenario) as RawScenario;
    if (ref.withoutFaults) scenario.faults = [];
    if (ref.overrides) scenario = mergeScenario(scenario, ref.overrides) as RawScenario;
  }
  if (scenario.faults === undefined) scenario.faults = [];
  const at = ref.at === undefined ? 0 : (parseDuration(ref.at) as number);
  if (engine.parseScenario) {
    let parsed: unknown;
    try {
      parsed = engine.parseScenario(scenario);
    } catch (err) {
      const e = err as Error & { path?: unknown };
      const path = typeof e.path === "string" ? e.path : "";
      const what = path && e.message.startsWith(`${path}: `) ? e.message.slice(path.length + 2) : e.message;
      const where = refPath(ref, path);
      throw new RefError(where, where === "preset" && path ? `${path}: ${what}` : what);
    }
    const until = (parsed as { until?: unknown } | null)?.until;
    if (typeof until === "number" && at > until)
      throw new RefError("at", `${at} ms is after the run ends (${until} ms)`);
  }
  return { scenario, at, preset };
}

/** The one content check of a ref: problems as "path: message" lines under `where` (empty when
 *  the ref resolves to a valid scenario). */
export function refProblems(where: string, input: unknown, engine: Required<RefEngine>): string[] {
  try {
    resolveRef(input, engine);
    return [];
  } catch (err) {
    if (!(err instanceof RefError)) throw err;
    return [
      `${where}${err.path ? `.${err.path}` : ""}: ${err.path ? err.message.slice(err.path.length + 2) : err.message}`,
    ];
  }
}
