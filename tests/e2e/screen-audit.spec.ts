// The screen audit (issue 33): what a learner sees at a glance, measured by bounding boxes. Over
// one or more presets of every protocol, at three moments of each run (the first leader just
// elected, the middle of the first failover, the end) and at two widths (1280x800, 375x812):
//   - the cluster picture: no two of its texts overlap, and none leaves the picture; no link runs
//     through a node that is not one of its ends (on main at 169f5f4 this failed at 1280x800 for
//     every five-node mesh: bully-basic, raft-partition, zab-failover, ring-basic...; at 375x812
//     zk-herd-leader's twenty nodes failed it on main and after wt14: its links to the store
//     bent round the resource's box through n6 to n10; since wt16 they take the shortest way
//     through the gaps, route-graph.ts); the store's
//     and the resource's boxes run into no node's rings (also when two leaders overlap); lease rings
//     only on a node that leads (or that the store still names); no legend swatch squeezed; no
//     link or ZooKeeper watch arrow runs under the store's or the resource's box (unless it ends
//     there), the two boxes keep 8 px apart, and no link runs through a message label that has
//     no backing (picture-clear-helpers.ts; before wt21 zk-recipe failed at 1280 with the boxes
//     2 px apart, n3's and n4's links to the store under the resource, n1's, n2's and n5's links
//     to the resource under the store; zk-herd-leader with 13 watch arrows under the boxes);
//   - no link runs through a node's label, and the picture keeps its shape (its size, its nodes'
//     places, its links' paths) from one Next event to the next over the run's first ten
//     (picture-steady-helpers.ts; review 17b #1: on the build before wt22 zab-failover's links to
//     the resource bent round the labels, ran through "epoch 0 · zxid 0:0" and were rerouted as
//     the votes came);
//   - the page: the picture's top is on the first screen of /sandbox and /start; on a phone a
//     tapped node's actions are within one screen of the picture; at 1280 every lesson diagram
//     fits its frame with text of at least 12 px; on a phone it is drawn at 12 px or more in a
//     sideways scroller that holds all of it (diagram-audit-helpers.ts).
// The moments come from running each preset's own scenario with the engine (the run the page
// shows is the same deterministic run); the page is moved between them with its own "Go to" or
// time controls, so each preset costs one page load per width.
//
// Tests whose title has "[layout]" measure the page around the picture (its place, the phone's
// action sheet, the lesson column), not the picture itself: they pass only with the page-layout
// work of issue 33 (picture first on /sandbox and /start, the phone's node sheet, lesson figures
// that fit), which is done apart from the picture. At base b59e800 the two /sandbox and /start
// checks passed; the phone sheet (14 of 14 presets) and the lesson diagrams (15 wider than their
// frame, 15 with 11.2 px text) failed.
import { test, expect } from "./fixtures";
import {
  AUDITED,
  cluster,
  legendProblems,
  moments,
  open,
  pictureProblems,
  seek,
  AUDIT_SIZES,
} from "./screen-audit-helpers";
import { DIAGRAM_LESSONS, diagramProblems } from "./diagram-audit-helpers";
import { steadyProblems } from "./picture-steady-helpers";

test.describe.configure({ timeout: 240_000 });

for (const size of AUDIT_SIZES) {
  test.describe(`${size.tag}at ${size.label}`, () => {
    test.use({ viewport: size.viewport });

    for (const preset of AUDITED) {
      test(`${size.tag}picture: ${preset}'s texts never overlap and stay inside the picture, no link runs through a node, at start, mid-failover and end`, async ({
        page,
      }) => {
        const ms = moments(preset);
        await open(page, preset, ms[0].at);
        const problems: string[] = [];
        for (const [k, m] of ms.entries()) {
          if (k > 0) await seek(page, m.at);
          problems.push(
            ...(await pictureProblems(page, `${preset} ${m.name} ${(m.at / 1000).toFixed(1)} s`)),
          );
        }
        problems.push(...(await legendProblems(page, `${preset} legend`)));
        expect(problems, `${problems.length} overlapping or clipped texts, or links through nodes`).toEqual(
          [],
        );
      });
    }

    for (const preset of AUDITED) {
      test(`${size.tag}picture: ${preset}'s picture keeps its shape from one Next event to the next`, async ({
        page,
      }) => {
        await open(page, preset, 0);
        const problems = await steadyProblems(page, preset, 10);
        expect(problems, `${problems.length} steps that reshaped the picture`).toEqual([]);
      });
    }

    test(`${size.tag}[layout] the picture's top is on the first screen of /sandbox for every audited preset, at start, mid-failover and end`, async ({
      page,
    }) => {
      const problems: string[] = [];
      for (const preset of AUDITED) {
        const ms = moments(preset);
        await open(page, preset, ms[0].at);
        for (const [k, m] of ms.entries()) {
          if (k > 0) await seek(page, m.at);
          // Where it sits in the page (not in the scrolled view): a learner opening the page sees it.
          const top = await cluster(page).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
          if (top >= size.viewport.height)
            problems.push(
              `${preset} ${m.name}: the picture starts at ${Math.round(top)} px, below the first screen (${size.viewport.height} px)`,
            );
        }
      }
      expect(problems).toEqual([]);
    });

    test(`${size.tag}[layout] the picture's top is on the first screen of every /start screen`, async ({
      page,
    }) => {
      await page.goto("/start");
      const problems: string[] = [];
      const next = page.getByRole("button", { name: "Next screen", exact: true });
      for (let screen = 1; screen <= 12; screen++) {
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 60_000 });
        if ((await next.count()) === 0 && screen > 1) break;
        const picture = cluster(page);
        if ((await picture.count()) > 0) {
          await expect(picture.getByRole("button", { name: /^n\d+, / }).first()).toBeVisible({
            timeout: 60_000,
          });
          const top = await picture.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
          if (top >= size.viewport.height)
            problems.push(
              `screen ${screen}: the picture starts at ${Math.round(top)} px, below the first screen (${size.viewport.height} px)`,
            );
        }
        if ((await next.count()) === 0) break;
        const heading = await page.getByRole("heading", { level: 1 }).textContent();
        await next.click();
        await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(heading ?? "");
      }
      expect(problems).toEqual([]);
    });
  });
}

test.describe("@phone at 375x812", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("@phone [layout] a tapped node's actions are within one screen of the picture, for every audited preset", async ({
    page,
  }) => {
    const problems: string[] = [];
    for (const preset of AUDITED) {
      const [, mid] = moments(preset);
      await open(page, preset, mid.at);
      const node = cluster(page).getByRole("button", { name: /^n1, / });
      await node.tap();
      await expect(node).toHaveAttribute("aria-pressed", "true");
      // On a phone the actions open as a sheet (a dialog) over the picture; elsewhere as a region.
      const actions = page
        .getByRole("dialog", { name: /^Actions for n1/ })
        .or(page.getByRole("region", { name: /^Actions for n1/ }));
      await expect(actions).toBeVisible();
      // The first action button: with the picture's top at the top of the screen, it must be on
      // that same screen (cause and effect at one glance, no scrolling between tap and act).
      const button = actions.getByRole("button", { name: /^(Crash|Restart|Pause)/ }).first();
      const gap = await page.evaluate(
        ([p, b]) =>
          (b as Element).getBoundingClientRect().bottom - (p as Element).getBoundingClientRect().top,
        [await cluster(page).elementHandle(), await button.elementHandle()],
      );
      if (gap > 812)
        problems.push(
          `${preset}: n1's first action ends ${Math.round(gap)} px below the picture's top (one screen is 812 px)`,
        );
    }
    expect(problems).toEqual([]);
  });
});

test.describe("at 1280x800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("[layout] every lesson diagram fits its frame at 1280 px and one screen's height, with text of at least 12 px", async ({
    page,
  }) => {
    const problems: string[] = [];
    for (const lesson of DIAGRAM_LESSONS) problems.push(...(await diagramProblems(page, lesson, false)));
    expect(problems).toEqual([]);
  });
});

test.describe("@phone at 375x812", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("@phone [layout] every lesson diagram has text of at least 12 px, in a sideways scroller that holds all of it", async ({
    page,
  }) => {
    const problems: string[] = [];
    for (const lesson of DIAGRAM_LESSONS) problems.push(...(await diagramProblems(page, lesson, true)));
    expect(problems).toEqual([]);
  });
});
