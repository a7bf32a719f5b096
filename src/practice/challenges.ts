// The challenges, bundled with the practice pages (content/challenges/*.json). Each file is
// validated on load; a bad file is left out and reported, never a broken page.
import { courseLessons } from "../catalog/manifest";
import { challengeSchema, type Challenge } from "./challenge-schema.ts";
import { describeIssue } from "./challenge-check-text.ts";

const files = import.meta.glob<unknown>("/content/challenges/*.json", { eager: true, import: "default" });

const DIFFICULTY = { starter: 0, intermediate: 1, advanced: 2 } as const;
const lessonIndex = (id: string) => {
  const i = courseLessons.findIndex((l) => l.id === id);
  return i < 0 ? 999 : i;
};

function load(): { challenges: Challenge[]; problems: string[] } {
  const challenges: Challenge[] = [];
  const problems: string[] = [];
  for (const [path, raw] of Object.entries(files)) {
    const r = challengeSchema.safeParse(raw);
    if (r.success) challenges.push(r.data);
    else problems.push(`${path.split("/").pop()}: ${describeIssue(r.error)}`);
  }
  // In course order (by the first lesson each practises), easier ones first.
  challenges.sort(
    (a, b) =>
      lessonIndex(a.lessons[0]) - lessonIndex(b.lessons[0]) ||
      DIFFICULTY[a.difficulty] - DIFFICULTY[b.difficulty] ||
      a.title.localeCompare(b.title),
  );
  return { challenges, problems };
}

const loaded = load();
export const challenges: readonly Challenge[] = loaded.challenges;

export function findChallenge(id: string): Challenge | undefined {
  return challenges.find((c) => c.id === id);
}

export function lessonTitle(id: string): string {
  return courseLessons.find((l) => l.id === id)?.title ?? id;
}
