import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { PracticePage } from "../app/PracticePage.tsx";

// /practice lists the challenges; /practice?challenge=ID opens one. A malformed id is dropped
// here (the list is shown); an unknown one is named on the page.
const searchSchema = z.object({
  challenge: z.string().regex(/^[a-z0-9-]{1,80}$/).optional().catch(undefined),
});
type PracticeSearch = z.infer<typeof searchSchema>;

export const Route = createFileRoute("/practice")({
  head: () => ({ meta: [{ title: "Practice · Election Lab" }] }),
  validateSearch: (search: Record<string, unknown>): PracticeSearch => searchSchema.parse(search),
  component: PracticeRoute,
});

function PracticeRoute() {
  const { challenge } = Route.useSearch();
  return <PracticePage challenge={challenge} />;
}
