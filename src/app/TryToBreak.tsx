// A lesson's claim that a configuration is safe or unsafe, with a link that opens the sandbox on
// that configuration with "Try to break it" set up for the property: the learner can test the
// claim with 2,000 schedules of faults instead of taking it on trust. `npm run content` checks
// the preset, the property and the fault list, and that the search agrees with `expect`.
import { Link } from "@tanstack/react-router";
import { propertyWords } from "../sandbox/ui/break-it-words.ts";

export interface TryToBreakProps {
  preset: string;
  /** a monitor's name or leaderless:SECONDS */
  property: string;
  /** the allowed faults, as the CLI writes them ("partition", "pause:15s"); default: every kind */
  faults?: string;
  /** what the lesson claims: the search breaks it, or it holds */
  expect: "breaks" | "holds";
  /** the claim in the lesson's words */
  claim: string;
}

export function TryToBreak({ preset, property, faults, expect, claim }: TryToBreakProps) {
  const words = propertyWords(property).toLowerCase();
  return (
    <aside className="try-break" aria-label={`Try to break it: ${words}`}>
      <p className="try-break-title">
        <span aria-hidden="true">⚡</span> Try to break it
      </p>
      <p>{claim}</p>
      <p>
        <Link to="/sandbox" search={{ preset, at: 0, break: property, ...(faults ? { faults } : {}) }}>
          {expect === "holds"
            ? "Search for a schedule of faults that breaks it"
            : "Search for the smallest schedule of faults that breaks it"}
        </Link>{" "}
        (the sandbox tries 2,000 schedules, looking for: {words}).
      </p>
    </aside>
  );
}
