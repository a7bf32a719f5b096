// /start's colours mean one thing each, with words (learner-experience.md, principle 5): the
// late write's screen and the learner's own turn show the same outcome the same way. While two
// nodes believe they lead, the resource is amber and says "two leaders · fencing on"; once the
// old leader's write is turned down, its border, its flash and its words are all the refused
// colour with "refused" in words (never "fencing held": review 17a #10, "held" read as a lock); red never shows, as no stale write is accepted. Also when the
// sandbox's styles loaded first (an amber flash of /start's own once won there by load order).
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

const paint = (page: Page) =>
  page.evaluate(() => {
    const style = (sel: string) => {
      const el = document.querySelector(`.gr ${sel}`);
      return el ? getComputedStyle(el) : null;
    };
    return {
      text: document.querySelector(".gr g.sb-resource")?.textContent ?? "",
      body: style(".sb-resource-body")?.stroke,
      title: style(".sb-resource-title")?.fill,
      flash: style(".sb-resource-flash")?.fill,
      last: style(".sb-resource-last")?.fill,
      bad: getComputedStyle(document.querySelector(".gr")!).getPropertyValue("--sb-bad").trim(),
    };
  });

for (const screen of [7, 9])
  for (const via of ["", "/sandbox"])
    test(`/start screen ${screen}${via ? ", after the sandbox" : ""}: amber with "two leaders" during the overlap, the refused colour with "refused" once the late write is refused`, async ({
      page,
    }) => {
      test.setTimeout(150_000);
      if (via) {
        await page.goto(via);
        await expect(page.locator("svg.sb-cluster").first()).toBeVisible({ timeout: 60_000 });
        // Into /start inside the app, so the sandbox's stylesheets are already on the page.
        await page.evaluate((s) => {
          history.pushState({}, "", `/start?screen=${s}`);
          dispatchEvent(new PopStateEvent("popstate"));
        }, screen);
      } else await page.goto(`/start?screen=${screen}`);
      await expect(page.locator(".gr svg.sb-cluster .sb-node-id").first()).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole("button", { name: /^(Play again|Start again)$/ })).toHaveCount(0);
      const play = page.locator(".gr-play");
      await expect(page.locator(".gr-picture-waiting")).toHaveCount(0, { timeout: 60_000 });
      await play.click();
      if (screen === 9) {
        const pause = page.getByRole("button", { name: /^GC pause the leader/ });
        await expect(pause).toHaveAttribute("aria-disabled", "false", { timeout: 60_000 });
        await pause.click();
      }
      await page.waitForFunction(() => document.querySelector(".gr .sb-resource-title.hazard"), null, {
        timeout: 60_000,
        polling: "raf",
      });
      const overlap = await paint(page);
      expect(overlap.text).toContain("two leaders");
      expect(overlap.body, "the overlap's border is the title's amber").toBe(overlap.title);
      await page.waitForFunction(() => document.querySelector(".gr .sb-resource-last.refused"), null, {
        timeout: 60_000,
        polling: "raf",
      });
      const held = await paint(page);
      expect(held.text).toContain("fencing on");
      expect(held.text).toContain("refused");
      expect(held.text).not.toContain("held");
      expect(held.body, "the held border is not the overlap's amber").not.toBe(overlap.body);
      expect({ flash: held.flash, words: held.last }).toEqual({ flash: held.body, words: held.body });
      await expect(page.locator(".gr .sb-resource-title.violation, .gr .sb-resource-last.bad")).toHaveCount(
        0,
      );
    });
