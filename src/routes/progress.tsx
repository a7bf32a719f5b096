import { Link, createFileRoute } from "@tanstack/react-router";
import { courseLessons, minutesLeft } from "../catalog/manifest";
import { useProgress } from "../progress/react";
import { lessonStatus } from "../progress/store";
import { StatusBadge } from "../ui/StatusBadge";
import { dueToday, scheduled } from "../quiz/due";
import { readAttempts } from "../interview/records";
import { TransferPanel } from "../quiz/TransferPanel";
import { challenges } from "../practice/challenges";
import { StatusOf } from "../practice/ChallengeStatus";
import { readChallengeRecord } from "../progress/sections/practice";
import { electorState, readElectorRecord } from "../progress/sections/elector";

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
      <h2>Practice challenges</h2>
      <PracticeSummary />
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

/** The practice challenges, counted as the Practice page counts them, and each one the learner
 *  has tried with its standing: the export carries them, so this page shows them (review 4b #20). */
function PracticeSummary() {
  const section = useProgress((s) => s.data.practice);
  const elector = useProgress((s) => s.data.elector);
  const tried = challenges.flatMap((c) => {
    const rec = readChallengeRecord(section, c.id);
    return rec && (rec.attempts > 0 || rec.solvedAt) ? [{ c, rec }] : [];
  });
  const done = tried.filter((t) => t.rec.solvedAt).length;
  const electors = Object.keys(elector.challenges);
  const passed = electors.filter((id) => electorState(readElectorRecord(elector, id)) === "passed").length;
  return (
    <>
      <p>
        {challenges.length} challenges · {done} done
        {tried.length > done ? `, ${tried.length - done} tried and not solved yet` : ""}.{" "}
        {electors.length > 0 &&
          `Your own elector code for ${electors.length} challenge${electors.length === 1 ? "" : "s"}, ${passed} passed by the judge. `}
        <Link to="/practice">Open Practice</Link>.
      </p>
      {tried.length > 0 && (
        <ul className="progress-challenges" aria-label="Challenges you have tried">
          {tried.map(({ c, rec }) => (
            <li key={c.id}>
              <Link to="/practice" search={{ challenge: c.id }}>
                {c.title}
              </Link>
              : <StatusOf rec={rec} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
