// Pieces every part of the scenario schema shares: the error type (its message starts with the
// field path), the zod duration type, the wording for a node that does not exist, and check():
// a zod parse whose first issue becomes that error.
import { z } from "zod";
import { parseDuration } from "./duration.ts";
import { badNumber, quote } from "./quote.ts";
import { MAX_DURATION_CHARS, spaced } from "./input-limits.ts";

export class ScenarioError extends Error {
  readonly path: string;
  constructor(path: string, what: string) {
    super(path ? `${path}: ${what}` : what);
    this.name = "ScenarioError";
    this.path = path;
  }
}

export const dur = z.union([z.number(), z.string()]).transform((v, ctx) => {
  if (typeof v === "string" && v.length > MAX_DURATION_CHARS) {
    ctx.addIssue({
      code: "custom",
      message: `is ${spaced(v.length)} characters long; a duration is at most ${MAX_DURATION_CHARS} (it starts ${quote(v)})`,
    });
    return z.NEVER;
  }
  const ms = parseDuration(v);
  if (ms === null) {
    ctx.addIssue({
      code: "custom",
      message:
        typeof v === "number"
          ? `must be a non-negative number of milliseconds, got ${v}`
          : `invalid duration ${quote(v)} (use milliseconds or a string such as "250ms", "10s", "2m")`,
    });
    return z.NEVER;
  }
  return ms;
});

export function unknownNode(n: string, ids: string[], storeOk: boolean): string {
  return `node ${quote(n)} does not exist (nodes are ${ids.length === 1 ? "n1" : `n1..n${ids.length}`}${storeOk ? ', "store"' : ""} or "leader")`;
}

/** What a protocol's normaliser gets besides its own timing and options. */
export interface NormCtx {
  ids: string[];
  seed: number;
}
export type Raw = Record<string, unknown>;

export function positive(path: string, v: number): void {
  if (v <= 0) throw new ScenarioError(path, "must be greater than 0");
}

/** A node id that must exist (no "leader", no "store"). */
export function nodeId(path: string, n: string, ids: string[]): void {
  if (!ids.includes(n)) throw new ScenarioError(path, unknownNode(n, ids, false).replace(' or "leader"', ""));
}

/** Parse with zod; the first issue becomes a ScenarioError at its field path. */
export function check<T>(schema: z.ZodType<T>, v: unknown, prefix: string): T {
  const r = schema.safeParse(v);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  let msg = issue.message;
  if (issue.code === "unrecognized_keys") {
    const keys = (issue as { keys: string[] }).keys;
    // At most three names, each quoted by a short prefix: the keys are the learner's own text.
    const more = keys.length > 3 ? ` and ${spaced(keys.length - 3)} more` : "";
    msg = `unknown field${keys.length > 1 ? "s" : ""} ${keys
      .slice(0, 3)
      .map((k) => quote(k))
      .join(", ")}${more}`;
  } else if (valueAt(v, issue.path) === undefined) {
    msg = "is required";
  } else if (badNumber(valueAt(v, issue.path))) {
    msg = badNumber(valueAt(v, issue.path))!;
  } else if (issue.code === "invalid_union") {
    msg = `invalid value ${quote(valueAt(v, issue.path))}`;
  }
  throw new ScenarioError(pathOf(prefix, issue.path), msg);
}

function pathOf(prefix: string, p: ReadonlyArray<PropertyKey>): string {
  let s = prefix;
  for (const k of p) {
    if (typeof k === "number") s += `[${k}]`;
    else s += s ? `.${String(k)}` : String(k);
  }
  return s;
}

function valueAt(v: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let cur = v;
  for (const k of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[k];
  }
  return cur;
}

export function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function stripUndef<T extends object>(o: T): Partial<T> {
  const r: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (r as Record<string, unknown>)[k] = v;
  return r;
}
