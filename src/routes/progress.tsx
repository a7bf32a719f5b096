import { Link, createFileRoute } from "@tanstack/react-router";
import { courseLessons, minutesLeft } from "../catalog/manifest";
import { useProgress } from "../progress/react";
import { lessonStatus } from "../progress/store";
import { StatusBadge } from "../ui/StatusBadge";
import { dueToday, scheduled } from "../quiz/due";
import { readAttempts } from "../interview/records";
import { TransferPanel } from "../quiz/TransferPanel";

export const Route = createFileRoute("/progress")({
  head: () => ({ meta: [{ title: "Your progress · Election Lab" }] }),
  component: ProgressPage,
});

function ProgressPage() {
  const data = useProgress((s) => s.data);
  const counts = { done: 0, "in-progress": 0, "not-started": 0 };
  for (const lesson of courseLessons) counts[lessonStatus(data, lesson.id)]++;
  const left = minutesLeft((id) => lessonStatus(data, id) === "done");
  return (
    <div className="page narrow">
      <h1>Your progress</h1>
      <p>
        {counts.done} of {courseLessons.length} lessons done, {counts["in-progress"]} in progress; about{" "}
        {left.core} minutes left on the core path ({left.full} minutes with every deep dive).
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
              <td className="progress-status">
                <StatusBadge status={lessonStatus(data, lesson.id)} />
              </td>
              <td>{lesson.minutes}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Quiz reviews</h2>
      <QuizSummary />
      <h2>Interview practice</h2>
      <InterviewSummary />
      {/* The panel carries its own heading, "Move your progress". */}
      <TransferPanel />
    </div>
  );
}

function QuizSummary() {
  const quiz = useProgress((s) => s.data.quiz);
  const now = new Date();
  const due = dueToday(quiz, now).length;
  const cards = scheduled(quiz).length;
  return (
    <p>
      {cards === 0
        ? "You have not rated any quiz questions yet."
        : `${cards} questions are on your review schedule; ${due} are due today.`}{" "}
      <Link to="/quiz">Open the quiz</Link>.
    </p>
  );
}

function InterviewSummary() {
  const section = useProgress((s) => s.data.interview);
  const { attempts } = readAttempts(section);
  return (
    <p>
      {attempts.length === 0
        ? "No mock interviews yet."
        : `${attempts.length} mock interview${attempts.length === 1 ? "" : "s"} recorded.`}{" "}
      <Link to="/interview" search={{ view: "history" }}>
        See the interview history
      </Link>
      .
    </p>
  );
}
