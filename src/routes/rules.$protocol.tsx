import { Link, createFileRoute } from "@tanstack/react-router";
import { findLesson } from "../catalog/manifest";
import { PATTERN_CARDS, isRulesProtocol, rulesCard } from "../course/rules/cards";
import { RulesCardView } from "../course/rules/RulesCardView";
import { PatternCardView } from "../course/rules/PatternCardView";
import { NotFound } from "../ui/NotFound";

// /rules/raft, /rules/zab, ...: one protocol's rules card, linked from its lesson and the sandbox.
type TimerValue = number | [number, number];
/** The address's own values, one flat set (?ttl=10000&renew=3000, a range as timeout=150-300).
 *  validateSearch keeps them flat: it once returned them nested as `run`, which the router wrote
 *  back into the address as a second, JSON copy (review 6b #12). */
type RunSearch = Record<string, number | string>;
const RANGE = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/;

const validateRun = (search: Record<string, unknown>): RunSearch => {
  const out: RunSearch = {};
  for (const [k, v] of Object.entries(search)) {
    if (typeof v === "number" && Number.isFinite(v) && v >= 0) out[k] = v;
    else if (typeof v === "string" && RANGE.test(v)) out[k] = v;
  }
  return out;
};

/** A run's timer values, from the address: numbers and "a-b" ranges, anything else dropped. */
const readRun = (search: RunSearch): Record<string, TimerValue> | undefined => {
  const run: Record<string, TimerValue> = {};
  for (const [k, v] of Object.entries(search)) {
    if (typeof v === "number") run[k] = v;
    else {
      const m = RANGE.exec(v);
      if (m) run[k] = [Number(m[1]), Number(m[2])];
    }
  }
  return Object.keys(run).length ? run : undefined;
};

export const Route = createFileRoute("/rules/$protocol")({
  validateSearch: validateRun,
  // The head stays light (no cards, no engine): it is part of the main bundle.
  head: ({ params }) => ({ meta: [{ title: `Rules card: ${params.protocol} · Election Lab` }] }),
  component: RulesPage,
});

function RulesPage() {
  const { protocol } = Route.useParams();
  const run = readRun(Route.useSearch());
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
