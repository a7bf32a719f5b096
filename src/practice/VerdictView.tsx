// A checked run's verdict: solved or not, each goal check met or not yet (by a mark and words), a
// replay of the smallest schedule that broke a check, and what the run did over its length.
// Colour keeps the product's meaning (issue 33): green for a goal met, a neutral amber for "not
// yet", and red only for lost safety (a stale write the resource accepted), said in words too.
import type { RefObject } from "react";
import { fmtS, type Verdict } from "./goals.ts";
import type { RawScenario } from "./scenario-tools.ts";

export function VerdictView({
  verdict,
  headingRef,
  onReplay,
  backTo = null,
  onBack,
}: {
  verdict: Verdict;
  headingRef: RefObject<HTMLHeadingElement>;
  onReplay: (scenario: RawScenario, at: number) => void;
  /** where the learner had the run before the check moved the picture to its end */
  backTo?: number | null;
  onBack?: (t: number) => void;
}) {
  const s = verdict.summary;
  return (
    <div className={`pr-verdict ${verdict.passed ? "pass" : "fail"}`}>
      <h3 ref={headingRef} tabIndex={-1}>
        {verdict.passed ? "Solved: your run meets the goal" : "Not yet: your run misses the goal"}
      </h3>
      {s && lostWrites(s) > 0 && (
        <p className="pr-safety-lost">
          Safety lost: the resource applied {lostWrites(s)} older write
          {lostWrites(s) === 1 ? "" : "s"} after a newer one.
        </p>
      )}
      {verdict.problems.length > 0 && (
        <ul className="pr-problems">
          {verdict.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <ul className="pr-checks" aria-label="Goal checks">
        {verdict.checks.map((c) => (
          <li key={c.label} className={c.passed ? "ok" : "not-yet"}>
            <span className="pr-mark" aria-hidden="true">
              {c.passed ? "✓" : "○"}
            </span>
            <span>
              <strong>
                {c.passed ? <span className="visually-hidden">Met: </span> : "Not yet: "}
                {c.label}.
              </strong>{" "}
              {c.detail}
              {c.counterexample && (
                <>
                  {" "}
                  <button
                    type="button"
                    className="button"
                    onClick={() => onReplay(c.counterexample!.scenario, c.counterexample!.at)}
                  >
                    Replay the schedule that broke it
                  </button>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
      {s && (
        <p className="pr-hint">
          Your run, played to its end at {fmtS(verdict.end)} (the picture now shows that moment):{" "}
          {s.leaderChanges} change
          {s.leaderChanges === 1 ? "" : "s"} of leader, {fmtS(s.leaderless)} with no leader in total,{" "}
          {fmtS(s.overlap)} with two or more, {s.writes.accepted} writes accepted, {s.writes.rejected}{" "}
          refused, {s.writes.staleAccepted} stale.
        </p>
      )}
      {backTo !== null && onBack && (
        <p className="pr-hint">
          To act again, go back before the end:{" "}
          <button type="button" className="button" onClick={() => onBack(backTo)}>
            Back to {fmtS(backTo)}, where you left the run
          </button>
        </p>
      )}
    </div>
  );
}

/** Writes applied after a newer one (the monitors' fencing-monotonic violations): the only stale
 *  writes that lose safety; one that landed before the new leader wrote is a hazard. */
function lostWrites(s: { violations: ReadonlyArray<{ property: string }> }): number {
  return s.violations.filter((v) => v.property === "fencing-monotonic").length;
}
