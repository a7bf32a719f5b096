// Running a learner's elector for the sandbox: compile the source (code that arrives in a link
// is never trusted: it is made again from the source shown to the learner), run the scenario
// once to its end, and say whether a handler threw or ran too long, and when.
import { createSimulation, parseScenario, type Summary } from "../engine/index.ts";
import { LearnerError } from "../engine/protocols/learner/load.ts";
import { compileElector, type CompileError } from "./compile.ts";
import { runError } from "./judge.ts";
import type { RunError } from "./types.ts";

export type LearnerRun =
  | { kind: "compile-error"; errors: CompileError[] }
  /** `scenario`: the scenario with the freshly compiled code, ready for the sandbox; `error`:
   *  the handler error that ends the run (the sandbox stops there) */
  | { kind: "ran"; scenario: Record<string, unknown>; summary: Summary | null; error: RunError | null };

export function runLearnerScenario(source: string, scenario: Record<string, unknown>): LearnerRun {
  const compiled = compileElector(source);
  if (!compiled.ok) return { kind: "compile-error", errors: compiled.errors };
  const options = { ...(scenario.options as object | undefined), code: compiled.code, source };
  const withCode = { ...scenario, protocol: "learner", options };
  const sim = createSimulation(parseScenario(withCode), { trace: "roles" });
  try {
    sim.run();
    return { kind: "ran", scenario: withCode, summary: sim.summary(), error: null };
  } catch (e) {
    if (e instanceof LearnerError)
      return { kind: "ran", scenario: withCode, summary: null, error: runError(e, sim.now) };
    throw e;
  }
}
