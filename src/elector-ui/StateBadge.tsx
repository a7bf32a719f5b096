// A challenge's state as a shape and words, never colour alone (the lessons' badge, in the
// practice list's words).
import type { ElectorState } from "../progress/sections/elector";

const STATE_TEXT: Record<ElectorState, string> = {
  "not-started": "Not started",
  "in-progress": "In progress",
  passed: "Passed",
};
const ICON: Record<ElectorState, string> = { "not-started": "○", "in-progress": "◐", passed: "●" };
const CLASS: Record<ElectorState, string> = {
  "not-started": "",
  "in-progress": " status-in-progress",
  passed: " status-done",
};

export function StateBadge({ state }: { state: ElectorState }) {
  return (
    <span className={`status el-status-badge${CLASS[state]}`}>
      <span aria-hidden="true">{ICON[state]}</span> {STATE_TEXT[state]}
    </span>
  );
}
