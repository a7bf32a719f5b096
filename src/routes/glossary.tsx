import { createFileRoute, Link } from "@tanstack/react-router";
import { glossaryEntries, type GlossaryEntry } from "../course/glossary";
import { findLesson } from "../catalog/manifest";

export const Route = createFileRoute("/glossary")({
  head: () => ({ meta: [{ title: "Glossary · Election Lab" }] }),
  component: GlossaryPage,
});

/** A newcomer's first words, in the order the first lesson meets them: the page opened with
 *  "AppendEntries", a Raft message name, because A comes first (review 9b #19). */
export const START_HERE = [
  "leader",
  "heartbeat",
  "term",
  "majority",
  "lease",
  "fencing-token",
  "split-brain",
  "failover",
] as const;

function Entry({ e }: { e: GlossaryEntry }) {
  const lesson = e.taught && findLesson(e.taught.lesson);
  return (
    <div id={`term-${e.id}`} className="glossary-entry">
      <dt>{e.term}</dt>
      <dd>
        {e.api && (
          <span className="glossary-api">
            In the code: <code>{e.api}</code>
          </span>
        )}
        {e.definition}
        {e.aka && e.aka.length > 0 && <span className="muted"> Also called: {e.aka.join(", ")}.</span>}
        {e.taught && lesson && (
          <span className="muted">
            {" "}
            Taught in{" "}
            <Link to="/learn/$lesson" params={{ lesson: e.taught.lesson }} hash={e.taught.section}>
              {lesson.title}
            </Link>
            .
          </span>
        )}
      </dd>
    </div>
  );
}

function GlossaryPage() {
  const sorted = [...glossaryEntries].sort((a, b) =>
    a.term.localeCompare(b.term, "en", { sensitivity: "base" }),
  );
  const first = START_HERE.map((id) => glossaryEntries.find((e) => e.id === id)).filter(
    (e): e is GlossaryEntry => e !== undefined,
  );
  const isFirst = new Set<string>(START_HERE);
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
      <section aria-labelledby="start-here">
        <h2 id="start-here">Start here</h2>
        <p className="muted">The words the first lessons use most, in the order you meet them.</p>
        <dl className="glossary-list">
          {first.map((e) => (
            <Entry key={e.id} e={e} />
          ))}
        </dl>
      </section>
      {letters.map((letter) => (
        <section key={letter} aria-labelledby={`letter-${letter}`}>
          <h2 id={`letter-${letter}`}>{letter}</h2>
          <dl className="glossary-list">
            {sorted
              .filter((e) => e.term[0].toUpperCase() === letter)
              .map((e) =>
                isFirst.has(e.id) ? (
                  // Defined once, under Start here; its place in A to Z points there.
                  <div key={e.id} className="glossary-entry glossary-xref">
                    <dt>{e.term}</dt>
                    <dd>
                      <a href={`#term-${e.id}`}>See {e.term} under Start here</a>
                    </dd>
                  </div>
                ) : (
                  <Entry key={e.id} e={e} />
                ),
              )}
          </dl>
        </section>
      ))}
    </div>
  );
}
