// @vitest-environment happy-dom
// A lesson embed says each thing once (review 18a #7, #8): a caption that already says when to
// press Play hides the automatic plan line; what "waiting behind n3" means is asked for, not shown.
import { expect, it } from "vitest";
import { captionSaysPlan } from "../CompactLayout.tsx";

it("a caption that opens with 'Press Play' is the run's one plan line", () => {
  expect(captionSaysPlan("Press Play: at about 10 s the leader pauses for 15 s.")).toBe(true);
  expect(captionSaysPlan("n2 freezes for 15 s in the middle of a write.")).toBe(false);
  expect(captionSaysPlan(undefined)).toBe(false);
});
