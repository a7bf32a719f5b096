// Rule citations in content (issue 20): a quiz explanation, a tour step or a challenge hint may
// cite an engine rule as "[rule: raft.vote.logUpToDate]", the same name the "Why?" panel shows.
// The content check refuses a name no protocol declares, and a rule whose lesson link points at
// a lesson or heading that does not exist.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ALL_RULES, ruleOf } from "../src/engine/index.ts";

export const CITATION = /\[rule: ([A-Za-z0-9_.-]+)\]/g;

/** Every citation in every string of a JSON value: [rule name, where]. */
export function citations(value: unknown, where: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (v: unknown, path: string) => {
    if (typeof v === "string") for (const m of v.matchAll(CITATION)) out.push([m[1], path]);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
    else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
  };
  walk(value, "");
  return out.map(([rule, path]) => [rule, `${where}: ${path}`]);
}

/** Problems with the citations under content/{quiz,tours,challenges}, and with the rules' lesson links. */
export function ruleCitationProblems(
  contentDir: string,
  anchors: Map<string, Set<string>>,
): { problems: string[]; cited: number } {
  const problems: string[] = [];
  let cited = 0;
  for (const sub of ["quiz", "tours", "challenges"]) {
    const dir = join(contentDir, sub);
    for (const f of readdirSync(dir)
      .filter((x) => x.endsWith(".json"))
      .sort()) {
      let data: unknown;
      try {
        data = JSON.parse(readFileSync(join(dir, f), "utf8"));
      } catch {
        continue; // the format's own check reports bad JSON
      }
      for (const [rule, where] of citations(data, `${sub}/${f}`)) {
        cited++;
        if (!ruleOf(rule))
          problems.push(
            `${where}: cites [rule: ${rule}], which no protocol declares (see src/engine/protocols/*/why.ts)`,
          );
      }
    }
  }
  for (const [name, r] of Object.entries(ALL_RULES)) {
    const [lesson, anchor] = r.lesson.split("#");
    const heads = anchors.get(lesson);
    if (!heads) problems.push(`rule ${name}: lesson "${lesson}" does not exist`);
    else if (anchor && !heads.has(anchor))
      problems.push(`rule ${name}: lesson ${lesson} has no heading #${anchor}`);
  }
  return { problems, cited };
}
