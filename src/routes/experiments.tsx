import { Link, createFileRoute, useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { EXPERIMENTS, ExperimentsPage } from "../practice/ExperimentsPage.tsx";

// /experiments?experiment=figure16|lease|cost; anything else shows Figure 16.
const searchSchema = z.object({
  experiment: z.enum(EXPERIMENTS.map((e) => e.id) as ["figure16", "lease", "cost"]).optional().catch(undefined),
});
type ExperimentsSearch = z.infer<typeof searchSchema>;

export const Route = createFileRoute("/experiments")({
  head: () => ({ meta: [{ title: "Experiments · Election Lab" }] }),
  validateSearch: (search: Record<string, unknown>): ExperimentsSearch => searchSchema.parse(search),
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
          Also: <Link to="/practice">challenges</Link> to solve, and <Link to="/compare">configurations side by side</Link>.
        </p>
      }
    />
  );
}
