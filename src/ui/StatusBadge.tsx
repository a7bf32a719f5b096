/** A lesson's status (the progress store keeps the same three values). */
export type LessonStatus = "not-started" | "in-progress" | "done";

const TEXT: Record<LessonStatus, string> = {
  "not-started": "Not started",
  "in-progress": "In progress",
  done: "Done",
};
const ICON: Record<LessonStatus, string> = { "not-started": "○", "in-progress": "◐", done: "●" };

/** Status as icon shape plus words, never colour alone. */
export function StatusBadge({ status }: { status: LessonStatus }) {
  return (
    <span className={`status status-${status}`}>
      <span aria-hidden="true">{ICON[status]}</span> {TEXT[status]}
    </span>
  );
}
