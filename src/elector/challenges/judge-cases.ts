// What every challenge's test asserts about a reference solution and a wrong variant: the
// reference passes the whole default budget; a wrong variant fails with a counterexample of at
// most three faults that, replayed as an ordinary scenario, breaks the same property again.
import { expect } from "vitest";
import { checkRun, judge } from "../judge.ts";
import { challengeById } from "./index.ts";
import type { Verdict } from "../types.ts";

/** A hang guard for a shared two-core machine, not a speed check. */
export const LONG = 240_000;

export function expectPasses(challengeId: string, source: string): Extract<Verdict, { kind: "passed" }> {
  const v = judge({ source, challengeId });
  const { scenario: _s, ...shown } = v as Verdict & { scenario?: unknown };
  expect(v.kind, JSON.stringify(shown)).toBe("passed");
  const passed = v as Extract<Verdict, { kind: "passed" }>;
  expect(passed.schedules).toBe(challengeById(challengeId)!.budget.schedules);
  return passed;
}

export function expectFails(
  challengeId: string,
  source: string,
  property: string,
): Extract<Verdict, { kind: "failed" }> {
  const v = judge({ source, challengeId });
  expect(v.kind).toBe("failed");
  const failed = v as Extract<Verdict, { kind: "failed" }>;
  expect(failed.property).toBe(property);
  expect(failed.faults.length).toBeLessThanOrEqual(3);
  expect(failed.described).toHaveLength(failed.faults.length);
  // The counterexample is a whole scenario: replayed on its own, it breaks the same property.
  expect(checkRun(challengeId, failed.scenario)?.property).toBe(property);
  return failed;
}
