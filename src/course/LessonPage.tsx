// The fixed lesson template: sidebar from the manifest, the header with objectives, the body,
// the learner's explicit status controls, sources, and prev/next.
import { MDXProvider } from "@mdx-js/react";
import type { ComponentType } from "react";
import type { MDXComponents } from "mdx/types";
import type { LessonMeta } from "../catalog/manifest";
import { CourseSidebar } from "./CourseSidebar";
import { LessonStatusControls } from "./LessonStatusControls";
import { PrevNext } from "./PrevNext";
import { CONTENTS_FOLDED, OnThisPage } from "./OnThisPage";
import { useMediaQuery } from "../ui/use-media-query";

/** `components` is the lesson tag set (app/lesson-components.tsx): the lesson template draws
 *  quizzes and sandboxes it does not import, so the features meet only in app/. */
type Props = {
  meta: LessonMeta;
  Body: ComponentType<{ components?: MDXComponents }>;
  components: MDXComponents;
};

/** Matches the stylesheet's one-column breakpoint (theme.css). */
export const NARROW_LAYOUT = "(max-width: 860px)";

export function LessonPage({ meta, Body, components }: Props) {
  const narrow = useMediaQuery(NARROW_LAYOUT);
  const folded = useMediaQuery(CONTENTS_FOLDED);
  return (
    <div className="lesson-layout">
      {!narrow && <CourseSidebar key="wide" currentId={meta.id} />}
      <article className="lesson" aria-labelledby="lesson-title">
        <header className="lesson-header">
          <p className="lesson-kicker">
            Lesson {meta.order} · {meta.minutes} min
          </p>
          <h1 id="lesson-title">{meta.title}</h1>
          <p className="lede">{meta.summary}</p>
        </header>
        {narrow && <CourseSidebar key="narrow" currentId={meta.id} compact />}
        <OnThisPage key={folded ? "folded" : "open"} headings={meta.headings ?? []} folded={folded} />
        <div className="prose">
          <MDXProvider components={components}>
            <Body components={components} />
          </MDXProvider>
        </div>
        <LessonStatusControls lessonId={meta.id} />
        <section className="lesson-sources" aria-labelledby="sources-heading">
          <h2 id="sources-heading">Sources</h2>
          <ul>
            {meta.sources.map((s) => (
              <li key={s.title}>
                {s.url ? (
                  <a href={s.url} rel="noreferrer" target="_blank">
                    {s.title}
                  </a>
                ) : (
                  s.title
                )}
                {s.note && <span className="source-note"> · {s.note}</span>}
              </li>
            ))}
          </ul>
        </section>
        <PrevNext lessonId={meta.id} />
      </article>
    </div>
  );
}
