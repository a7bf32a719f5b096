import { createFileRoute } from "@tanstack/react-router";
import { PracticePage } from "../app/PracticePage.tsx";
import { matching, readParams } from "../links/search-params.ts";

// /practice lists the challenges; /practice?challenge=ID opens one. A malformed id is dropped
// here (the list is shown); an unknown one is named on the page.
type PracticeSearch = { challenge?: string };

export const Route = createFileRoute("/practice")({
  head: () => ({ meta: [{ title: "Practice · Election Lab" }] }),
  validateSearch: (search: Record<string, unknown>): PracticeSearch =>
    readParams<PracticeSearch>(search, { challenge: (v) => matching(v, /^[a-z0-9-]{1,80}$/) }),
  component: PracticeRoute,
});

function PracticeRoute() {
  const { challenge } = Route.useSearch();
  return <PracticePage challenge={challenge} />;
}
