// A run's title and description are learner text in the sandbox: one word for the shared target
// ("the resource", as the picture says, never "storage") and one for the pause fault ("pause",
// never "freezes" or "stops for"): review 5b #8 found four words for two things.
import { describe, expect, it } from "vitest";
import { presets } from "../engine/index.ts";
import { describeFault } from "../engine/search/describe.ts";
import { faultWords } from "./caption.ts";

const BANNED = /\b(storage|freez\w*|frozen|stops for)\b/i;

describe("preset words", () => {
  for (const [name, p] of Object.entries(presets)) {
    it(`${name}: title and description`, () => {
      expect(`${p.title} ${p.description}`).not.toMatch(BANNED);
    });
  }
  it("a pause fault is told as a pause", () => {
    const f = { at: 1000, do: "pause", node: "leader", for: 2500 } as const;
    expect(describeFault(f as never)).toMatch(/pauses for 2.5 s/);
    expect(faultWords(f as never, "etcd")).toMatch(/pauses/);
    expect(faultWords(f as never, "etcd")).not.toMatch(BANNED);
  });
});
