import { Link, createFileRoute } from "@tanstack/react-router";
import { ComparePage } from "../app/ComparePage.tsx";
import { COMPARISON_IDS } from "../practice/route-ids.ts";
import { oneOf, readParams } from "../links/search-params.ts";

// /compare?pair=ttl|fencing|watch|prevote; anything else shows the first comparison.
type CompareSearch = { pair?: (typeof COMPARISON_IDS)[number] };

export const Route = createFileRoute("/compare")({
  head: () => ({ meta: [{ title: "Compare · Election Lab" }] }),
  validateSearch: (search: Record<string, unknown>): CompareSearch =>
    readParams<CompareSearch>(search, { pair: (v) => oneOf(COMPARISON_IDS, v) }),
  component: CompareRoute,
});

function CompareRoute() {
  const { pair } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ComparePage
      pair={pair ?? COMPARISON_IDS[0]}
      linkTo={(id, children, current) => (
        <Link
          to="/compare"
          search={{ pair: id as (typeof COMPARISON_IDS)[number] }}
          aria-current={current ? "page" : undefined}
        >
          {children}
        </Link>
      )}
      onPick={(id) => void navigate({ search: { pair: oneOf(COMPARISON_IDS, id) } })}
    />
  );
}
