// Every link on every /start screen stays inside the picture (review 18a #1: on screen 8 the
// database's links to n2 and n3 bent round the room of a resource that screen does not show,
// out past the picture's left and right edges, and were cut off there).
import { test, expect } from "./fixtures";

const SCREENS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

test("every /start screen: each link's line lies inside the picture", async ({ page }) => {
  test.setTimeout(240_000);
  const out: string[] = [];
  for (const screen of SCREENS) {
    await page.goto(`/start?screen=${screen}`);
    const svg = page.getByRole("group", { name: /^Cluster view/ });
    await expect(svg.locator(".sb-node").first()).toBeVisible({ timeout: 60_000 });
    await expect(svg.locator("g.sb-linkbtn .sb-link").first()).toBeAttached({ timeout: 60_000 });
    out.push(
      ...(await svg.evaluate((s, at) => {
        const w = Number(s.getAttribute("width"));
        const h = Number(s.getAttribute("height"));
        return [...s.querySelectorAll<SVGPathElement>("g.sb-linkbtn .sb-link")].flatMap((l) => {
          // Links the screen hides (to a resource it does not show) are not drawn.
          if (getComputedStyle(l.closest("g.sb-linkbtn") ?? l).display === "none") return [];
          const b = l.getBBox();
          const key = l.parentElement?.getAttribute("data-link") ?? "?";
          return b.x < -1 || b.y < -1 || b.x + b.width > w + 1 || b.y + b.height > h + 1
            ? [
                `screen ${at}: link ${key} spans x ${Math.round(b.x)}..${Math.round(b.x + b.width)}, y ${Math.round(b.y)}..${Math.round(b.y + b.height)} in a ${w}x${h} picture`,
              ]
            : [];
        });
      }, screen)),
    );
  }
  expect(out, `${out.length} links leave the picture`).toEqual([]);
});
