// Rules cards: reached from a lesson and from the sandbox, one page per protocol, with the
// simulator's own timer defaults and no serious accessibility problems.
import { test, expect, expectNoSeriousAxeViolations } from "./fixtures";
import type { BrowserContext, Page } from "@playwright/test";

test("the Raft lesson links to its rules card, which shows the engine's defaults", async ({ page }) => {
  // The axe scan is slow on a busy two-core machine; every wait is still a condition.
  test.setTimeout(90_000);
  await page.goto("/learn/raft-election");
  await page.getByRole("link", { name: "Raft leader election" }).click();
  await expect(page).toHaveURL(/\/rules\/raft$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rules card: Raft leader election");
  for (const name of ["State", "Messages", "Rules", "Timers and their defaults", "The token"])
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(page.getByRole("row", { name: /^Election timeout/ })).toContainText("150–300 ms");
  await expect(page.getByRole("row", { name: /^Heartbeat interval/ })).toContainText("50 ms");
  await expect(page.getByRole("button", { name: "Print this card" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("link", { name: "Run it in the sandbox" }).click();
  await expect(page).toHaveURL(/\/sandbox\?preset=raft-basic/);
});

// The card opens in a new tab, so the run the learner built stays in this one (review 5b #1).
async function openCard(page: Page, context: BrowserContext): Promise<Page> {
  const link = page.getByRole("link", { name: "Rules card for this protocol (opens in a new tab)" });
  const [card] = await Promise.all([context.waitForEvent("page"), link.click()]);
  return card;
}

test("the sandbox links to the card of the protocol it runs", async ({ page: run, context }) => {
  await run.goto("/sandbox?preset=k8s-defaults");
  const page = await openCard(run, context);
  await expect(page).toHaveURL(/\/rules\/kubernetes\?/);
  await expect(page.getByRole("row", { name: /^Lease duration/ })).toContainText("15 s");
  await expect(page.getByRole("row", { name: /^Renew deadline/ })).toContainText("10 s");
  await expect(page.getByRole("row", { name: /^Retry period/ })).toContainText("2 s");
});

test("a card opened from a run shows that run's timers beside the defaults", async ({
  page: run,
  context,
}) => {
  // The billing job runs etcd with a 10 s TTL kept alive every 3.5 s (clientv3: due at TTL/3, sent
  // on its next 500 ms pass); the defaults are 60 s and 20.5 s.
  await run.goto("/sandbox?preset=billing-crash");
  const page = await openCard(run, context);
  await expect(page).toHaveURL(/\/rules\/etcd\?/);
  await expect(page.getByRole("columnheader", { name: "Your run" })).toBeVisible();
  await expect(page.getByRole("row", { name: /^Session TTL/ })).toContainText(/60 s\s*10 s/);
  await expect(page.getByRole("row", { name: /^Keepalive interval/ })).toContainText(
    /20\.5 s\s*about 3\.5 s/,
  );
  await expectNoSeriousAxeViolations(page);
});

test("an unknown protocol is a not-found page, and the index lists every card", async ({ page }) => {
  await page.goto("/rules/paxos");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page).toHaveTitle("Page not found · Election Lab");
  await page.goto("/rules");
  await expect(page.getByRole("main").getByRole("list").getByRole("link")).toHaveCount(13); // nine protocols and four patterns the lessons teach (Chubby, Consul, Curator, Redlock)
});
