import { createFileRoute } from "@tanstack/react-router";
import { ElectorRoute } from "../elector-ui/ElectorRoute.tsx";
import { text, readParams } from "../links/search-params.ts";

// /practice/elector/$challenge: write your own elector (issue 37). `?code=` carries shared code:
// shown in the editor, run only when the learner presses Run.
type ElectorSearch = { code?: string };

export const Route = createFileRoute("/practice_/elector/$challenge")({
  head: () => ({ meta: [{ title: "Write your own elector · Election Lab" }] }),
  validateSearch: (search: Record<string, unknown>): ElectorSearch =>
    readParams<ElectorSearch>(search, { code: (v) => text(v, 1, 140_000) }),
  component: ElectorRouteHost,
});

function ElectorRouteHost() {
  const { challenge } = Route.useParams();
  const { code } = Route.useSearch();
  return <ElectorRoute id={challenge} code={code} />;
}
