// Safe wording for bad scenario input. A scenario may come from a hostile share link or file, so
// nothing here recurses over the input or prints it whole: values are quoted by a short, bounded
// prefix, and the shape of the input (depth, reserved keys) is checked once, iteratively, before
// zod or any message builder walks it (a 100 000-level array would blow their stacks).
import { ScenarioError } from "./check.ts";

export { quote, badNumber } from "./quote.ts";

/** No real scenario nests deeper than this (faults[i].groups[j][k] is 5 levels). */
export const MAX_DEPTH = 32;

const pathOf = (parts: Array<string | number>) =>
  parts.reduce<string>((s, k) => (typeof k === "number" ? `${s}[${k}]` : s ? `${s}.${k}` : k), "");

/** Refuses input too deeply nested to be a scenario, and `__proto__` keys anywhere (JSON.parse
 *  makes them ordinary keys that zod's records drop silently but strict objects refuse). */
export function guardShape(json: unknown): void {
  const stack: Array<{ v: unknown; path: Array<string | number> }> = [{ v: json, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (path.length >= MAX_DEPTH) {
      // Name the field the learner wrote, not the 100 000th level inside it.
      throw new ScenarioError(pathOf(path.slice(0, 2)), `is nested more than ${MAX_DEPTH} levels deep; no scenario field nests like that`);
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, i] });
    } else {
      for (const k of Object.keys(v)) {
        if (k === "__proto__") throw new ScenarioError(pathOf([...path, k]), 'is not a field a scenario can have ("__proto__" is reserved)');
        stack.push({ v: (v as Record<string, unknown>)[k], path: [...path, k] });
      }
    }
  }
}
