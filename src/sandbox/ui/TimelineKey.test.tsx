// @vitest-environment happy-dom
// Every mark the timeline draws has an entry in its key, with a swatch of its own and words: the
// embed's strip once explained only "stripes" while it drew crossed crashed lanes and grey
// no-leader bands too (review 15a #8).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { TimelineKey } from "./TimelineKey.tsx";

afterEach(cleanup);

const css = readFileSync(join(__dirname, "../sandbox.css"), "utf8");
/** The marks the timeline's styles draw: each lane role, each span kind, faults and the cursor. */
const roles = [...new Set([...css.matchAll(/\.sb-tl-seg\.role-([a-z]+)/g)].map((m) => m[1]))];
const drawn = [
  "tl-follower", // a lane's default segment
  ...roles.map((r) => `tl-${r}`),
  "tl-split", // .sb-tl-span.overlap, amber
  "tl-split-lost", // .sb-timeline.safety-lost stripes, red
  "tl-leaderless", // .sb-tl-span.leaderless
  "tl-fault", // .sb-tl-fault
  "tl-now", // .sb-tl-cursor-layer
];

describe("TimelineKey", () => {
  it("finds the lane roles the timeline styles", () => {
    expect(roles).toEqual(expect.arrayContaining(["candidate", "leader", "paused", "crashed", "stopped"]));
  });
  for (const compact of [false, true]) {
    it(`names every mark the timeline draws, each with its own swatch (${compact ? "embed" : "sandbox"})`, () => {
      render(<TimelineKey compact={compact} />);
      const key = screen.getByRole("list", { name: "Timeline key" });
      // Under the full timeline: the marks every run draws in one short line, the rest folded
      // behind "More about the timeline's marks" (review 17b #10), where each is named once.
      if (!compact) {
        const line = [...key.querySelectorAll(":scope > li[data-mark]")].map((li) =>
          li.getAttribute("data-mark"),
        );
        expect(line).toEqual(["tl-follower", "tl-leader", "tl-now"]);
        const more = key.querySelector(".sb-legend-more details") as HTMLDetailsElement;
        expect(more.querySelector("summary")?.textContent).toBe("More about the timeline's marks");
        expect(more.open).toBe(false);
      }
      const items = [...key.querySelectorAll(compact ? "li" : ".sb-legend-more li")];
      const marks = items.map((li) => li.getAttribute("data-mark"));
      expect(marks).toEqual(expect.arrayContaining(drawn));
      for (const li of items) {
        const mark = li.getAttribute("data-mark") as string;
        // a swatch styled as that mark, and words (never colour alone)
        expect(li.querySelector(`.sb-key.${mark}`)).not.toBeNull();
        expect(css).toContain(`.sb-key.${mark} {`);
        expect(li.textContent?.trim().length).toBeGreaterThan(8);
      }
      // no two entries share a swatch or words
      expect(new Set(marks).size).toBe(marks.length);
      const words = items.map((li) => li.textContent);
      expect(new Set(words).size).toBe(words.length);
      // the crossed crashed lane and the two-leaders stripes are told apart in words
      expect(key.textContent).toMatch(/crossed[^;]*crashed/);
      expect(key.textContent).toMatch(/stripes[^;]*two leaders/);
      expect(key.textContent).toContain("no leader");
    });
  }
});
