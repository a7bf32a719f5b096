// The glossary's entry format, checked by `npm run content` (scripts/content-check.ts). Apart from
// ./glossary.ts so that lesson pages, which read the glossary for term tooltips, do not load zod.
import { z } from "zod";

export const glossaryEntrySchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  term: z.string().min(1),
  definition: z.string().min(10),
  aka: z.array(z.string()).optional(),
  /** The name a real system's API or configuration gives it (a field such as leaseTransitions),
   *  shown under the plain headword rather than as the headword (review 4b #21). */
  api: z.string().min(1).optional(),
  /** Where the course first teaches the term: a lesson, and the heading it sits under. The content
   *  check holds it to the first lesson on the path that marks the term (issue 36). */
  taught: z.object({ lesson: z.string().min(1), section: z.string().min(1).optional() }).optional(),
});
