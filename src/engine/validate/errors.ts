// Safe wording for bad scenario input. A scenario may come from a hostile share link or file, so
// nothing here recurses over the input or prints it whole: values are quoted by a short, bounded
// prefix, and the shape of the input (depth, reserved keys) is checked once, iteratively, before
// zod or any message builder walks it (a 100 000-level array would blow their stacks).
import { ScenarioError } from "./check.ts";
import { FIELD_CHARS, MAX_KEY_CHARS, MAX_STRING_CHARS, OPTION_CHARS, spaced } from "./input-limits.ts";
import { quote } from "./quote.ts";

export { quote } from "./quote.ts";

/** No real scenario nests deeper than this (faults[i].groups[j][k] is 5 levels). */
export const MAX_DEPTH = 32;

const pathOf = (parts: Array<string | number>) =>
  parts.reduce<string>((s, k) => (typeof k === "number" ? `${s}[${k}]` : s ? `${s}.${k}` : k), "");

/** Refuses input too deeply nested to be a scenario, `__proto__` keys anywhere (JSON.parse
 *  makes them ordinary keys that zod's records drop silently but strict objects refuse), and any
 *  string or field name over its limit (input-limits.ts), before any pattern or message builder
 *  looks at it: a 10 MB node name or option is refused here, by name, in one pass. */
export function guardShape(json: unknown): void {
  if (typeof json !== "object" || json === null) return;
  // Depth first, as a stack: every object met gets an entry (its value, depth, parent entry and
  // key), and only objects do, so a valid scenario costs a few array slots and no path at all; a
  // path is spelled out only for a refusal. Experiments parse thousands of scenarios a second.
  const vals: object[] = [json];
  const depth: number[] = [0];
  const parent: number[] = [-1];
  const key: Array<string | number> = [""];
  const todo: number[] = [0];
  const pathTo = (at: number): Array<string | number> => {
    const out: Array<string | number> = [];
    for (let i = at; i > 0; i = parent[i]) out.push(key[i]);
    return out.reverse();
  };
  const visit = (c: unknown, from: number, k: string | number) => {
    if (typeof c === "string") {
      const limit =
        from === 0 && typeof k === "string" && Object.prototype.hasOwnProperty.call(FIELD_CHARS, k)
          ? FIELD_CHARS[k]
          : parent[from] === 0 &&
              key[from] === "options" &&
              typeof k === "string" &&
              Object.prototype.hasOwnProperty.call(OPTION_CHARS, k)
            ? OPTION_CHARS[k]
            : MAX_STRING_CHARS;
      if (c.length > limit) {
        throw new ScenarioError(
          pathOf([...pathTo(from), k]),
          `is ${spaced(c.length)} characters long; the limit for this field is ${spaced(limit)} (it starts ${quote(c)})`,
        );
      }
      return;
    }
    if (typeof c !== "object" || c === null) return;
    todo.push(vals.length);
    vals.push(c);
    depth.push(depth[from] + 1);
    parent.push(from);
    key.push(k);
  };
  while (todo.length > 0) {
    const at = todo.pop()!;
    const v = vals[at];
    if (depth[at] >= MAX_DEPTH) {
      // Name the field the learner wrote, not the 100 000th level inside it.
      throw new ScenarioError(
        pathOf(pathTo(at).slice(0, 2)),
        `is nested more than ${MAX_DEPTH} levels deep; no scenario field nests like that`,
      );
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) visit(v[i], at, i);
    } else {
      for (const k of Object.keys(v)) {
        if (k.length > MAX_KEY_CHARS) {
          throw new ScenarioError(
            pathOf(pathTo(at)),
            `has a field or node name ${spaced(k.length)} characters long (${quote(k)}); names are at most ${MAX_KEY_CHARS} characters`,
          );
        }
        if (k === "__proto__")
          throw new ScenarioError(
            pathOf([...pathTo(at), k]),
            'is not a field a scenario can have ("__proto__" is reserved)',
          );
        visit((v as Record<string, unknown>)[k], at, k);
      }
    }
  }
}
