// Review 6a #18: on a phone the site's eight links wrapped to two rows (about 125 px of every
// screen). Now one row: the brand, two links and a Menu whose list holds every link; Escape
// closes it and gives the focus back to Menu.
import { test, expect } from "./fixtures";

const LINKS = ["Course", "Sandbox", "Practice", "Compare", "Quiz", "Interview", "Glossary", "Progress"];

test("the phone's header is one row; Menu lists every link, Escape closes it, the focus returns @phone", async ({
  page,
}) => {
  await page.goto("/glossary");
  await expect(page.getByRole("heading", { level: 1, name: "Glossary" })).toBeVisible();
  const header = (await page.getByRole("banner").boundingBox())!;
  expect(header.height, "the header's height").toBeLessThanOrEqual(64);

  const nav = page.getByRole("navigation", { name: "Main" });
  const menu = nav.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  const size = (await menu.boundingBox())!;
  expect(size.height).toBeGreaterThanOrEqual(44);
  // Review 14a #13: "Menu▾" with no space. The name is the word alone; the arrow is a drawn icon
  // standing clear of it.
  await expect(menu).toHaveAccessibleName("Menu");
  const gap = await menu.evaluate((b) => {
    const range = document.createRange();
    range.selectNodeContents(b.firstChild!.nodeType === 3 ? b.firstChild! : b);
    const word = range.getBoundingClientRect();
    return b.querySelector("svg")!.getBoundingClientRect().left - word.right;
  });
  expect(gap, "space between the word and its arrow (px)").toBeGreaterThanOrEqual(3);
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const list = page.locator(`[id="${await menu.getAttribute("aria-controls")}"]`);
  for (const name of LINKS) await expect(list.getByRole("link", { name, exact: true })).toBeVisible();
  const heights = await list
    .getByRole("link")
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  expect(Math.min(...heights), "every link in the list is a 44 px target").toBeGreaterThanOrEqual(44);

  // The keyboard: Tab goes into the list, Escape closes it and the focus is back on Menu.
  await menu.focus();
  await page.keyboard.press("Tab");
  await expect(list.getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  // A link in the list goes there and closes the list.
  await menu.click();
  await list.getByRole("link", { name: "Progress", exact: true }).click();
  await expect(page).toHaveURL(/\/progress$/);
  await expect(list).toBeHidden();
});

test("on a wide screen every link is in the row and there is no Menu", async ({ page }) => {
  await page.goto("/glossary");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of LINKS) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Menu" })).toBeHidden();
  const header = (await page.getByRole("banner").boundingBox())!;
  expect(header.height).toBeLessThanOrEqual(72);
});

test("the glossary's letters are 44 px squares on a phone, and A has its section @phone", async ({
  page,
}) => {
  await page.goto("/glossary");
  const letters = page.getByRole("navigation", { name: "Glossary letters" }).getByRole("link");
  await expect(letters.first()).toHaveText("A");
  const boxes = await letters.evaluateAll((els) =>
    els.map((e) => ({ w: e.getBoundingClientRect().width, h: e.getBoundingClientRect().height })),
  );
  expect(Math.min(...boxes.map((b) => b.w))).toBeGreaterThanOrEqual(44);
  expect(Math.min(...boxes.map((b) => b.h))).toBeGreaterThanOrEqual(44);
  // Every letter offered leads to its section.
  for (const l of await letters.allTextContents())
    await expect(page.getByRole("heading", { level: 2, name: l, exact: true })).toHaveCount(1);
  await letters.first().click();
  await expect(page.getByRole("heading", { level: 2, name: "A", exact: true })).toBeInViewport();
});
