import { Link, createFileRoute, useNavigate } from "@tanstack/react-router";
import { ExperimentsPage } from "../practice/ExperimentsPage.tsx";
import { EXPERIMENT_IDS } from "../practice/route-ids.ts";
import { oneOf, readParams } from "../links/search-params.ts";

// /experiments?experiment=figure16|lease|cost; anything else shows Figure 16.
type ExperimentsSearch = { experiment?: (typeof EXPERIMENT_IDS)[number] };

export const Route = createFileRoute("/experiments")({
  head: () => ({ meta: [{ title: "Experiments · Election Lab" }] }),
  validateSearch: (search: Record<string, unknown>): ExperimentsSearch =>
    readParams<ExperimentsSearch>(search, { experiment: (v) => oneOf(EXPERIMENT_IDS, v) }),
  component: ExperimentsRoute,
});

function ExperimentsRoute() {
  const { experiment } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <ExperimentsPage
      experiment={experiment ?? "figure16"}
      linkTo={(id, children, current) => (
        <Link to="/experiments" search={{ experiment: id }} aria-current={current ? "page" : undefined}>
          {children}
        </Link>
      )}
      openRun={(code) => void navigate({ to: "/sandbox", search: { run: code } })}
      intro={
        <p className="pr-also">
          Also: <Link to="/practice">challenges</Link> to solve, and{" "}
          <Link to="/compare">configurations side by side</Link>.
        </p>
      }
    />
  );
}
