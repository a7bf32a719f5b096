// Every end-to-end test fails on a console error or an uncaught page error: a learner would
// see a broken page even when the assertions pass.
import { test as base, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
      await use(errors);
      expect(errors, "console errors during the test").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Every WCAG 2.0, 2.1 and 2.2 A and AA rule, plus axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

/** An axe scan with every WCAG A/AA rule. label-content-name-mismatch (WCAG 2.5.3, a visible
 *  label must be part of the accessible name) is experimental in axe-core and off unless named;
 *  `options` must come before `withTags`, which only sets runOnly on the same options object. */
export function axeScan(page: Page) {
  return (
    new AxeBuilder({ page })
      // Only violations are read, so axe skips gathering the passing nodes (a quarter of its time).
      .options({ resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } })
      .withTags(AXE_TAGS)
  );
}

/** Fails with the list of serious or critical axe violations on the page as it is now. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await axeScan(page).analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );
  expect(bad, "serious or critical axe violations").toEqual([]);
}
