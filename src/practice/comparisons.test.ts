// Compare's "Where they differ" jumps are read beside the summary, which says when each fault
// happens: a jump's words name that same time, so no learner has to do the arithmetic.
import { describe, expect, it } from "vitest";
import { parseDuration } from "../engine/index.ts";
import { COMPARISONS } from "./comparisons.ts";
import { fmtS } from "./goals.ts";

describe("Compare's moments", () => {
  it("name the time of a fault in the shared script, as the summary does", () => {
    for (const c of COMPARISONS) {
      const times = c.script.map((f) => fmtS(parseDuration(f.at) ?? -1));
      for (const m of c.moments) {
        expect(
          times.some((t) => m.label.includes(`at ${t}`) || m.label.includes(`from ${t}`)),
          `${c.id}: "${m.label}" names none of ${times.join(", ")}`,
        ).toBe(true);
        // The summary gives the same anchor.
        expect(times.some((t) => c.summary.includes(t.replace(" s", "")))).toBe(true);
      }
    }
  });
});
