// Progress across tabs and a safe import (issue 17): two pages of one browser context share one
// localStorage, as two tabs do. Neither tab may overwrite the other's progress, and an import
// shows what it would change, asks replace or merge, and keeps a backup one click restores.
import { test, expect } from "./fixtures";

test("two tabs marking different lessons done both keep their lesson", async ({ page, context }) => {
  test.setTimeout(120_000); // two pages and eight page loads
  const other = await context.newPage();
  await page.goto("/learn/why-a-leader");
  await other.goto("/learn/role-state-machine");
  await page.getByRole("button", { name: "Mark lesson as done" }).click();
  await expect(page.getByText("This lesson:")).toContainText(/done/i);
  // The second tab was opened before the first tab's change and never reloaded.
  await other.getByRole("button", { name: "Mark lesson as done" }).click();
  await expect(other.getByText("This lesson:")).toContainText(/done/i);

  // The first tab hears of the second tab's save without a reload.
  await page.goto("/progress");
  await expect(page.getByText(/^2 of \d+ lessons done/)).toBeVisible();
  await other.reload();
  await other.goto("/progress");
  await expect(other.getByText(/^2 of \d+ lessons done/)).toBeVisible();

  // A change in one open page shows in the other open page at once.
  await other.goto("/learn/why-a-leader");
  await other.getByRole("button", { name: "Reset to not started" }).click();
  await expect(page.getByText(/^1 of \d+ lessons done/)).toBeVisible();
  await other.close();
});

test("two tabs saving at the same moment both keep their change", async ({ page, context }) => {
  test.setTimeout(120_000); // three pages, several rounds
  const other = await context.newPage();
  const gate = await context.newPage();
  await gate.goto("/progress");
  const pairs = [
    ["why-a-leader", "role-state-machine"],
    ["bully-and-ring", "fencing-tokens"],
    ["tuning", "raft-election"],
  ];
  for (const [i, [mine, theirs]] of pairs.entries()) {
    await page.goto(`/learn/${mine}`);
    await other.goto(`/learn/${theirs}`);
    const buttons = [page, other].map((p) => p.getByRole("button", { name: "Mark lesson as done" }));
    for (const b of buttons) await expect(b).toBeVisible();
    // Each page clicks on the same broadcast message, so both save within a millisecond or two,
    // before either can have heard of the other's write.
    await Promise.all(
      [page, other].map((p) =>
        p.evaluate(
          () =>
            new Promise<void>((armed) => {
              const bc = new BroadcastChannel("e2e-save-together");
              bc.onmessage = () => {
                bc.close();
                [...document.querySelectorAll("button")]
                  .find((b) => b.textContent?.includes("Mark lesson as done"))
                  ?.click();
              };
              armed();
            }),
        ),
      ),
    );
    await gate.evaluate(() => new BroadcastChannel("e2e-save-together").postMessage("go"));
    await expect(page.getByText("This lesson:")).toContainText(/done/i);
    await expect(other.getByText("This lesson:")).toContainText(/done/i);
    // A page opened afterwards sees both changes of every round so far.
    await gate.goto("/progress");
    await expect(gate.getByText(new RegExp(`^${2 * (i + 1)} of \\d+ lessons done`))).toBeVisible();
  }
  await other.close();
  await gate.close();
});

test("an import shows what it changes, asks replace or merge, and the backup undoes it", async ({ page }) => {
  test.setTimeout(90_000); // four page loads: a hang guard on a shared machine, not a speed check
  await page.goto("/learn/why-a-leader");
  await page.getByRole("button", { name: "Mark lesson as done" }).click();
  await page.goto("/progress");
  await expect(page.getByText(/^1 of \d+ lessons done/)).toBeVisible();

  const empty = {
    format: "election-lab-progress",
    exportedAt: "2026-11-29T12:00:00.000Z",
    progress: { version: 2, lessons: {}, quiz: { items: {} }, interview: { attempts: [] } },
  };
  await page.getByLabel("Import progress from a file").setInputFiles({
    name: "empty.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(empty)),
  });
  const ask = page.getByRole("group", { name: "Import empty.json" });
  await expect(ask).toContainText("Nothing has changed yet");
  await expect(ask).toContainText("Replace: your progress becomes the file's (lessons done 1 → 0)");
  await expect(ask).toContainText("Merge: keep what is here and add the file's (the counts stay the same)");
  // Choosing the file changed nothing.
  await expect(page.getByText(/^1 of \d+ lessons done/)).toBeVisible();

  await ask.getByRole("button", { name: "Replace my progress" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported empty.json (replaced)" })).toBeVisible();
  await expect(page.getByText(/^0 of \d+ lessons done/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/^0 of \d+ lessons done/)).toBeVisible();

  await page.getByRole("button", { name: "Restore the backup from before the last import" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Backup restored" })).toBeVisible();
  await expect(page.getByText(/^1 of \d+ lessons done/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/^1 of \d+ lessons done/)).toBeVisible();

  // Merge keeps the lesson done here and adds the file's.
  const other = {
    ...empty,
    progress: {
      ...empty.progress,
      lessons: { "role-state-machine": { status: "done", updatedAt: "2026-11-29T12:00:00.000Z" } },
    },
  };
  await page.getByLabel("Import progress from a file").setInputFiles({
    name: "other.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(other)),
  });
  await page
    .getByRole("group", { name: "Import other.json" })
    .getByRole("button", { name: "Merge with my progress" })
    .click();
  await expect(page.getByText(/^2 of \d+ lessons done/)).toBeVisible();
});

test("an import that cannot be saved never says it was", async ({ page }) => {
  await page.goto("/progress");
  await page.evaluate(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  const file = {
    format: "election-lab-progress",
    exportedAt: "2026-11-29T12:00:00.000Z",
    progress: {
      version: 2,
      lessons: { "why-a-leader": { status: "done", updatedAt: "2026-11-29T12:00:00.000Z" } },
      quiz: { items: {} },
      interview: { attempts: [] },
    },
  };
  await page.getByLabel("Import progress from a file").setInputFiles({
    name: "one.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await page.getByRole("button", { name: "Replace my progress" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toContainText(
    "Your saved progress was not changed",
  );
  await expect(page.getByRole("status").filter({ hasText: "Imported" })).toHaveCount(0);
  await expect(page.getByText(/^0 of \d+ lessons done/)).toBeVisible();
});
