// Consistency of a challenge file beyond its schema: the starting ref resolves to a valid run, every knob points at a
// setting the scenario has, the solution only sets knobs and passes its own goal, and the
// starting run alone does not. Used by the unit tests and `npm run content`.
import { parseScenario, presets, refProblems } from "../engine/index.ts";
import { challengeSchema, type Challenge } from "./challenge-schema.ts";
import { describeIssue } from "./challenge-check-text.ts";
import { judgeRun } from "./goals.ts";
import { getPath, solutionScenario, startingScenario } from "./scenario-tools.ts";

export { describeIssue };

/** Problems with one challenge file (empty when it is sound). Plays both runs. */
export function checkChallenge(
  file: string,
  raw: unknown,
  lessonIds: ReadonlySet<string>,
): { challenge: Challenge | null; problems: string[] } {
  const parsed = challengeSchema.safeParse(raw);
  if (!parsed.success) return { challenge: null, problems: [`${file}: ${describeIssue(parsed.error)}`] };
  const ch = parsed.data;
  const problems: string[] = [];
  const p = (m: string) => problems.push(`${file}: ${m}`);
  if (`${ch.id}.json` !== file.split("/").pop()) p(`its id "${ch.id}" must match the file name`);
  for (const l of ch.lessons) if (!lessonIds.has(l)) p(`lessons: no lesson "${l}"`);
  const startProblems = refProblems("start", ch.start, { presets, parseScenario });
  if (startProblems.length) {
    startProblems.forEach(p);
    return { challenge: ch, problems };
  }
  const start = startingScenario(ch);
  const norm = parseScenario(start);
  for (const k of ch.knobs)
    if (getPath(norm, k.path) === undefined) p(`knob "${k.label}": the scenario has no setting at ${k.path}`);
  const knobPaths = new Set(ch.knobs.map((k) => k.path));
  for (const path of Object.keys(ch.solution.settings))
    if (!knobPaths.has(path)) p(`solution.settings: ${path} is not one of the challenge's knobs`);
  for (const f of ch.solution.actions)
    if (!(ch.rules.actions as string[]).includes(String(f.do)))
      p(`solution.actions: "${String(f.do)}" is not an action the rules allow`);
  const before = judgeRun(ch, start);
  if (before.passed) p("the starting run already meets the goal");
  let after;
  try {
    after = judgeRun(ch, solutionScenario(ch));
  } catch (err) {
    p(`the solution does not run: ${(err as Error).message}`);
    return { challenge: ch, problems };
  }
  if (!after.passed) {
    const why = [
      ...after.problems,
      ...after.checks.filter((c) => !c.passed).map((c) => `${c.label}: ${c.detail}`),
    ];
    p(`the solution does not meet the goal (${why.join("; ")})`);
  }
  return { challenge: ch, problems };
}
