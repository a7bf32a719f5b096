import { Link, createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ComparePage } from "../app/ComparePage.tsx";
import { COMPARISON_IDS } from "../practice/route-ids.ts";

// /compare?pair=ttl|fencing|watch|prevote; anything else shows the first comparison.
const searchSchema = z.object({
  pair: z.enum(COMPARISON_IDS).optional().catch(undefined),
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
      pair={pair ?? COMPARISON_IDS[0]}
      linkTo={(id, children, current) => (
        <Link to="/compare" search={{ pair: id as (typeof COMPARISON_IDS)[number] }} aria-current={current ? "page" : undefined}>
          {children}
        </Link>
      )}
    />
  );
}
