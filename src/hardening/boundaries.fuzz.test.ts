// Fuzz every boundary where outside data enters the app: scenario files and share-link
// scenarios, progress imports, stored progress, and the content schemas. Random and hostile
// input must give a clear, named refusal and must never throw anything else.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseScenario, ScenarioError, presets } from "../engine/index.ts";
import { parseProgressFile, exportProgress } from "../progress/transfer.ts";
import { loadProgress } from "../progress/load.ts";
import { emptyProgress, PROGRESS_KEY } from "../progress/schema.ts";
import { quizFileSchema } from "../quiz/schema.ts";
import { checkPromptSet } from "../interview/schema.ts";

const RUNS = 1500;
const json = fc.jsonValue({ maxDepth: 4 });
// Plausible-looking scenarios: a real preset with random fields replaced, the hardest case.
const mutatedScenario = fc
  .tuple(
    fc.constantFrom(...Object.values(presets).map((p) => p.scenario)),
    fc.dictionary(
      fc.constantFrom(
        "protocol",
        "nodes",
        "seed",
        "until",
        "network",
        "timing",
        "options",
        "faults",
        "fencing",
        "work",
        "clocks",
        "boot",
      ),
      json,
    ),
  )
  .map(([base, patch]) => ({ ...structuredClone(base), ...patch }));

describe("boundaries under random and hostile input", () => {
  it("scenario files: either a scenario or a ScenarioError naming the field", () => {
    fc.assert(
      fc.property(fc.oneof(json, mutatedScenario), (input) => {
        try {
          const sc = parseScenario(input);
          expect(typeof sc.protocol).toBe("string");
        } catch (err) {
          expect(err).toBeInstanceOf(ScenarioError);
          expect((err as Error).message.length).toBeGreaterThan(5);
          expect((err as Error).message).not.toMatch(/\bat .*\.ts:\d+/); // no stack trace text
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("progress imports: refused with a reason, or accepted only when valid", () => {
    const valid = exportProgress(emptyProgress()).json;
    const mutations = fc.oneof(
      fc.string({ maxLength: 400 }),
      json.map((v) => JSON.stringify(v)),
      fc
        .tuple(fc.nat(valid.length), fc.string({ maxLength: 5 }))
        .map(([i, s]) => valid.slice(0, i) + s + valid.slice(i + s.length)),
    );
    fc.assert(
      fc.property(mutations, (text) => {
        const result = parseProgressFile(text);
        if (!result.ok) expect(result.reason.length).toBeGreaterThan(10);
        else expect(result.data.version).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  });

  it("stored progress: any blob loads without throwing and is kept aside when unusable", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          json.map((v) => JSON.stringify(v)),
        ),
        (blob) => {
          const map = new Map([[PROGRESS_KEY, blob]]);
          const storage = {
            getItem: (k: string) => map.get(k) ?? null,
            setItem: (k: string, v: string) => void map.set(k, v),
            removeItem: (k: string) => void map.delete(k),
          };
          const result = loadProgress(storage, () => new Date(0));
          if (result.problem) expect([...map.values()]).toContain(blob);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("content schemas: random quiz files and interview prompts are refused by name, never crash", () => {
    fc.assert(
      fc.property(json, (input) => {
        const parsed = quizFileSchema.safeParse(input);
        if (!parsed.success) expect(parsed.error.issues.length).toBeGreaterThan(0);
        const checked = checkPromptSet([{ file: "fuzz.json", data: input }]);
        expect(Array.isArray(checked.problems)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
