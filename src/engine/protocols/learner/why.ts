// "Why?" on a learner's own rules: node.because(rule, values) records the cause
// `learner.<rule>`; the sentence names the rule and shows the values it compared.
import type { RuleSpec, RuleTable } from "../spec.ts";

const SOURCE = "your own elector: the rules you wrote";
const LESSON = "";

/** The rule spec for `learner.<name>`: every learner rule reads the same way. */
export function learnerRule(rule: string): RuleSpec | undefined {
  if (!rule.startsWith("learner.")) return undefined;
  const name = rule.slice("learner.".length).replace(/[{}]/g, "");
  return { says: `{node} applied your rule “${name}”`, lesson: LESSON, source: SOURCE, holds: () => true };
}

/** Declared so the registry's table has the family; real names are the learner's. */
export const learnerRules: RuleTable = {};
