// Review 6b #2-#4: a challenge opens like /sandbox. While the simulator starts, the picture's box
// says it is loading and Play is greyed (never an empty box beside "Press Play"); at 1280x800 the checklist
// and the picture share the first screen and a clicked node's actions open beside the picture;
// on a phone the picture's top is on the first screen under a one-line title.
import { test, expect } from "./fixtures";
import { cluster, nodeButtons } from "./sandbox-helpers";

test.describe.configure({ timeout: 90_000 });

const URL = "/practice?challenge=bully-two-coordinators";

test("a challenge says it is loading until its picture has nodes, and only then offers Play", async ({
  page,
}) => {
  // Hold the simulator's worker back, so the first moment is what the learner sees.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/sim\.worker-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(URL);
  await expect(page.getByRole("heading", { level: 1, name: "Two leaders at once" })).toBeVisible();
  await expect(page.getByText("Loading the live example…")).toBeVisible();
  // Play reads "Play" from the start (review 15a #15: "Loading…" then "Play" jumped), greyed
  // until the run is live; the box above says it is loading.
  await expect(page.getByRole("button", { name: /^Play/ })).toBeDisabled();
  await expect(page.getByText("Press Play")).toHaveCount(0);
  release();
  await expect(page.getByRole("button", { name: /^Play/ })).toBeEnabled({ timeout: 30_000 });
  expect(await nodeButtons(page).count(), "the nodes are drawn when Play is offered").toBe(5);
  await expect(page.getByText("Loading the live example…")).toHaveCount(0);
});

test("at 1280x800 the checklist and the picture share the first screen; a node's actions open beside it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(URL);
  await expect(nodeButtons(page)).toHaveCount(5, { timeout: 30_000 });
  const pic = (await cluster(page).boundingBox())!;
  const goal = (await page.getByRole("heading", { name: "Checklist" }).boundingBox())!;
  expect(pic.y + pic.height, "the picture is whole on the first screen").toBeLessThanOrEqual(800);
  expect(goal.y + goal.height, "the checklist's heading is on the first screen").toBeLessThanOrEqual(800);
  await expect(page.getByRole("button", { name: "Check my run" })).toBeInViewport();

  await nodeButtons(page).filter({ hasText: "n2" }).first().click();
  const actions = page.getByRole("region", { name: /Actions for n2/ });
  await expect(actions).toBeVisible();
  const box = (await actions.boundingBox())!;
  expect(box.x + box.width, "the actions sit in the column left of the picture").toBeLessThanOrEqual(pic.x);
  expect(box.y, "they start level with the picture").toBeLessThan(pic.y + pic.height);
  await expect(actions.getByRole("button", { name: /^Crash/ })).toBeInViewport();
});

test("on a phone the title takes one line and the picture's top is on the first screen @phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(URL);
  await expect(nodeButtons(page)).toHaveCount(5, { timeout: 30_000 });
  const h1 = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  expect(h1.height, "the title in one line").toBeLessThan(40);
  const pic = (await cluster(page).boundingBox())!;
  expect(pic.y, "the picture's top").toBeLessThanOrEqual(350);
});
