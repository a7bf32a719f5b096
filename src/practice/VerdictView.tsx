// A checked run's verdict: solved or not, each goal check met or missed (by a mark and words), a
// replay of the smallest schedule that broke a check, and what the run did over its length.
import type { RefObject } from "react";
import { fmtS, type Verdict } from "./goals.ts";
import type { RawScenario } from "./scenario-tools.ts";

export function VerdictView({
  verdict,
  headingRef,
  onReplay,
}: {
  verdict: Verdict;
  headingRef: RefObject<HTMLHeadingElement>;
  onReplay: (scenario: RawScenario, at: number) => void;
}) {
  const s = verdict.summary;
  return (
    <div className={`pr-verdict ${verdict.passed ? "pass" : "fail"}`}>
      <h3 ref={headingRef} tabIndex={-1}>
        {verdict.passed ? "Solved: your run meets the goal" : "Not yet: your run misses the goal"}
      </h3>
      {verdict.problems.length > 0 && (
        <ul className="pr-problems">
          {verdict.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <ul className="pr-checks" aria-label="Goal checks">
        {verdict.checks.map((c) => (
          <li key={c.label} className={c.passed ? "ok" : "bad"}>
            <span className="pr-mark" aria-hidden="true">
              {c.passed ? "✓" : "✗"}
            </span>
            <span>
              <strong>
                <span className="visually-hidden">{c.passed ? "Met: " : "Missed: "}</span>
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
          Your run, played to its end at {fmtS(verdict.end)}: {s.leaderChanges} change
          {s.leaderChanges === 1 ? "" : "s"} of leader, {fmtS(s.leaderless)} without a leader,{" "}
          {fmtS(s.overlap)} with two or more, {s.writes.accepted} writes accepted, {s.writes.rejected}{" "}
          refused, {s.writes.staleAccepted} stale.
        </p>
      )}
    </div>
  );
}
