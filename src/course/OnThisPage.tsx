// The on-page contents of a long lesson: its sections as the lesson titles them, linking to the
// heading anchors. Short lessons need none; the headings come from the build's lesson index.
// A subsection (###) is listed under its section: a list of sections only left lesson 1's
// "Write the invariant first" out although it has its own anchor (review 8a #9).
import type { LessonHeading } from "../catalog/schema/lesson-meta";

/** A lesson with at least this many sections gets the contents list. */
export const CONTENTS_MIN_SECTIONS = 4;

interface Entry {
  heading: LessonHeading;
  subs: LessonHeading[];
}

/** The sections in order, each with the subsections that follow it before the next section. */
function contentsOf(headings: readonly LessonHeading[]): Entry[] {
  const out: Entry[] = [];
  for (const h of headings) {
    if (h.level === 2) out.push({ heading: h, subs: [] });
    else if (h.level === 3 && out.length > 0) out[out.length - 1].subs.push(h);
  }
  return out;
}

/** Narrower than this, the list starts closed (review 14a #6: on a phone the title, the summary,
 *  the course's contents and a 7 to 9 item list filled the first 812 px; no lesson text showed). */
export const CONTENTS_FOLDED = "(max-width: 700px)";

/** `folded`: a closed disclosure ("On this page", one line) the learner opens, as "Course
 *  contents" is on a phone. */
export function OnThisPage({
  headings,
  folded = false,
}: {
  headings: readonly LessonHeading[];
  folded?: boolean;
}) {
  const sections = contentsOf(headings);
  if (sections.length < CONTENTS_MIN_SECTIONS) return null;
  const list = <ContentsList sections={sections} />;
  if (folded)
    return (
      <details className="on-this-page is-folded">
        <summary>On this page</summary>
        <nav aria-label="On this page">{list}</nav>
      </details>
    );
  return (
    <nav className="on-this-page" aria-labelledby="on-this-page-title">
      <h2 id="on-this-page-title" className="on-this-page-title">
        On this page
      </h2>
      {list}
    </nav>
  );
}

function ContentsList({ sections }: { sections: Entry[] }) {
  return (
    <ol>
      {sections.map(({ heading: h, subs }) => (
        <li key={h.id}>
          <a href={`#${h.id}`}>{h.text}</a>
          {/* Unnumbered under their numbered section: a nested list restarting at "1." read as
                a numbering error (review 12a #12). */}
          {subs.length > 0 && (
            <ul>
              {subs.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.text}</a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
