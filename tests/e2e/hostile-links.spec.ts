// Hostile share links (issue 17): a link too long, one whose scenario never ends, and one whose
// scenario nests 100 000 levels deep. Each opens the default scenario with a short notice that
// names the problem; none restarts the worker or embeds the bad value.
import { deflateRawSync } from "node:zlib";
import { test, expect } from "./fixtures";

/** The share-link format (src/sandbox/share-link.ts): "1." + base64url(deflate-raw(JSON)). */
const link = (json: string) => `/sandbox?run=1.${deflateRawSync(Buffer.from(json)).toString("base64url")}`;

test("a link over the length limit says so instead of silently opening the default", async ({ page }) => {
  // A preview server refuses a request line this long, so the link is followed inside the app,
  // as a click on it in another page of the app would be.
  await page.goto("/sandbox");
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox" })).toBeVisible();
  await page.evaluate((url) => {
    history.pushState(history.state, "", url);
    dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
  }, `/sandbox?run=1.${"A".repeat(80_000)}`);
  await expect(page.getByRole("alert")).toContainText("The link is 80002 characters long");
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox" })).toBeVisible();
});

test("a link whose run would never end is refused with the field and the limit", async ({ page }) => {
  await page.goto(link(JSON.stringify({ s: { protocol: "raft", until: 1e12 }, t: 0 })));
  await expect(page.getByRole("alert")).toContainText("until: 277777.78 h is too long: a run lasts at most 24 h");
});

test("a link with a 100 000-level value gives a short notice naming the field", async ({ page }) => {
  const deep = "[".repeat(100_000) + "1" + "]".repeat(100_000);
  await page.goto(link(`{"s":{"protocol":"raft","timing":{"heartbeat":${deep}}},"t":0}`));
  const notice = page.getByRole("alert");
  await expect(notice).toContainText("timing.heartbeat: is nested more than 32 levels deep");
  expect((await notice.textContent())!.length).toBeLessThan(400);
});
