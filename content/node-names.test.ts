// One name per node: the live runs call nodes n1, n2, ..., so a lesson's diagrams, examples and
// quiz questions must too. A sequence diagram with S1 to S3 beside a run with n1 to n5 makes a
// learner wonder whether they are different machines. (Amazon's storage service, S3, is a name,
// not a node.)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL(".", import.meta.url).pathname;
const files = [
  ...readdirSync(join(root, "lessons"))
    .filter((f) => f.endsWith(".mdx"))
    .map((f) => join("lessons", f)),
  ...readdirSync(join(root, "quiz"))
    .filter((f) => f.endsWith(".json"))
    .map((f) => join("quiz", f)),
];

/** node names other than n1..n9 (S1, s3...), with option ids in quiz files left out: they are keys */
function otherNames(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split("\n")) {
    if (/^\s*"id":/.test(line)) continue;
    for (const m of line.matchAll(/(Amazon |in )?\b[sS][1-9]\b( conditional| User)?/g))
      if (!m[1] && !m[2]) found.push(m[0]);
  }
  return found;
}

describe("lessons and quizzes name nodes as the runs do", () => {
  it("finds the files", () => expect(files.length).toBeGreaterThan(20));
  for (const f of files) {
    it(`${f}: nodes are n1, n2, ..., never S1 or s1`, () => {
      expect(otherNames(readFileSync(join(root, f), "utf8"))).toEqual([]);
    });
  }
});
