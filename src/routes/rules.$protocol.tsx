import { Link, createFileRoute } from "@tanstack/react-router";
import { findLesson } from "../course/manifest";
import { RULES_CARDS } from "../course/rules/cards";
import { isProtocol } from "../course/rules/engine-defaults";
import { RulesCardView } from "../course/rules/RulesCardView";
import { NotFound } from "../ui/NotFound";

// /rules/raft, /rules/zab, ...: one protocol's rules card, linked from its lesson and the sandbox.
export const Route = createFileRoute("/rules/$protocol")({
  head: ({ params }) => ({
    meta: [{ title: `${isProtocol(params.protocol) ? RULES_CARDS[params.protocol].title : "Rules card"} · Election Lab` }],
  }),
  component: RulesPage,
});

function RulesPage() {
  const { protocol } = Route.useParams();
  if (!isProtocol(protocol)) return <NotFound />;
  const card = RULES_CARDS[protocol];
  const lesson = findLesson(card.lesson);
  return (
    <div className="page">
      <RulesCardView
        card={card}
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
