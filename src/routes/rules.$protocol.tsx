import { Link, createFileRoute } from "@tanstack/react-router";
import { findLesson } from "../catalog/manifest";
import { PATTERN_CARDS, isRulesProtocol, rulesCard } from "../course/rules/cards";
import { RulesCardView } from "../course/rules/RulesCardView";
import { PatternCardView } from "../course/rules/PatternCardView";
import { NotFound } from "../ui/NotFound";

// /rules/raft, /rules/zab, ...: one protocol's rules card, linked from its lesson and the sandbox.
type TimerValue = number | [number, number];
/** A run's timer values, passed by the sandbox's link (?ttl=10000&keepAlive=3333): numbers and
 *  ranges only, anything else dropped. */
const readRun = (search: Record<string, unknown>): { run?: Record<string, TimerValue> } => {
  const run: Record<string, TimerValue> = {};
  for (const [k, v] of Object.entries(search)) {
    if (typeof v === "number" && Number.isFinite(v) && v >= 0) run[k] = v;
    else if (
      Array.isArray(v) &&
      v.length === 2 &&
      v.every((x) => typeof x === "number" && Number.isFinite(x) && x >= 0)
    )
      run[k] = [v[0], v[1]];
  }
  return Object.keys(run).length ? { run } : {};
};

export const Route = createFileRoute("/rules/$protocol")({
  validateSearch: readRun,
  // The head stays light (no cards, no engine): it is part of the main bundle.
  head: ({ params }) => ({ meta: [{ title: `Rules card: ${params.protocol} · Election Lab` }] }),
  component: RulesPage,
});

function RulesPage() {
  const { protocol } = Route.useParams();
  const { run } = Route.useSearch();
  if (!isRulesProtocol(protocol)) {
    // Mechanisms the lessons teach outside the simulator (Chubby, Consul, Curator, Redlock).
    const pattern = Object.prototype.hasOwnProperty.call(PATTERN_CARDS, protocol)
      ? PATTERN_CARDS[protocol]
      : undefined;
    if (!pattern) return <NotFound />;
    const taught = findLesson(pattern.lesson);
    return (
      <div className="page">
        <PatternCardView
          card={pattern}
          lessonLink={
            <Link to="/learn/$lesson" params={{ lesson: pattern.lesson }} hash={pattern.section}>
              Lesson: {taught?.title ?? pattern.lesson}
            </Link>
          }
        />
      </div>
    );
  }
  const card = rulesCard(protocol);
  const lesson = findLesson(card.lesson);
  return (
    <div className="page">
      <RulesCardView
        card={card}
        run={run}
        lessonLink={
          <Link to="/learn/$lesson" params={{ lesson: card.lesson }}>
            Lesson: {lesson?.title ?? card.lesson}
          </Link>
        }
        sandboxLink={
          <Link to="/sandbox" search={{ preset: card.preset }}>
            Run it in the sandbox
          </Link>
        }
      />
    </div>
  );
}
