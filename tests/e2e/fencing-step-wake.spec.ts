// The fencing lesson's second run, stepped with Next event: it stops at n2's GC pause and at its
// wake, in a few presses (review 17a #4: 28 presses, 13 of them the leader's routine writes one
// second apart, and none at the pause the caption names).
import { test, expect } from "./fixtures";
import { embedOf } from "./sandbox-helpers";

test("Next event reaches n2's pause and its wake in the fencing lesson's run within 14 presses", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const embed = await embedOf(page, "fencing-tokens", "fencing-diagram");
  const next = embed.getByRole("button", { name: /^Next event/ });
  const clock = embed.locator("output.sb-time");
  // Two stops can share a clock reading (a leader elected at 0.406 s writes at 0.409 s): what the
  // page shows as a whole changes at every stop (the clock, the nodes, the resource's counts).
  const shown = () =>
    embed.evaluate(
      (e) =>
        `${e.querySelector("output.sb-time")?.textContent}|${[
          ...e.querySelectorAll(".sb-cluster [aria-label]"),
        ]
          .map((x) => x.getAttribute("aria-label"))
          .join("|")}`,
    );
  const seen: string[] = [];
  let paused = false;
  for (let press = 1; press <= 14; press++) {
    const was = await shown();
    await next.click();
    await expect.poll(shown, { timeout: 30_000 }).not.toBe(was);
    await expect(clock).not.toHaveText(/^0\.00 s/);
    const now = (await clock.textContent()) ?? "";
    seen.push(now);
    const name =
      (await embed.getByRole("button", { name: /^n2, / }).first().getAttribute("aria-label")) ?? "";
    if (/^10\.4\d s/.test(now)) {
      // stopped at the pause itself: n2 is drawn paused
      expect(name).toMatch(/paused/);
      paused = true;
    }
    if (/^25\.4\d s/.test(now)) {
      expect(paused, `stopped at the pause before the wake: ${seen.join(", ")}`).toBe(true);
      expect(name).not.toMatch(/paused/);
      return;
    }
  }
  throw new Error(`no stop at the wake within 14 presses: ${seen.join(", ")}`);
});
