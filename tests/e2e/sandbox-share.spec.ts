// A run opened from outside, through roles and labels only: share links, preset links, scenario
// files (and refused ones), and a crashed worker restarted from the scenario.
import { test, expect } from "./fixtures";
import {
  cluster,
  nodeButtons,
  writeLog,
  simTime,
  tab,
  actionSettings,
  goTo,
  nodeNames,
  fingerprint,
  selectNode,
} from "./sandbox-helpers";

test("a share link reopened in a fresh browser reproduces the same run", async ({ page, browser }) => {
  await page.goto("/sandbox");
  await goTo(page, 6);
  await selectNode(page, "n1");
  await page.getByRole("button", { name: /^Crash/ }).click();
  await goTo(page, 11.5);
  await selectNode(page, "n3");
  await actionSettings(page);
  await page.getByLabel("Isolate for (s)").fill("4");
  await page.getByRole("button", { name: /^Isolate 4 s/ }).click();
  await goTo(page, 24);
  const names = await nodeNames(page);
  const fp = await fingerprint(page);
  await tab(page, "What happened");
  const writes = await writeLog(page).textContent();
  await tab(page, "Share");
  await page.getByRole("button", { name: "Copy share link" }).click();
  const link = await page.getByLabel("Share link").inputValue();
  expect(link).toMatch(/\/sandbox\?run=1\./);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const errors: string[] = [];
  other.on("pageerror", (e) => errors.push(e.message));
  other.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await other.goto(link);
  // The link keeps the run's title.
  await expect(other.getByText(/Billing job on an etcd lease/).first()).toBeVisible();
  await expect(other.getByText(/A shared run/)).toHaveCount(0);
  await expect(simTime(other)).toHaveText(/^24\.00 s/);
  expect(await nodeNames(other)).toEqual(names);
  await tab(other, "What happened");
  expect(await writeLog(other).textContent()).toBe(writes);
  expect(await fingerprint(other)).toBe(fp);
  expect(errors).toEqual([]);
  await fresh.close();
});

test("a tampered share link or an unknown preset shows the error and opens the default scenario", async ({
  page,
}) => {
  await page.goto("/sandbox?run=1.AAAAthis-is-not-a-run");
  await expect(page.getByRole("alert")).toContainText("This share link cannot be opened");
  await expect(nodeButtons(page)).toHaveCount(3);
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox" })).toBeVisible();

  await page.goto("/sandbox?run=2.abc");
  await expect(page.getByRole("alert")).toContainText(/format "2" is not one this version/);

  await page.goto("/sandbox?preset=no-such-preset");
  await expect(page.getByRole("alert")).toContainText('There is no preset called "no-such-preset"');
  await expect(nodeButtons(page)).toHaveCount(3);
});

test("a preset link opens the preset paused at the given moment", async ({ page }) => {
  await page.goto("/sandbox?preset=fencing-diagram&at=21000");
  await expect(page.getByText("Fencing: the late write is rejected").first()).toBeVisible();
  await expect(simTime(page)).toHaveText(/^21\.00 s/);
  await expect(cluster(page).getByRole("button", { name: /, paused, / })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
});

test("an invalid scenario file is refused with the field named", async ({ page }) => {
  await page.goto("/sandbox");
  await tab(page, "Share");
  await page.getByLabel("Scenario file to import").setInputFiles({
    name: "broken.json",
    mimeType: "application/json",
    buffer: Buffer.from(
      JSON.stringify({ protocol: "etcd", nodes: 3, faults: [{ at: "2s", do: "crash", node: "n7" }] }),
    ),
  });
  await expect(page.getByRole("alert")).toContainText(
    'Could not import broken.json: faults[0].node: node "n7" does not exist',
  );
  await page.getByLabel("Scenario file to import").setInputFiles({
    name: "raft.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ protocol: "raft", nodes: 4, seed: 3, until: "10s" })),
  });
  await expect(nodeButtons(page)).toHaveCount(4);
  await expect(page.getByText(/Imported: raft\.json/)).toBeVisible();
});

test("a crashed worker is restarted from the scenario, losing nothing", async ({ page }) => {
  await page.goto("/sandbox");
  await goTo(page, 7);
  await selectNode(page, "n2");
  await page.getByRole("button", { name: /^Crash/ }).click();
  await goTo(page, 13);
  const names = await nodeNames(page);
  const fp = await fingerprint(page);
  // A real uncaught exception inside the simulation worker.
  const worker = page.workers().find((w) => w.url().includes("sim.worker"));
  expect(worker).toBeDefined();
  await worker!.evaluate(() => {
    setTimeout(() => {
      throw new Error("injected by the test");
    }, 0);
  });
  await expect(page.getByRole("alert")).toContainText(
    /crashed \(.*injected by the test.*\)\. It was restarted from your scenario at 13 s; nothing you did is lost/,
  );
  await expect(simTime(page)).toHaveText(/^13\.00 s/);
  expect(await nodeNames(page)).toEqual(names);
  expect(await fingerprint(page)).toBe(fp);
  await expect(page.getByText(/no faults planned/)).toBeVisible();
});
