// axe scans every page of every route in axe-routes.spec.ts; here, each main route's title and heading.
import { test, expect } from "./fixtures";

const ROUTES: Array<[string, RegExp, string]> = [
  ["/", /Election Lab: the course/, "Leader election, learned by breaking things"],
  ["/learn/why-a-leader", /Why a leader.*· Election Lab/, "Why a leader"],
  ["/learn/role-state-machine", /role state machine.*· Election Lab/i, "role state machine"],
  ["/sandbox", /Sandbox · Election Lab/, "Sandbox"],
  ["/quiz", /Quiz · Election Lab/, "Quiz"],
  ["/interview", /Interview practice · Election Lab/, "Interview practice"],
  ["/progress", /Your progress · Election Lab/, "Your progress"],
  ["/glossary", /Glossary · Election Lab/, "Glossary"],
  ["/no/such/page", /Page not found · Election Lab/, "Page not found"],
];

for (const [path, title, heading] of ROUTES) {
  test(`${path} has its title and its heading`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(heading, "i") })).toBeVisible();
    await expect(page).toHaveTitle(title);
  });
}

test("the study path lists every lesson by part with its status and time, and the ways in", async ({
  page,
}) => {
  await page.goto("/");
  const path = page.getByRole("region", { name: "Study path" });
  await expect(path.getByRole("heading", { level: 3, name: /Part 1\. Foundations/ })).toBeVisible();
  const cards = path.getByRole("listitem");
  await expect(cards.first()).toContainText("Not started");
  await expect(cards.first()).toContainText(/\d+ min/);
  const lessonCount = Number(
    (await page.getByText(/\d+ lessons · about/).textContent())!.match(/(\d+) lessons/)![1],
  );
  expect(lessonCount).toBeGreaterThanOrEqual(9);
  await expect(cards).toHaveCount(lessonCount);
  for (const name of ["Sandbox", "Quiz", "Interview practice", "Progress"]) {
    await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toBeVisible();
  }
});

test("an unknown lesson shows the not-found page, not a blank screen", async ({ page }) => {
  await page.goto("/learn/no-such-lesson");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  // The not-found page names itself over the lesson route's title, and gives the title back.
  await expect(page).toHaveTitle("Page not found · Election Lab");
  await page.getByRole("link", { name: "Go to the course map" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle(/Election Lab: the course/);
});

test("the main navigation is reachable by keyboard", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Election Lab, home" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sandbox" }),
  ).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sandbox$/);
});

test("the glossary lists every term with a stable anchor", async ({ page }) => {
  await page.goto("/glossary#term-lease");
  const entry = page.locator("#term-lease");
  await expect(entry).toBeInViewport();
  await expect(entry.getByRole("term")).toHaveText("Lease");
  await expect(entry.getByRole("definition")).toContainText(/\w+/);
});
