import { describe, expect, it } from "vitest";
import { tourPlanWords } from "./tour-plan-words.ts";
import type { TourStep } from "./tour-rules.ts";

const step = (s: Partial<TourStep>): TourStep => ({ title: "t", narration: "n", ...s });
const crash = { fault: { do: "crash", node: "leader" }, by: "learner" as const, label: "Crash the leader" };
const heal = { fault: { do: "heal" }, by: "auto" as const, label: "Heal every link" };

describe("tourPlanWords", () => {
  it("names the learner's coming action, not 'no faults planned'", () => {
    expect(tourPlanWords({ steps: [step({}), step({ action: crash })] }, 0)).toBe(
      "you will crash the leader",
    );
  });
  it("stops at the next step that loads another run, and counts only steps still to come", () => {
    const steps = [
      step({ action: crash }),
      step({ load: { preset: "raft-basic" } as TourStep["load"], action: heal }),
    ];
    expect(tourPlanWords({ steps }, 0)).toBe("you will crash the leader");
    expect(tourPlanWords({ steps }, 1)).toBe("the tour will heal every link");
  });
  it("says 'just watch' when nothing is left to do", () => {
    expect(tourPlanWords({ steps: [step({ action: crash }), step({})] }, 1)).toBe("just watch");
  });
});
