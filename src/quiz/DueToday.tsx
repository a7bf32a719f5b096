// The home page's "due today" line. It reads only the progress store and compares dates: no
// question bank and no ts-fsrs, so the home page's initial JavaScript stays small.
import { Link } from "@tanstack/react-router";
import { useProgress } from "../progress/react";
import { dueToday, scheduled } from "./due";

export function DueToday() {
  const quiz = useProgress((s) => s.data.quiz);
  const now = new Date();
  const due = dueToday(quiz, now).length;
  const total = scheduled(quiz).length;
  return (
    <section aria-labelledby="due-today-heading" className="due-today">
      <h2 id="due-today-heading">Due today</h2>
      {due > 0 ? (
        <p>
          <strong>
            {due} quiz question{due === 1 ? "" : "s"}
          </strong>{" "}
          {due === 1 ? "is" : "are"} due for review.{" "}
          <Link to="/quiz" search={{ start: "due" }}>
            Review now
          </Link>
        </p>
      ) : (
        <p>
          No quiz reviews are due today{total > 0 ? ` (${total} scheduled for later)` : ""}.{" "}
          <Link to="/quiz">Take a quiz</Link>
        </p>
      )}
    </section>
  );
}
