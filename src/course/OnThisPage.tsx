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

export function OnThisPage({ headings }: { headings: readonly LessonHeading[] }) {
  const sections = contentsOf(headings);
  if (sections.length < CONTENTS_MIN_SECTIONS) return null;
  return (
    <nav className="on-this-page" aria-labelledby="on-this-page-title">
      <h2 id="on-this-page-title" className="on-this-page-title">
        On this page
      </h2>
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
    </nav>
  );
}
