// The screen audit while the learner splits the cluster, at both widths, for every audited
// preset (a five-node Raft run and etcd's billing job among them):
// - while choosing sides ("Split in two" open, n1 and n2 put on side B), every node's label
//   stays by its node (within 60 px of its shape: review 14b #5, bully-basic's n1 label went
//   to the n2–n5 link because the "A" badge took its spot), and no two texts of the picture
//   overlap or leave it (a session-8 check found the store's "side A" over zk-recipe's "no
//   leader yet", twenty badges under the herd's labels, "10 × ELECTION" over a badge);
// - after "Split A | B", the picture still says who is with whom: every node keeps its side
//   letter (review 15b #6: the badges vanished and only a tangle of crossed links was left),
//   the links between the sides carry no cross each, and again no text overlaps or leaves it.
import type { Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { test, expect } from "./fixtures";
import { AUDIT_SIZES, AUDITED, cluster, moments, open, textProblems } from "./screen-audit-helpers";

test.describe.configure({ timeout: 480_000 });

const settle = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Each node's label more than 60 px from its node's shape. */
async function farLabels(page: Page, name: string): Promise<string[]> {
  return cluster(page).evaluate((svg, at) => {
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
      if (far > 60) out.push(`${at}: ${id}'s label is ${Math.round(far)} px from its node`);
    }
    return out;
  }, name);
}

/** Every button in the picture whose name does not hold its visible text (WCAG 2.5.3: after
 *  "Split A | B" a node's "A" inside its button read "n1 A" against "n1, follower, ..., side A"). */
async function nameMismatches(page: Page, name: string): Promise<string[]> {
  const r = await new AxeBuilder({ page })
    .include(".sb-cluster")
    .withRules(["label-content-name-mismatch"])
    .analyze();
  return r.violations.flatMap((v) => v.nodes.map((n) => `${name}: ${v.id} on ${n.target.join(" ")}`));
}

/** After the split: a node with no side letter, sides that are not A and B, a crossed link
 *  between the sides. */
async function sideProblems(page: Page, name: string): Promise<string[]> {
  return cluster(page).evaluate((svg, at) => {
    const out: string[] = [];
    const letters = new Set<string>();
    for (const g of svg.querySelectorAll("g.sb-node[data-node]")) {
      const id = g.getAttribute("data-node");
      const badge = (
        svg.querySelector(`.sb-badges .sb-side-badge[data-node="${id}"]`)?.textContent ?? ""
      ).trim();
      if (!/^[A-Z]$/.test(badge))
        out.push(`${at}: ${g.getAttribute("data-node")} shows no side after the split`);
      letters.add(badge);
    }
    // The store's and the resource's "side A" count too (both nodes of a pair on side B).
    for (const b of svg.querySelectorAll(".sb-store .sb-side-badge, .sb-resource .sb-side-badge"))
      letters.add((b.textContent ?? "").replace(/^side /, "").trim());
    if (!letters.has("A") || !letters.has("B")) out.push(`${at}: the sides read ${[...letters].join(", ")}`);
    for (const link of svg.querySelectorAll("g.sb-linkbtn.across .sb-link-mark[marker-end]"))
      out.push(
        `${at}: the link ${link.parentElement?.getAttribute("data-link")} between the sides has a cross`,
      );
    return out;
  }, name);
}

for (const size of AUDIT_SIZES) {
  test.describe(`${size.tag}at ${size.label}`, () => {
    test.use({ viewport: size.viewport });
    test(`${size.tag}split in two: labels by their nodes, no text overlaps, the sides shown after`, async ({
      page,
    }) => {
      const problems: string[] = [];
      let split = 0;
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
        for (const id of ["n1", "n2"]) {
          const node = cluster(page).locator(`g.sb-node[data-node="${id}"]`);
          if (await node.count()) await node.click();
        }
        await expect(
          cluster(page).locator(".sb-side-badge").filter({ hasText: /^B$/ }).first(),
        ).toBeVisible();
        await settle(page);
        problems.push(...(await farLabels(page, `${preset} choosing`)));
        problems.push(...(await textProblems(page, `${preset} choosing`)));
        problems.push(...(await nameMismatches(page, `${preset} choosing`)));
        await page
          .getByRole("button", { name: /^Split A/ })
          .first()
          .click();
        await expect(cluster(page).locator("g.sb-linkbtn.state-cut").first()).toBeAttached({
          timeout: 60_000,
        });
        await settle(page);
        split++;
        problems.push(...(await farLabels(page, `${preset} split`)));
        problems.push(...(await textProblems(page, `${preset} split`)));
        problems.push(...(await sideProblems(page, `${preset} split`)));
        problems.push(...(await nameMismatches(page, `${preset} split`)));
      }
      expect(split).toBeGreaterThanOrEqual(10);
      expect(problems).toEqual([]);
    });
  });
}
