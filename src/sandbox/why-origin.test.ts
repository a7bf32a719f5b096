// A fault asked about with Why? whose chain holds only itself: who did it, in words.
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../engine/index.ts";
import { originWords } from "./why-origin.ts";

const heal = { t: 25_500, type: "fault", fault: "heal", detail: "", effect: "applied" } as TraceEvent;

describe("originWords", () => {
  it("says the learner did it when they acted at or before it, and names a heal", () => {
    expect(originWords(heal, 1, 20_000)).toBe(
      "You did this, at 25.5 s. Healing has no cause inside the run, so there is no chain of causes to follow back.",
    );
  });
  it("says the run's own setup did it before the learner acted", () => {
    expect(originWords(heal, 1, null)).toMatch(/^This run was set up to do this at 25\.5 s/);
    expect(originWords(heal, 1, 30_000)).toMatch(/^This run was set up/);
  });
  it("leaves a longer chain, or an event that is not a fault, to the chain itself", () => {
    expect(originWords(heal, 3, 20_000)).toBeNull();
    expect(originWords({ ...heal, type: "role" } as unknown as TraceEvent, 1, null)).toBeNull();
    expect(originWords(null, 0, null)).toBeNull();
  });
});
