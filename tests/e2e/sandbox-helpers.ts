// Helpers for the sandbox's end-to-end tests: the picture, the panels and the time controls
// found by role and label, as a learner finds them.
import { expect } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

export const cluster = (page: Page) => page.getByRole("group", { name: /^Cluster view/ });
export const nodeButtons = (page: Page) => cluster(page).getByRole("button", { name: /^n\d+, / });
// Each node is named by id, role and its number in the protocol's own word (term, rev, seq...).
export const leaders = (page: Page) =>
  cluster(page).getByRole("button", { name: /^n\d+, leader, [a-z]+ \d+/ });
export const writeLog = (page: Page) => page.getByRole("region", { name: "Resource write log" });
export const events = (page: Page) => page.getByRole("region", { name: "What happened" });
export const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });
// Under the picture, one tab at a time; the rarer time controls and the actions' settings wait
// behind their own buttons.
export const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true }).click();
export async function moreTime(page: Page) {
  const toggle = page.getByRole("button", { name: /^(More|Fewer) time controls$/ });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
}
export async function actionSettings(page: Page) {
  if (!(await page.getByLabel("Pause length (s)").isVisible()))
    await page.locator("summary", { hasText: "How long, how much" }).click();
}

export async function goTo(page: Page, seconds: number) {
  await moreTime(page);
  await page.getByLabel("Go to (s)").fill(String(seconds));
  await page.getByRole("button", { name: "Go", exact: true }).click();
  await expect(simTime(page)).toHaveText(new RegExp(`^${seconds.toFixed(2).replace(".", "\\.")} s`));
}

export async function nodeNames(page: Page): Promise<string[]> {
  return nodeButtons(page).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
}

export async function fingerprint(page: Page): Promise<string> {
  if (!(await page.getByRole("button", { name: "Show the run's check code" }).isVisible()))
    await tab(page, "Share");
  await page.getByRole("button", { name: "Show the run's check code" }).click();
  const fp = page.getByTestId("fingerprint");
  await expect(fp).toBeVisible();
  return (await fp.textContent()) ?? "";
}

export async function selectNode(page: Page, id: string) {
  await cluster(page)
    .getByRole("button", { name: new RegExp(`^${id}, `) })
    .click();
  await expect(page.getByRole("heading", { name: `Actions for ${id}` })).toBeVisible();
}

/** Walk a guided tour to its end as a learner would: "Do it for me" when asked, Next when done. */
export async function walkTour(scope: ReturnType<Page["locator"]>, steps: number) {
  const panel = scope.locator("section.sb-tour");
  for (let i = 1; i <= steps; i++) {
    await expect(panel).toContainText(`step ${i} of ${steps}`);
    const doIt = panel.getByRole("button", { name: "Do it for me" });
    const status = panel.getByRole("status");
    await expect(doIt.or(status.filter({ hasText: /Running|Done|complete/ }))).toBeVisible({
      timeout: 10_000,
    });
    if (await doIt.isVisible()) await doIt.click();
    await expect(status).toContainText(i === steps ? "Tour complete." : "Done.", { timeout: 30_000 });
    await expect(status).not.toContainText("The run ended");
    if (i < steps) await panel.getByRole("button", { name: "Next" }).click();
  }
}

/** A lesson's embedded run by its preset, scrolled into view until its Play is ready (the run
 *  loads when it comes into view). */
export async function embedOf(page: Page, lesson: string, preset: string): Promise<Locator> {
  await page.goto(`/learn/${lesson}`);
  const embed = page.locator(`section.sandbox-embed[data-preset="${preset}"]`).first();
  // The lesson's text renders after navigation: the run is looked for once it is in the page.
  await embed.waitFor({ state: "attached", timeout: 30_000 });
  // A run inside a deep dive waits for the reader to open it, as a reader would.
  const dive = page.locator("details", { has: embed }).first();
  if ((await dive.count()) > 0 && !(await dive.evaluate((d) => (d as HTMLDetailsElement).open)))
    await dive.locator("> summary").click();
  await expect(embed).toBeVisible();
  await expect(async () => {
    await embed.scrollIntoViewIfNeeded();
    await expect(embed.getByRole("button", { name: "Play" })).toBeEnabled({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  return embed;
}
