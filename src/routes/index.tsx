import { Link, createFileRoute } from "@tanstack/react-router";
import { courseLessons, coreMinutes, fullMinutes } from "../catalog/manifest";
import { useProgress } from "../progress/react";
import { lessonStatus } from "../progress/store";
import { StudyPath } from "../course/StudyPath";
import { HomePicture } from "../course/home/HomePicture";
import { DueToday } from "../quiz/DueToday"; // quiz feature: "due today"

export const Route = createFileRoute("/")({
  head: () => ({ meta: [{ title: "Election Lab: the course" }] }),
  component: CourseMap,
});

function CourseMap() {
  const data = useProgress((s) => s.data);
  const done = courseLessons.filter((l) => lessonStatus(data, l.id) === "done").length;
  const nextLesson = courseLessons.find((l) => lessonStatus(data, l.id) !== "done") ?? courseLessons[0];
  return (
    <div className="page">
      <section className="hero hero-with-pic">
        <h1>Leader election, learned by breaking things</h1>
        <p className="lede">
          Read a short lesson, then pause a leader, cut the network or drift a clock in a live cluster and
          watch terms, leases and fencing tokens decide who may act.
        </p>
        {/* The cluster itself on the first screen, leading into "Watch it first". */}
        <HomePicture />
        <p className="hero-meta">
          {courseLessons.length} lessons · about {coreMinutes} minutes on the core path, {fullMinutes} minutes
          with every deep dive · {done} done
        </p>
        {/* The first call to action is the guided first ten minutes; the lessons come second. */}
        <div className="hero-actions">
          <Link className="button primary hero-start" to="/start">
            New here? Watch it first{" "}
            <span className="hero-start-sub">ten minutes, one picture at a time</span>
          </Link>
          {nextLesson && (
            <Link className="button" to="/learn/$lesson" params={{ lesson: nextLesson.id }}>
              {done === 0 ? "Start the course" : "Continue"}: {nextLesson.title}
            </Link>
          )}
        </div>
      </section>

      {/* quiz feature: reviews due today (reads the progress store only) */}
      <DueToday />

      <StudyPath />

      <section aria-labelledby="practice-heading">
        <h2 id="practice-heading">Other ways in</h2>
        <ul className="ways-in">
          <li>
            <Link to="/sandbox">Sandbox</Link>: break a live cluster and watch the election unfold.
          </li>
          <li>
            <Link to="/practice">Practice</Link>: challenges checked on your own run;{" "}
            <Link to="/experiments">Experiments</Link> behind the lessons&apos; claims;{" "}
            <Link to="/compare">Compare</Link> two configurations side by side.
          </li>
          <li>
            <Link to="/quiz">Quiz</Link>: check yourself with questions that explain every answer.
          </li>
          <li>
            <Link to="/interview">Interview practice</Link>: rehearse the system-design questions on leader
            election.
          </li>
          <li>
            <Link to="/progress">Progress</Link>: what you have finished and what is next.
          </li>
        </ul>
      </section>
    </div>
  );
}
