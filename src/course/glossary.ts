import glossary from "../../content/glossary.json";
import type { z } from "zod";
import type { glossaryEntrySchema } from "./glossary-schema";

// The entries are checked against glossaryEntrySchema by `npm run content`, not at run time.
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;

export const glossaryEntries: readonly GlossaryEntry[] = glossary as GlossaryEntry[];

export function findTerm(id: string): GlossaryEntry | undefined {
  return glossaryEntries.find((entry) => entry.id === id);
}
