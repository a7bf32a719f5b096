// The screen audit while the learner acts (review 14b #5): with "Split in two" open, every
// node's label stays by its node (within 60 px of its shape, never in the middle of the graph),
// for every audited preset at both widths. Before wt16 bully-basic at 1280x800 drew n1's label
// under n1, on the n2–n5 link (screenshot 12-bully-sides.png), because the "A" badge took its spot.
// Open (found by running pictureProblems in split mode, not asserted yet): the store's and the
// resource's "side A" tag overlaps a label (zk-recipe "no leader yet", zk-herd-leader
// "candidate"); twenty nodes' one-line labels overlap their "A" badges (zk-herd-leader); a
// message label meets a badge (bully-basic "10 × ELECTION"); the ring check misreads the store's
// split-mode name (billing-crash, fencing-diagram).
import { test, expect } from "./fixtures";
import { AUDIT_SIZES, AUDITED, cluster, moments, open } from "./screen-audit-helpers";

test.describe.configure({ timeout: 240_000 });

for (const size of AUDIT_SIZES) {
  test.describe(`${size.tag}at ${size.label}`, () => {
    test.use({ viewport: size.viewport });
    test(`${size.tag}split mode: every node's label stays by its node`, async ({ page }) => {
      const problems: string[] = [];
      for (const preset of AUDITED) {
        const [start] = moments(preset);
        await open(page, preset, start.at);
        const tools = page.getByRole("button", { name: /Network tools/ });
        if ((await tools.count()) && (await tools.first().getAttribute("aria-expanded")) === "false")
          await tools.first().click();
        const splitBtn = page.getByRole("button", { name: /Split in two/ }).first();
        if (!(await splitBtn.count())) continue;
        await splitBtn.click();
        await expect(
          cluster(page)
            .locator(".sb-side-badge")
            .filter({ hasText: /^[AB]$/ })
            .first(),
        ).toBeVisible();
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        problems.push(
          ...(await cluster(page).evaluate((svg, name) => {
            const out: string[] = [];
            for (const t of svg.querySelectorAll<SVGTextElement>("text.sb-node-label")) {
              const id = t.getAttribute("data-node");
              const shape = svg.querySelector(`[data-node="${id}"] .sb-node-shape`);
              if (!shape || !(t.textContent ?? "").trim()) continue;
              const n = shape.getBoundingClientRect();
              const l = t.getBoundingClientRect();
              // The label's nearest edge to the node's centre: beside, over or under it, within
              // the room the layout gives a label (its radius, the gap and one line more).
              const cx = n.x + n.width / 2;
              const cy = n.y + n.height / 2;
              const dx = Math.max(l.x - cx, 0, cx - (l.x + l.width));
              const dy = Math.max(l.y - cy, 0, cy - (l.y + l.height));
              const far = Math.hypot(dx, dy) - n.width / 2;
              if (far > 60) out.push(`${name}: ${id}'s label is ${Math.round(far)} px from its node`);
            }
            return out;
          }, preset)),
        );
      }
      expect(problems).toEqual([]);
    });
  });
}
