import { describe, expect, it } from "vitest";
import { COMPARISON_IDS, EXPERIMENT_IDS } from "./route-ids";
import { COMPARISONS } from "./comparisons";
import { EXPERIMENTS } from "./ExperimentsPage";

describe("route ids", () => {
  it("name exactly the comparisons and experiments that exist", () => {
    expect([...COMPARISON_IDS]).toEqual(COMPARISONS.map((c) => c.id));
    expect([...EXPERIMENT_IDS]).toEqual(EXPERIMENTS.map((e) => e.id));
  });
});
