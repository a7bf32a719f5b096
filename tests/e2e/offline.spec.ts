import { test, expect } from "./fixtures";

test.use({ serviceWorkers: "allow" });

test("after the first visit, the course, sandbox and quiz work with the network off", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Wait until the service worker has installed every asset and controls the page.
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }),
      );
    }
    return reg.active?.state;
  });
  await context.setOffline(true);

  await page.goto("/learn/fencing-tokens");
  await expect(page.getByRole("heading", { level: 1, name: /Fencing tokens/ })).toBeVisible();
  await expect(page.locator("figure.diagram svg").first()).toBeVisible();

  await page.goto("/sandbox?preset=billing-crash&at=16000");
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^n1, / })).toBeVisible();

  await page.goto("/quiz");
  await expect(page.getByRole("heading", { level: 1, name: "Quiz" })).toBeVisible();
  await context.setOffline(false);
});
