// The frontmatter every lesson must carry. Validated at build time (the Vite plugin), in
// `npm run content`, and in unit tests, so a broken lesson never reaches a learner.
import { z } from "zod";

export const lessonSourceSchema = z.object({
  title: z.string().min(3),
  url: z.url().optional(),
  note: z.string().optional(),
});

export const lessonMetaSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "id must be kebab-case"),
  title: z.string().min(3),
  summary: z.string().min(10),
  order: z.number().int().positive(),
  /** Reading time of the lesson outside its <DeepDive> blocks: prose at about 200 words a minute,
   *  plus a minute per live sandbox and half a minute per diagram. */
  minutes: z.number().int().positive().max(120),
  /** Extra time for the lesson's <DeepDive> blocks, estimated the same way; 0 when it has none. */
  deepDiveMinutes: z.number().int().min(0).max(120).default(0),
  objectives: z.array(z.string().min(5)).min(1),
  sources: z.array(lessonSourceSchema).min(1),
});

export type LessonSource = z.infer<typeof lessonSourceSchema>;
export type LessonFrontmatter = z.infer<typeof lessonMetaSchema>;

/** A section heading of a lesson body: its anchor, its text as written, and its level (2 or 3). */
export type LessonHeading = { id: string; text: string; level: 2 | 3 };

/** A lesson as the app knows it: its frontmatter plus its section headings (read by the build
 *  from the body, for the on-page contents and for links that name a section). */
export type LessonMeta = LessonFrontmatter & { headings: LessonHeading[] };

/** What the course map, sidebar and prev/next show: in the main chunk, so kept small. */
export type LessonCard = Pick<
  LessonMeta,
  "id" | "title" | "summary" | "order" | "minutes" | "deepDiveMinutes"
>;
/** The rest, which only a lesson page and quiz feedback read: loaded with them. */
export type LessonDetails = Pick<LessonMeta, "objectives" | "sources" | "headings">;

/** Splits a lesson into its card and its details (the build serves them as separate modules). */
export function splitLessonMeta(meta: LessonMeta): { card: LessonCard; details: LessonDetails } {
  const { objectives, sources, headings, ...card } = meta;
  return { card, details: { objectives, sources, headings } };
}

/** Formats a zod error as "field: problem" lines, for humans. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "(root)"}: ${issue.message}`)
    .join("; ");
}
