import { createFileRoute } from "@tanstack/react-router";
import { InterviewPage, type InterviewSearch } from "../interview/InterviewPage";

export const Route = createFileRoute("/interview")({
  head: () => ({ meta: [{ title: "Interview practice · Election Lab" }] }),
  validateSearch: (search: Record<string, unknown>): InterviewSearch => ({
    prompt:
      typeof search.prompt === "string" && /^[a-z0-9-]{1,80}$/.test(search.prompt)
        ? search.prompt
        : undefined,
    view: search.view === "history" ? "history" : undefined,
  }),
  component: InterviewRoute,
});

function InterviewRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <InterviewPage search={search} go={(next) => navigate({ search: next })} />;
}
