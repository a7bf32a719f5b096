// Building a challenge's scenarios as plain JSON: the starting run (its scenario reference), the
// run with the learner's settings, and the solution's run. Paths are dotted ("timing.ttl",
// "timing.electionTimeout.1"); values written by a knob are numbers in milliseconds, which the
// engine reads as durations.
import { parseDuration, parseScenario, presets, resolveRef } from "../engine/index.ts";
import type { Challenge, Knob } from "./challenge-schema.ts";

export type RawScenario = Record<string, unknown>;

const keys = (path: string) => path.split(".").map((k) => (/^\d+$/.test(k) ? Number(k) : k));

export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const k of keys(path)) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string | number, unknown>)[k];
  }
  return cur;
}

/** A copy of obj with the value at path replaced (missing objects along the way are created). */
export function setPath<T>(obj: T, path: string, value: unknown): T {
  const out = structuredClone(obj) as Record<string | number, unknown>;
  const ks = keys(path);
  let cur = out;
  ks.forEach((k, i) => {
    if (i === ks.length - 1) {
      cur[k] = value;
      return;
    }
    if (cur[k] === null || typeof cur[k] !== "object") cur[k] = typeof ks[i + 1] === "number" ? [] : {};
    cur = cur[k] as Record<string | number, unknown>;
  });
  return out as T;
}

export function deletePath<T>(obj: T, path: string): T {
  const out = structuredClone(obj) as Record<string | number, unknown>;
  const ks = keys(path);
  let cur: unknown = out;
  for (let i = 0; i < ks.length - 1; i++) {
    if (cur === null || typeof cur !== "object") return out as T;
    cur = (cur as Record<string | number, unknown>)[ks[i]];
  }
  const last = ks[ks.length - 1];
  // An array keeps its length: only the one element is blanked, the others still compare.
  if (Array.isArray(cur) && typeof last === "number") cur[last] = null;
  else if (cur !== null && typeof cur === "object") delete (cur as Record<string | number, unknown>)[last];
  return out as T;
}

/** The challenge's starting run (a fresh copy). Throws the ref's error, naming the field, when it
 *  does not resolve (content checks catch it). */
export function startingScenario(ch: Challenge): RawScenario {
  return resolveRef(ch.start, { presets }).scenario;
}

/** The scenario with knob values applied (each value as the knob stores it). */
export function withSettings(raw: RawScenario, settings: Record<string, unknown>): RawScenario {
  let out = raw;
  for (const [path, value] of Object.entries(settings)) out = setPath(out, path, value);
  return out;
}

/** The solution as one scenario: the start, the solution's settings, the scripted faults and the
 *  solution's actions, in time order. */
export function solutionScenario(ch: Challenge): RawScenario {
  const sc = withSettings(startingScenario(ch), ch.solution.settings);
  const faults = [...(sc.faults as unknown[]), ...structuredClone(ch.solution.actions)] as Array<
    Record<string, unknown>
  >;
  sc.faults = faults
    .map((f, i) => ({ f, i, at: parseDuration(f.at) ?? 0 }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((x) => x.f);
  return sc;
}

/** The knob's current value in the scenario, in the knob's own unit (normalised by the engine). */
export function knobValue(raw: RawScenario, knob: Knob): unknown {
  let norm: unknown;
  try {
    norm = parseScenario(raw);
  } catch {
    norm = raw;
  }
  const v = getPath(norm, knob.path);
  if (knob.type === "duration") {
    const ms = parseDuration(v);
    return ms === null ? null : knob.unit === "s" ? ms / 1000 : ms;
  }
  return v;
}

/** What a knob stores for a value typed in its unit. */
export function knobStored(knob: Knob, value: unknown): unknown {
  if (knob.type === "duration")
    return Math.round(Number(value) * (knob.unit === "s" ? 1000 : 1) * 1000) / 1000;
  if (knob.type === "number") return Number(value);
  return value;
}
