// A rules card for a mechanism outside the simulator (Chubby, Consul, Curator, Redlock): the same
// printable layout as a protocol's card, with the fence in place of the engine's timers.
import type { ReactNode } from "react";
import type { PatternCard } from "./cards.ts";
import "./rules.css";

function List({
  id,
  title,
  items,
  ordered,
}: {
  id: string;
  title: string;
  items: string[];
  ordered?: boolean;
}) {
  const children = items.map((s) => <li key={s}>{s}</li>);
  return (
    <section aria-labelledby={id} className={ordered ? "rules-card-wide" : undefined}>
      <h2 id={id}>{title}</h2>
      {ordered ? <ol>{children}</ol> : <ul>{children}</ul>}
    </section>
  );
}

export function PatternCardView({ card, lessonLink }: { card: PatternCard; lessonLink: ReactNode }) {
  return (
    <article className="rules-card" aria-labelledby="rules-card-title">
      <header className="rules-card-head">
        <h1 id="rules-card-title">Rules card: {card.title}</h1>
        <p className="rules-card-links no-print">
          {lessonLink} ·{" "}
          <button type="button" className="button" onClick={() => window.print()}>
            Print this card
          </button>
        </p>
      </header>
      <div className="rules-card-grid">
        <List id="rc-state" title="State" items={card.state} />
        <List id="rc-messages" title="Messages" items={card.messages} />
        <List id="rc-rules" title="Rules" items={card.rules} ordered />
        <section aria-labelledby="rc-token">
          <h2 id="rc-token">The fence</h2>
          <p>{card.fence}</p>
        </section>
      </div>
      <footer className="rules-card-sources">
        <p>Sources: {card.sources.join("; ")}.</p>
      </footer>
    </article>
  );
}
