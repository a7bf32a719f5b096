import { useProgress } from "../progress/react";
import { lessonStatus } from "../progress/store";
import { StatusBadge } from "../ui/StatusBadge";

/** Progress moves only when the learner says so; opening a page changes nothing. */
export function LessonStatusControls({ lessonId }: { lessonId: string }) {
  const status = useProgress((s) => lessonStatus(s.data, lessonId));
  const setStatus = useProgress((s) => s.setLessonStatus);
  return (
    <section className="lesson-status" aria-labelledby="status-heading">
      <h2 id="status-heading" className="small-heading">
        Your progress
      </h2>
      <p aria-live="polite">
        This lesson: <StatusBadge status={status} />
      </p>
      <div className="button-row">
        {status !== "done" && (
          <button type="button" className="button primary" onClick={() => setStatus(lessonId, "done")}>
            Mark lesson as done
          </button>
        )}
        {status === "not-started" && (
          <button type="button" className="button" onClick={() => setStatus(lessonId, "in-progress")}>
            Mark as in progress
          </button>
        )}
        {status !== "not-started" && (
          <button type="button" className="button" onClick={() => setStatus(lessonId, "not-started")}>
            Reset to not started
          </button>
        )}
      </div>
    </section>
  );
}
