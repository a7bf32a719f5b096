// The editor page's engine: the compiler for Run (loaded on the first Run) and the judge, which
// runs the learner's code in a worker that a watchdog replaces when it stops answering.
import type { Challenge } from "../elector/types.ts";
import type { RawScenario } from "../sandbox/scenarios.ts";
import type { ElectorDeps, JudgeJob } from "./deps.ts";
import { judgeInWorker } from "./judge-client.ts";

/** The challenge's starting scenario with the learner's compiled module in it. */
export function withCode(challenge: Challenge, source: string, code: string): RawScenario {
  const sc = structuredClone(challenge.scenario) as RawScenario & { options?: Record<string, unknown> };
  return { ...sc, options: { ...(sc.options ?? {}), code, source, challenge: challenge.id } } as RawScenario;
}

export const engineDeps: ElectorDeps = {
  async runScenario(challenge, source) {
    const { compileElector } = await import("../elector/compile.ts");
    const compiled = compileElector(source);
    if (!compiled.ok) return { ok: false, errors: compiled.errors };
    return { ok: true, scenario: withCode(challenge, source, compiled.code) };
  },
  judge: (req, onProgress): JudgeJob => judgeInWorker(req, onProgress),
};
