// Guided tours: the format (re-exported from tour-rules.ts) and the check every tour file
// passes, in `npm run content` and the unit tests: the schema, the presets it names, each
// action through the engine's own validation, and a run of the whole tour against the engine
// in which every step's end condition really happens.
import { parseScenario, presets, refProblems } from "../engine/index.ts";
import { stepScenario, tourScenario, tourSchema, type Tour } from "./tour-rules.ts";
import { runTour } from "../engine/session/index.ts";

export * from "./tour-rules.ts";

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
  if (t.preset !== expected)
    problems.push(`${file}: preset "${t.preset}" must match the file name ("${expected}")`);
  if (!presetNames.has(t.preset)) problems.push(`${file}: preset "${t.preset}" is not an engine preset`);
  const refEngine = { presets, parseScenario };
  const startProblems = refProblems(`${file}: scenario`, t.scenario, refEngine);
  problems.push(...startProblems);
  let current = startProblems.length ? null : tourScenario(t).scenario;
  t.steps.forEach((s, i) => {
    if (s.load !== undefined) {
      const loadProblems = refProblems(`${file}: steps.${i}.load`, s.load, refEngine);
      problems.push(...loadProblems);
      current = loadProblems.length ? null : (stepScenario(s)?.scenario ?? null);
    }
    if (!s.until && !s.action)
      problems.push(`${file}: steps.${i}: a step needs an action or an until condition`);
    if (s.action && current) {
      // The same validation the engine applies when the action is taken.
      try {
        parseScenario({ ...current, faults: [{ ...s.action.fault, at: 0 }] });
      } catch (err) {
        problems.push(
          `${file}: steps.${i}.action.fault: ${(err as Error).message.replace(/^faults\[0\]\.?/, "")}`,
        );
      }
    }
  });
  if (!problems.length) {
    // Run it, as a learner who presses "Do it for me" at every step, at 1x and at 100x.
    for (const speed of [1, 100]) {
      const r = runTour(t, { speed });
      if (!r.ok) {
        problems.push(`${file}: ${r.problem} at ${speed}x`);
        break;
      }
    }
  }
  return { tour: problems.length ? null : t, problems };
}
