// A challenge's standing for the learner (done, tried, not tried: by a symbol and words, never
// by colour alone) and its difficulty's name.
import type { ChallengeRecord } from "../progress/sections/practice";

export const DIFFICULTY_TEXT = {
  starter: "Starter",
  intermediate: "Intermediate",
  advanced: "Advanced",
} as const;

export function StatusOf({ rec }: { rec: ChallengeRecord | null }) {
  if (rec?.solvedAt)
    return (
      <span className="status status-done pr-status">
        <span aria-hidden="true">●</span> Done{rec.usedSolution ? " (with the solution)" : ""}
      </span>
    );
  if (rec && rec.attempts > 0)
    return (
      <span className="status status-in-progress pr-status">
        <span aria-hidden="true">◐</span> Tried {rec.attempts} time{rec.attempts === 1 ? "" : "s"}
      </span>
    );
  return (
    <span className="status pr-status">
      <span aria-hidden="true">○</span> Not tried
    </span>
  );
}
