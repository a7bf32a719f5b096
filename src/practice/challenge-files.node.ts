// Node-only: reads content/challenges/*.json from disk for the unit tests and `npm run content`.
// The browser bundles them through src/practice/challenges.ts.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

export const CHALLENGE_DIR = join(import.meta.dirname, "..", "..", "content", "challenges");

export function readChallengeFiles(dir = CHALLENGE_DIR): {
  files: Array<{ file: string; raw: unknown }>;
  problems: string[];
} {
  const files: Array<{ file: string; raw: unknown }> = [];
  const problems: string[] = [];
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith(".json"))
    .sort()) {
    try {
      files.push({ file: name, raw: JSON.parse(readFileSync(join(dir, name), "utf8")) as unknown });
    } catch (err) {
      problems.push(`challenges/${name}: not valid JSON (${(err as Error).message})`);
    }
  }
  return { files, problems };
}
