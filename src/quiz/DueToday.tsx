// The home page's "due today" line. It reads only the progress store and compares dates: no
// question bank and no ts-fsrs, so the home page's initial JavaScript stays small.
import { Link } from "@tanstack/react-router";
import { useProgress } from "../progress/react";
import { dueToday } from "./due";

export function DueToday() {
  const quiz = useProgress((s) => s.data.quiz);
  const now = new Date();
  const due = dueToday(quiz, now).length;
  // Nothing due: no block at all. A newcomer has nothing scheduled, and a "Due today" heading
  // over "nothing is due" is one more thing to read before the course starts.
  if (due === 0) return null;
  return (
    <section aria-labelledby="due-today-heading" className="due-today">
      <h2 id="due-today-heading">Due today</h2>
      <p>
        <strong>
          {due} quiz question{due === 1 ? "" : "s"}
        </strong>{" "}
        {due === 1 ? "is" : "are"} due for review.{" "}
        <Link to="/quiz" search={{ start: "due" }}>
          Review now
        </Link>
      </p>
    </section>
  );
}
