import { Link, createFileRoute } from "@tanstack/react-router";
import { PATTERN_CARDS, RULES_PROTOCOLS, rulesCard } from "../course/rules/cards";
import "../course/rules/rules.css";

export const Route = createFileRoute("/rules/")({
  head: () => ({ meta: [{ title: "Rules cards · Election Lab" }] }),
  component: RulesIndex,
});

function RulesIndex() {
  return (
    <div className="page narrow">
      <h1>Rules cards</h1>
      <p className="lede">
        One printable page per protocol: the state, the messages, the rules, the timers with their defaults,
        and the token.
      </p>
      <ul className="rules-index">
        {RULES_PROTOCOLS.map((p) => (
          <li key={p}>
            <Link to="/rules/$protocol" params={{ protocol: p }}>
              {rulesCard(p).title}
            </Link>
          </li>
        ))}
      </ul>
      <h2>Beyond the simulator</h2>
      <p>
        Mechanisms the lessons teach that the sandbox does not run, each with the number a resource can check,
        if any.
      </p>
      <ul className="rules-index">
        {Object.values(PATTERN_CARDS).map((c) => (
          <li key={c.id}>
            <Link to="/rules/$protocol" params={{ protocol: c.id }}>
              {c.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
