import { Link, createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ComparePage } from "../practice/ComparePage.tsx";
import { COMPARISONS } from "../practice/comparisons.ts";

// /compare?pair=ttl|fencing|watch|prevote; anything else shows the first comparison.
const searchSchema = z.object({
  pair: z.string().refine((v) => COMPARISONS.some((c) => c.id === v)).optional().catch(undefined),
});
type CompareSearch = z.infer<typeof searchSchema>;

export const Route = createFileRoute("/compare")({
  head: () => ({ meta: [{ title: "Compare · Election Lab" }] }),
  validateSearch: (search: Record<string, unknown>): CompareSearch => searchSchema.parse(search),
  component: CompareRoute,
});

function CompareRoute() {
  const { pair } = Route.useSearch();
  return (
    <ComparePage
      pair={pair ?? COMPARISONS[0].id}
      linkTo={(id, children, current) => (
        <Link to="/compare" search={{ pair: id }} aria-current={current ? "page" : undefined}>
          {children}
        </Link>
      )}
    />
  );
}
