import { Link, createFileRoute } from "@tanstack/react-router";
import { courseLessons } from "../course/manifest";
import { useProgress } from "../progress/react";
import { lessonStatus } from "../progress/store";
import { StatusBadge } from "../ui/StatusBadge";

export const Route = createFileRoute("/progress")({
  head: () => ({ meta: [{ title: "Your progress · Election Lab" }] }),
  component: ProgressPage,
});

function ProgressPage() {
  const data = useProgress((s) => s.data);
  const counts = { done: 0, "in-progress": 0, "not-started": 0 };
  for (const lesson of courseLessons) counts[lessonStatus(data, lesson.id)]++;
  const minutesLeft = courseLessons
    .filter((l) => lessonStatus(data, l.id) !== "done")
    .reduce((sum, l) => sum + l.minutes, 0);
  return (
    <div className="page narrow">
      <h1>Your progress</h1>
      <p>
        {counts.done} of {courseLessons.length} lessons done, {counts["in-progress"]} in progress; about {minutesLeft}{" "}
        minutes of reading left. Progress is kept in this browser only.
      </p>
      <progress max={courseLessons.length} value={counts.done} aria-label="Lessons done">
        {counts.done} of {courseLessons.length}
      </progress>
      <table className="progress-table">
        <caption className="visually-hidden">Status of every lesson</caption>
        <thead>
          <tr>
            <th scope="col">Lesson</th>
            <th scope="col">Status</th>
            <th scope="col">Minutes</th>
          </tr>
        </thead>
        <tbody>
          {courseLessons.map((lesson) => (
            <tr key={lesson.id}>
              <td>
                <Link to="/learn/$lesson" params={{ lesson: lesson.id }}>
                  {lesson.order}. {lesson.title}
                </Link>
              </td>
              <td>
                <StatusBadge status={lessonStatus(data, lesson.id)} />
              </td>
              <td>{lesson.minutes}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">Quiz reviews and interview history will appear here when those features arrive.</p>
    </div>
  );
}
