// Pieces every part of the scenario schema shares: the error type (its message starts with the
// field path), the zod duration type, and the wording for a node that does not exist.
import { z } from "zod";
import { parseDuration } from "./duration.ts";

export class ScenarioError extends Error {
  readonly path: string;
  constructor(path: string, what: string) {
    super(path ? `${path}: ${what}` : what);
    this.name = "ScenarioError";
    this.path = path;
  }
}

export const dur = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const ms = parseDuration(v);
  if (ms === null) {
    ctx.addIssue({
      code: "custom",
      message: typeof v === "number"
        ? `must be a non-negative number of milliseconds, got ${v}`
        : `invalid duration "${v}" (use milliseconds or a string such as "250ms", "10s", "2m")`,
    });
    return z.NEVER;
  }
  return ms;
});

export function unknownNode(n: string, ids: string[], storeOk: boolean): string {
  return `node "${n}" does not exist (nodes are ${ids.length === 1 ? "n1" : `n1..n${ids.length}`}${storeOk ? ', "store"' : ""} or "leader")`;
}

/** What a protocol's normaliser gets besides its own timing and options. */
export interface NormCtx { ids: string[]; seed: number }
export type Raw = Record<string, unknown>;

export function positive(path: string, v: number): void {
  if (v <= 0) throw new ScenarioError(path, "must be greater than 0");
}

/** A node id that must exist (no "leader", no "store"). */
export function nodeId(path: string, n: string, ids: string[]): void {
  if (!ids.includes(n)) throw new ScenarioError(path, unknownNode(n, ids, false).replace(' or "leader"', ""));
}
