import { Link, createFileRoute } from "@tanstack/react-router";
import { RULES_CARDS } from "../course/rules/cards";
import { RULES_PROTOCOL_IDS } from "../course/rules/protocol-ids";
import "../course/rules/rules.css";

export const Route = createFileRoute("/rules/")({
  head: () => ({ meta: [{ title: "Rules cards · Election Lab" }] }),
  component: RulesIndex,
});

function RulesIndex() {
  return (
    <div className="page narrow">
      <h1>Rules cards</h1>
      <p className="lede">One printable page per protocol: the state, the messages, the rules, the timers with their defaults, and the token.</p>
      <ul className="rules-index">
        {RULES_PROTOCOL_IDS.map((p) => (
          <li key={p}>
            <Link to="/rules/$protocol" params={{ protocol: p }}>
              {RULES_CARDS[p].title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
