// The on-page contents of a long lesson: its sections as the lesson titles them, linking to the
// heading anchors. Short lessons need none; the headings come from the build's lesson index.
import type { LessonHeading } from "../catalog/schema/lesson-meta";

/** A lesson with at least this many sections gets the contents list. */
export const CONTENTS_MIN_SECTIONS = 4;

export function OnThisPage({ headings }: { headings: readonly LessonHeading[] }) {
  const sections = headings.filter((h) => h.level === 2);
  if (sections.length < CONTENTS_MIN_SECTIONS) return null;
  return (
    <nav className="on-this-page" aria-labelledby="on-this-page-title">
      <h2 id="on-this-page-title" className="on-this-page-title">
        On this page
      </h2>
      <ol>
        {sections.map((h) => (
          <li key={h.id}>
            <a href={`#${h.id}`}>{h.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
