// `npm run content`: validates every lesson, the glossary and the sandbox presets lessons name,
// then prints counts. `--json` prints only the counts object. Exit 1 names every problem found.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LESSON_DIR, loadLessonIndex } from "./lesson-files.ts";
import { auditMdx } from "./mdx-audit.ts";
import { estimateMinutes, minutesProblem } from "./lesson-minutes.ts";
import { glossaryEntrySchema } from "../src/course/glossary-schema.ts";
import { slugify } from "../src/catalog/slug.ts";
import { ALLOWED_LESSON_TAGS } from "../src/course/content-tags.ts";
import { parseScenario, presets, refProblems } from "../src/engine/index.ts";
import { checkCourseParts, courseSchema } from "../src/catalog/schema/course.ts";

const json = process.argv.includes("--json");
const problems: string[] = [];

let lessons: ReturnType<typeof loadLessonIndex> = [];
try {
  lessons = loadLessonIndex();
} catch (err) {
  problems.push((err as Error).message);
}

const glossaryRaw: unknown = JSON.parse(readFileSync(join(LESSON_DIR, "..", "glossary.json"), "utf8"));
const glossaryIds = new Set<string>();
if (!Array.isArray(glossaryRaw)) problems.push("glossary.json: must be an array of entries");
else
  glossaryRaw.forEach((entry, i) => {
    const parsed = glossaryEntrySchema.safeParse(entry);
    if (!parsed.success) problems.push(`glossary.json[${i}]: ${parsed.error.issues[0]?.message}`);
    else if (glossaryIds.has(parsed.data.id))
      problems.push(`glossary.json: duplicate id "${parsed.data.id}"`);
    else glossaryIds.add(parsed.data.id);
  });

// --- course parts (the study path): content/course.json ---
{
  const parsed = courseSchema.safeParse(
    JSON.parse(readFileSync(join(LESSON_DIR, "..", "course.json"), "utf8")),
  );
  if (!parsed.success)
    problems.push(
      `course.json: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`,
    );
  else problems.push(...checkCourseParts(parsed.data.parts, lessons));
}
// --- end course parts ---

const presetNames = new Set(Object.keys(presets));
// Every scenario reference in content (quiz predictions, follow-ups, tours, challenges) goes
// through this one check: the ref's shape, its preset, and the resolved scenario's validity.
const refEngine = { presets, parseScenario };
/** Each lesson's heading anchors, for the rule citations' lesson links (issue 20). */
const anchorsByLesson = new Map<string, Set<string>>();
const required: Record<string, string[]> = {
  Term: ["id"],
  Sandbox: ["preset"],
  Diagram: ["chart", "caption"],
  DeepDive: ["title"],
  TryToBreak: ["preset", "property", "expect", "claim"],
};
const breakClaims: Array<{ where: string; attrs: Record<string, unknown> }> = [];
const captions: Array<{ where: string; preset: string; caption: string }> = [];
/** The glossary terms each lesson marks with <Term>, for "where is it taught" below. */
const termUses = new Map<string, Set<string>>();
/** Lesson links "](/learn/<id>#<anchor>)" in prose, checked once every lesson's headings are known. */
const lessonLinks: Array<{ where: string; lesson: string; anchor?: string }> = [];
/** Links to an elector challenge "](/practice/elector/<id>)" in prose (issue 37). */
const electorLinks: Array<{ where: string; id: string }> = [];
for (const lesson of lessons) {
  const file = `${lesson.id}.mdx`;
  let audit: ReturnType<typeof auditMdx>;
  try {
    audit = auditMdx(readFileSync(join(LESSON_DIR, file), "utf8"));
  } catch (err) {
    problems.push(`${file}: MDX does not parse: ${(err as Error).message}`);
    continue;
  }
  const text = readFileSync(join(LESSON_DIR, file), "utf8");
  text.split("\n").forEach((line, i) => {
    for (const m of line.matchAll(/\]\(\/learn\/([^)#\s]+)(?:#([^)\s]+))?\)/g))
      lessonLinks.push({ where: `${file}:${i + 1}`, lesson: m[1], anchor: m[2] });
    for (const m of line.matchAll(/\]\(\/practice\/elector\/([^)#?\s]+)[^)]*\)/g))
      electorLinks.push({ where: `${file}:${i + 1}`, id: m[1] });
  });
  // Issue 36: stated minutes must match the text, on the path and in the deep dives.
  {
    const body = text.split(/^---$/m).slice(2).join("---");
    const est = estimateMinutes(body);
    const meta = lesson as unknown as { minutes: number; deepDiveMinutes?: number };
    for (const p of [
      minutesProblem(`${file}: minutes`, meta.minutes, est.path),
      minutesProblem(`${file}: deepDiveMinutes`, meta.deepDiveMinutes ?? 0, est.deepDive),
    ])
      if (p) problems.push(p);
  }
  const slugs = new Map<string, string>();
  for (const h of audit.headings) {
    const s = slugify(h);
    if (slugs.has(s)) problems.push(`${file}: two headings share the anchor #${s} ("${h}")`);
    slugs.set(s, h);
  }
  anchorsByLesson.set(lesson.id, new Set(slugs.keys()));
  for (const e of audit.expressions)
    problems.push(
      `${file}:${e.line}: {${e.code}} would run as JavaScript; write \\{ and \\} for literal braces`,
    );
  if (!audit.tags.some((t) => t.name === "YouWillLearn")) problems.push(`${file}: missing <YouWillLearn>`);
  if (!audit.tags.some((t) => t.name === "Recap")) problems.push(`${file}: missing <Recap>`);
  for (const tag of audit.tags) {
    const where = `${file}:${tag.line}`;
    if (!ALLOWED_LESSON_TAGS.includes(tag.name)) {
      problems.push(
        `${where}: <${tag.name}> is not in the lesson tag set (${ALLOWED_LESSON_TAGS.join(", ")})`,
      );
      continue;
    }
    for (const attr of required[tag.name] ?? []) {
      if (!(attr in tag.attributes)) problems.push(`${where}: <${tag.name}> needs the attribute "${attr}"`);
    }
    if (tag.name === "Term" && typeof tag.attributes.id === "string")
      termUses.set(lesson.id, (termUses.get(lesson.id) ?? new Set()).add(tag.attributes.id));
    if (tag.name === "Term" && typeof tag.attributes.id === "string" && !glossaryIds.has(tag.attributes.id))
      problems.push(`${where}: <Term id="${tag.attributes.id}"> is not in glossary.json`);
    if (
      tag.name === "Sandbox" &&
      typeof tag.attributes.preset === "string" &&
      !presetNames.has(tag.attributes.preset)
    )
      problems.push(`${where}: <Sandbox preset="${tag.attributes.preset}"> names no engine preset`);
    if (tag.name === "TryToBreak") breakClaims.push({ where, attrs: tag.attributes });
    if (
      tag.name === "Sandbox" &&
      typeof tag.attributes.preset === "string" &&
      typeof tag.attributes.caption === "string"
    )
      captions.push({ where, preset: tag.attributes.preset, caption: tag.attributes.caption });
  }
}

// --- "Try to break it" claims (issue 19): each lesson link names a preset, a property and the
// faults, and says whether the search breaks it or it holds. The panel's own search is run: a
// "breaks" claim must break within the budget; a "holds" claim is tried on its first 200 schedules
// (the full 2,000 are the engine's safety tests). ---
{
  const { initialForm, specOf } = await import("../src/sandbox/break-it-form.ts");
  const { parseFaultList, parseProperty, search } = await import("../src/engine/search/index.ts");
  const { HAS_STORE } = await import("../src/engine/index.ts");
  for (const { where, attrs } of breakClaims) {
    const { preset, property, faults, expect } = attrs as Record<string, string | undefined>;
    const say = (m: string) => problems.push(`${where}: <TryToBreak> ${m}`);
    if (typeof preset !== "string" || !presetNames.has(preset)) {
      say(`preset="${String(preset)}" names no engine preset`);
      continue;
    }
    if (expect !== "breaks" && expect !== "holds") {
      say(`expect must be "breaks" or "holds", got "${String(expect)}"`);
      continue;
    }
    try {
      parseProperty(String(property));
      if (faults !== undefined) parseFaultList(String(faults));
    } catch (err) {
      say((err as Error).message);
      continue;
    }
    const scenario = presets[preset].scenario as Record<string, unknown>;
    const sc = parseScenario(scenario);
    const r = specOf(initialForm(sc.until, { property, faults }), scenario, HAS_STORE.includes(sc.protocol));
    if ("error" in r) {
      say(r.error);
      continue;
    }
    const spec =
      expect === "holds"
        ? {
            ...r.spec,
            budget: { ...r.spec.budget, schedules: Math.min(200, r.spec.budget?.schedules ?? 2000) },
          }
        : r.spec;
    const o = search(spec);
    if (expect === "breaks" && !o.found)
      say(`claims the search breaks ${property} on ${preset}, but ${o.tried} schedules did not`);
    if (expect === "holds" && o.found)
      say(`claims ${property} holds on ${preset}, but schedule ${o.tried} broke it`);
  }
}
// --- end "Try to break it" claims ---

// --- lesson links: a "/learn/<lesson>#<anchor>" in prose names a lesson and one of its headings ---
for (const l of lessonLinks) {
  const anchors = anchorsByLesson.get(l.lesson);
  if (!anchors) problems.push(`${l.where}: links to /learn/${l.lesson}, which is no lesson`);
  else if (l.anchor && !anchors.has(l.anchor))
    problems.push(`${l.where}: links to /learn/${l.lesson}#${l.anchor}, which is no heading of that lesson`);
}
// --- end lesson links ---
// --- elector challenge links (issue 37): each names a challenge (or the API page) ---
{
  const { CHALLENGES } = await import("../src/elector/challenges/index.ts");
  const ids = new Set(CHALLENGES.map((c) => c.id));
  for (const l of electorLinks)
    if (l.id !== "api" && !ids.has(l.id))
      problems.push(`${l.where}: links to /practice/elector/${l.id}, which is no elector challenge`);
}
// --- end elector challenge links ---
// --- where each glossary term is taught (issue 36): the first lesson on the path that marks it ---
{
  const path = (
    JSON.parse(readFileSync(join(LESSON_DIR, "..", "course.json"), "utf8")) as {
      parts: Array<{ lessons: string[] }>;
    }
  ).parts.flatMap((p) => p.lessons);
  if (Array.isArray(glossaryRaw))
    for (const entry of glossaryRaw as Array<{ id: string; taught?: { lesson: string; section?: string } }>) {
      const first = path.find((l) => termUses.get(l)?.has(entry.id));
      const where = `glossary.json "${entry.id}"`;
      if (!entry.taught)
        problems.push(
          `${where}: needs "taught", the lesson that first teaches it${first ? ` (${first})` : ""}`,
        );
      else if (!first) problems.push(`${where}: no lesson marks it with <Term id="${entry.id}">`);
      else if (entry.taught.lesson !== first)
        problems.push(`${where}: taught in ${entry.taught.lesson}, but ${first} uses it first on the path`);
      else if (entry.taught.section && !anchorsByLesson.get(first)?.has(entry.taught.section))
        problems.push(`${where}: taught.section "${entry.taught.section}" is no heading of ${first}`);
    }
}
// --- end glossary teaching places ---
// --- sandbox captions (issue 36): every figure a caption states that the check can read (a time
// in s or ms, a range, "term N", "N messages") must be borne out by the run the learner opens ---
{
  const { checkCaption } = await import("./caption-figures.ts");
  const engine = await import("../src/engine/index.ts");
  for (const c of captions)
    problems.push(
      ...checkCaption(c.where, c.preset, c.caption, engine as unknown as Parameters<typeof checkCaption>[3]),
    );
}
// --- end sandbox captions ---

const counts = {
  lessons: lessons.length,
  questions: 0,
  interviewPrompts: 0,
  scenarios: presetNames.size,
  glossaryTerms: glossaryIds.size,
};
// --- interview prompts (issue 8): content/interview/*.json against src/interview/schema.ts ---
{
  const { readdirSync } = await import("node:fs");
  const { checkPromptSet } = await import("../src/interview/schema.ts");
  const dir = join(LESSON_DIR, "..", "interview");
  const entries = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => {
      try {
        return [{ file: `interview/${f}`, data: JSON.parse(readFileSync(join(dir, f), "utf8")) as unknown }];
      } catch (err) {
        problems.push(`interview/${f}: not valid JSON (${(err as Error).message})`);
        return [];
      }
    });
  const checked = checkPromptSet(entries);
  problems.push(...checked.problems);
  for (const p of checked.prompts)
    for (const f of p.followUps)
      if (f.sandbox)
        problems.push(
          ...refProblems(
            `interview/${p.id}.json: follow-up "${f.id}": sandbox.scenario`,
            f.sandbox.scenario,
            refEngine,
          ),
        );
  counts.interviewPrompts = checked.prompts.length;
}
// --- end interview prompts ---
// --- quiz questions (issue 7): content/quiz/*.json against src/quiz/schema.ts; predictions run through the engine ---
{
  const { readQuizFiles } = await import("./quiz-files.ts");
  const { computePrediction } = await import("../src/quiz/predict.ts");
  const { checkPredictSeeds } = await import("./predict-seeds.ts");
  const engine = await import("../src/engine/index.ts");
  const quiz = readQuizFiles();
  problems.push(...quiz.problems.map((p) => `quiz/${p}`));
  for (const { name, file } of quiz.files)
    for (const q of file.questions) {
      if (q.kind !== "predict") continue;
      const refIssues = refProblems(`quiz/${name}: "${q.id}": scenario`, q.scenario, refEngine);
      if (refIssues.length) {
        problems.push(...refIssues);
        continue;
      }
      try {
        const { key } = computePrediction(q, engine as unknown as Parameters<typeof computePrediction>[1]);
        if (key !== q.explanationsAssume)
          problems.push(
            `quiz/${name}: "${q.id}": the engine says "${key}" but the explanations defend "${q.explanationsAssume}"`,
          );
        // Issue 16: the key must hold on every seed, not only the preset's.
        else
          problems.push(
            ...checkPredictSeeds(
              q,
              engine as unknown as Parameters<typeof checkPredictSeeds>[1],
            ).problems.map((p) => `quiz/${name}: ${p}`),
          );
      } catch (err) {
        problems.push(`quiz/${name}: "${q.id}": the engine could not run it (${(err as Error).message})`);
      }
    }
  counts.questions = quiz.files.reduce((n, f) => n + f.file.questions.length, 0);
  // Inline checks in lessons, <Check ids={["q-id", ...]} />, must name questions that exist.
  const known = new Set(quiz.files.flatMap((f) => f.file.questions.map((q) => q.id)));
  for (const lesson of lessons) {
    let tags: ReturnType<typeof auditMdx>["tags"] = [];
    try {
      tags = auditMdx(readFileSync(join(LESSON_DIR, `${lesson.id}.mdx`), "utf8")).tags;
    } catch {
      continue; // already reported above
    }
    for (const tag of tags.filter((t) => t.name === "Check")) {
      const ids =
        typeof tag.attributes.ids === "string"
          ? [...tag.attributes.ids.matchAll(/["']([^"']+)["']/g)].map((m) => m[1])
          : [];
      if (ids.length === 0)
        problems.push(`${lesson.id}.mdx:${tag.line}: <Check> needs ids={["question-id", ...]}`);
      for (const id of ids)
        if (!known.has(id))
          problems.push(`${lesson.id}.mdx:${tag.line}: <Check> names no quiz question "${id}"`);
    }
  }
}
// --- end quiz questions ---
// --- sandbox tours (issue 5): content/tours/<preset>.json against src/sandbox/tours.ts ---
{
  const { readdirSync } = await import("node:fs");
  const { checkTour } = await import("../src/sandbox/tours.ts");
  const dir = join(LESSON_DIR, "..", "tours");
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith(".json"))
    .sort()) {
    try {
      problems.push(...checkTour(`tours/${f}`, JSON.parse(readFileSync(join(dir, f), "utf8"))).problems);
    } catch (err) {
      problems.push(`tours/${f}: not valid JSON (${(err as Error).message})`);
    }
  }
}
// --- end sandbox tours ---
// --- practice challenges (issue 9): content/challenges/*.json against src/practice/challenge-schema.ts; each solution and starting run is played ---
{
  const { readChallengeFiles } = await import("../src/practice/challenge-files.node.ts");
  const { checkChallenge } = await import("../src/practice/challenge-check.ts");
  const read = readChallengeFiles();
  problems.push(...read.problems);
  const lessonIds = new Set(lessons.map((l) => l.id));
  for (const f of read.files)
    problems.push(...checkChallenge(f.file, f.raw, lessonIds).problems.map((p) => `challenges/${p}`));
}
// --- end practice challenges ---
// --- rule citations (issue 20): "[rule: NAME]" in quiz, tours and challenges names a declared rule ---
{
  const { ruleCitationProblems } = await import("./rule-citations.ts");
  problems.push(...ruleCitationProblems(join(LESSON_DIR, ".."), anchorsByLesson).problems);
}
// --- end rule citations ---
if (problems.length) {
  console.error(`Content check failed with ${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
// The machine-readable form carries exactly the four counts other tools rely on.
if (json)
  console.log(
    JSON.stringify({
      lessons: counts.lessons,
      questions: counts.questions,
      interviewPrompts: counts.interviewPrompts,
      scenarios: counts.scenarios,
    }),
  );
else
  console.log(
    `content ok: ${counts.lessons} lessons, ${counts.questions} quiz questions, ${counts.interviewPrompts} interview prompts, ${counts.scenarios} scenarios, ${counts.glossaryTerms} glossary terms`,
  );
