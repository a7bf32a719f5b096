// The home page's study path: the course in parts, each lesson with its status and time.
import { Link } from "@tanstack/react-router";
import { courseParts } from "../catalog/manifest";
import { useProgress } from "../progress/react";
import { lessonStatus } from "../progress/store";
import { StatusBadge } from "../ui/StatusBadge";

export function StudyPath() {
  const data = useProgress((s) => s.data);
  return (
    <section aria-labelledby="map-heading">
      <h2 id="map-heading">Study path</h2>
      {courseParts.map((part, index) => (
        <section key={part.id} className="study-part" aria-labelledby={`part-${part.id}`}>
          <h3 id={`part-${part.id}`} className="study-part-title">
            <span className="muted">Part {index + 1}.</span> {part.title}
          </h3>
          <p className="muted study-part-summary">{part.summary}</p>
          <ol className="course-map">
            {part.items.map((lesson) => (
              <li key={lesson.id} className="course-card">
                <div className="course-card-head">
                  <span className="course-order" aria-hidden="true">
                    {lesson.order}
                  </span>
                  <h4>
                    <Link to="/learn/$lesson" params={{ lesson: lesson.id }}>
                      {lesson.title}
                    </Link>
                  </h4>
                </div>
                <p>{lesson.summary}</p>
                <p className="course-card-meta">
                  <StatusBadge status={lessonStatus(data, lesson.id)} /> · {lesson.minutes} min
                </p>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}
