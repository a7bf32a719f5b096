import glossary from "../../content/glossary.json";
import { z } from "zod";

export const glossaryEntrySchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  term: z.string().min(1),
  definition: z.string().min(10),
  aka: z.array(z.string()).optional(),
});
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;

export const glossaryEntries: readonly GlossaryEntry[] = glossary as GlossaryEntry[];

export function findTerm(id: string): GlossaryEntry | undefined {
  return glossaryEntries.find((entry) => entry.id === id);
}
