import { createFileRoute, Link } from "@tanstack/react-router";
import { glossaryEntries } from "../course/glossary";
import { findLesson } from "../catalog/manifest";

export const Route = createFileRoute("/glossary")({
  head: () => ({ meta: [{ title: "Glossary · Election Lab" }] }),
  component: GlossaryPage,
});

function GlossaryPage() {
  const sorted = [...glossaryEntries].sort((a, b) =>
    a.term.localeCompare(b.term, "en", { sensitivity: "base" }),
  );
  const letters = [...new Set(sorted.map((e) => e.term[0].toUpperCase()))];
  return (
    <div className="page narrow">
      <h1>Glossary</h1>
      <p className="lede">
        Every term the course uses, in plain words. In lessons, a dotted underline shows the same definition
        on hover or focus.
      </p>
      <nav aria-label="Glossary letters" className="letter-nav">
        <ul>
          {letters.map((l) => (
            <li key={l}>
              <a href={`#letter-${l}`}>{l}</a>
            </li>
          ))}
        </ul>
      </nav>
      {letters.map((letter) => (
        <section key={letter} aria-labelledby={`letter-${letter}`}>
          <h2 id={`letter-${letter}`}>{letter}</h2>
          <dl className="glossary-list">
            {sorted
              .filter((e) => e.term[0].toUpperCase() === letter)
              .map((e) => (
                <div key={e.id} id={`term-${e.id}`} className="glossary-entry">
                  <dt>{e.term}</dt>
                  <dd>
                    {e.api && (
                      <span className="glossary-api">
                        In the API: <code>{e.api}</code>
                      </span>
                    )}
                    {e.definition}
                    {e.aka && e.aka.length > 0 && (
                      <span className="muted"> Also called: {e.aka.join(", ")}.</span>
                    )}
                    {e.taught && findLesson(e.taught.lesson) && (
                      <span className="muted">
                        {" "}
                        Taught in{" "}
                        <Link
                          to="/learn/$lesson"
                          params={{ lesson: e.taught.lesson }}
                          hash={e.taught.section}
                        >
                          {findLesson(e.taught.lesson)?.title}
                        </Link>
                        .
                      </span>
                    )}
                  </dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
