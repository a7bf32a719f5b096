import { Link } from "@tanstack/react-router";
import { courseLessons } from "../catalog/manifest";
import { useProgress } from "../progress/react";
import { lessonStatus } from "../progress/store";

const MARK = { "not-started": "○", "in-progress": "◐", done: "●" } as const;
const SR = { "not-started": "not started", "in-progress": "in progress", done: "done" } as const;

/** The course's lesson list. Beside the lesson on a wide screen it is open and scrolls on its own
 *  (it is taller than a laptop's screen); on a phone it is a closed menu under the lesson's title,
 *  so the lesson, not a 20-item list, is what opens. */
export function CourseSidebar({ currentId, compact = false }: { currentId: string; compact?: boolean }) {
  const data = useProgress((s) => s.data);
  return (
    <details className={`course-sidebar${compact ? " is-compact" : ""}`} open={!compact}>
      <summary>Course contents</summary>
      <nav aria-label="Lessons">
        <ol>
          {courseLessons.map((lesson) => {
            const status = lessonStatus(data, lesson.id);
            return (
              <li key={lesson.id}>
                <Link
                  to="/learn/$lesson"
                  params={{ lesson: lesson.id }}
                  aria-current={lesson.id === currentId ? "page" : undefined}
                >
                  <span className={`sidebar-mark status-${status}`} aria-hidden="true">
                    {MARK[status]}
                  </span>
                  <span>
                    {lesson.order}. {lesson.title}
                    <span className="visually-hidden"> ({SR[status]})</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>
    </details>
  );
}
