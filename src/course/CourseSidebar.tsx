import { Link } from "@tanstack/react-router";
import { courseLessons } from "../catalog/manifest";
import { useProgress } from "../progress/react";
import { lessonStatus } from "../progress/store";

const MARK = { "not-started": "○", "in-progress": "◐", done: "●" } as const;
const SR = { "not-started": "not started", "in-progress": "in progress", done: "done" } as const;

export function CourseSidebar({ currentId }: { currentId: string }) {
  const data = useProgress((s) => s.data);
  return (
    <details className="course-sidebar" open>
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
