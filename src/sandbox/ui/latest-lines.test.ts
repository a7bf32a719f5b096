import { describe, expect, it } from "vitest";
import { latestLines } from "./LatestPanel.tsx";

const refused = "The resource refused n2's write: token 2 is older than 3";

describe("latestLines", () => {
  it("never repeats the marked headline word for word, even for a second refusal a millisecond later", () => {
    // issue 33 review: "Write refused at 16.4 s …" was shown again as the next list item.
    const narration = [
      { t: 15_000, text: "n3 started leading with token 3" },
      { t: 16_401, text: refused },
      { t: 16_402, text: refused },
    ];
    const shown = latestLines(narration, { t: 16_401, text: refused }, 3);
    expect(shown.map((l) => l.text)).toEqual(["n3 started leading with token 3"]);
  });
  it("keeps the same words at another shown time, newest first", () => {
    const narration = [
      { t: 1_000, text: "n1 wrote" },
      { t: 2_000, text: "n1 wrote" },
      { t: 3_000, text: "n1 wrote" },
    ];
    expect(latestLines(narration, null, 2).map((l) => l.t)).toEqual([3_000, 2_000]);
  });
});
