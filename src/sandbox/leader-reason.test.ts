// One source for a new etcd leader's reason (review 14b #3): Latest's line and the Why? step read
// the same cause, on the first election and on a later one.
import { describe, expect, it } from "vitest";
import { presets, runScenario, type TraceEvent } from "../engine/index.ts";
import { stepOf } from "../engine/explain/step.ts";
import { narrate, newNarrationContext } from "./narration.ts";

describe("an etcd leader's reason", () => {
  it("billing-crash: the first leader asked first, the next leads because the keys before its own are gone", () => {
    const { trace } = runScenario(presets["billing-crash"].scenario);
    const starts = trace
      .map((e, i) => [e, i] as const)
      .filter(
        (p): p is readonly [Extract<TraceEvent, { type: "leader-start" }>, number] =>
          p[0].type === "leader-start",
      );
    expect(starts.length).toBeGreaterThanOrEqual(2);
    const reason = (i: number) => {
      const [e, at] = starts[i];
      const line = narrate(e, newNarrationContext("etcd", "token"))!.text;
      const step = stepOf(trace, at).sentence;
      return { line, step };
    };
    const first = reason(0);
    expect(first.line).toMatch(/became leader: no key was ahead of its own when it asked etcd, so/);
    expect(first.step).toMatch(/no key was ahead of its own when it asked etcd, so it leads/);
    const later = reason(1);
    expect(later.line).toMatch(/became leader: every key made before its own is gone, so/);
    expect(later.line).not.toMatch(/asked etcd first/);
    expect(later.step).toMatch(/every key made before its own is gone, so it leads/);
  });
});
