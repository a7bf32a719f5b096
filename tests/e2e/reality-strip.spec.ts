// The sandbox's strip of real-server runs: an example run that was also run on a real etcd
// shows each real run's failover beside the simulated ones, in words as well as marks, and an
// example run without a recording shows no strip.
import { test, expect, expectNoSeriousAxeViolations } from "./fixtures";

test("the billing crash shows its real etcd runs beside the simulated ones", async ({ page }) => {
  await page.goto("/sandbox?preset=billing-crash");
  // One line beside the picture opens to the strip (the first screen has no room for the figure).
  await page.getByText(/^On a real etcd 3\.4\.23: \d+\.\d s to \d+\.\d s over \d+ runs$/).click();
  const strip = page.getByRole("figure", { name: /On a real etcd 3\.4\.23/ });
  await expect(strip).toBeVisible();
  await expect(
    strip.getByText(/Real servers \(\d+ runs, \d{4}-\d\d-\d\d\): (\d+\.\d s(, )?)+/),
  ).toBeVisible();
  await expect(strip.getByText(/Simulated \(\d+ runs\): (\d+\.\d s(, )?)+/)).toBeVisible();
  await expect(strip.getByRole("img")).toHaveAttribute("aria-label", /^Real: .+\. Simulated: .+\.$/);
  await strip.scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page);
});

test("a run never recorded on real servers has no strip", async ({ page }) => {
  await page.goto("/sandbox?preset=raft-basic");
  await expect(page.getByRole("button", { name: /^Play/ })).toBeVisible();
  await expect(page.locator("figure.sb-reality")).toHaveCount(0);
});

// The first real run of the billing crash, as recorded (reality/recordings/course/etcd-crash.json).
import recording from "../../reality/recordings/course/etcd-crash.json" with { type: "json" };

for (const tag of ["", " @phone"])
  test(`the billing crash replays a recorded real run in the picture, read-only${tag}`, async ({ page }) => {
    const run = recording.trials.filter((t) => t.side === "real")[0];
    const crash = run.faults[0];
    const first = run.leaders[0],
      next = run.leaders[1];
    const step = (ms: number, up: boolean) => String((up ? Math.ceil(ms / 100) : Math.floor(ms / 100)) * 100);
    await page.goto("/sandbox?preset=billing-crash");
    // One line beside the picture opens to the strip (the first screen has no room for the figure).
    await page.getByText(/^On a real etcd 3\.4\.23: \d+\.\d s to \d+\.\d s over \d+ runs$/).click();
    const strip = page.getByRole("figure", { name: /On a real etcd 3\.4\.23/ });
    await strip.getByRole("button", { name: /^Replay real run 1 \(failover \d+\.\d s\)$/ }).click();

    await expect(
      page.getByRole("heading", {
        name: /^A real etcd 3\.4\.23 run, recorded on \d{4}-\d\d-\d\d: read-only$/,
      }),
    ).toBeFocused();
    const cluster = page.getByRole("group", { name: /^Cluster view/ });
    const leaders = cluster.getByRole("button", { name: /^n\d+, leader/ });
    const time = page.getByRole("slider", { name: "Time", exact: true });
    await expect(time).toBeEnabled();
    // The time bar ends where the recording ends: no moment past it to seek to.
    expect(Number(await time.getAttribute("max"))).toBeCloseTo(run.end, -1);

    await time.fill(step(crash.at - 400, false));
    await expect(leaders).toHaveCount(1);
    await expect(leaders).toHaveAccessibleName(new RegExp(`^${first.node}, leader`));
    // Between the crash and the recorded takeover nobody leads; the crashed node says so.
    await time.fill(step(next.from - 300, false));
    await expect(leaders).toHaveCount(0);
    await expect(cluster.getByRole("button", { name: new RegExp(`^${crash.node}, crashed`) })).toBeVisible();
    await time.fill(step(next.from, true));
    await expect(leaders).toHaveCount(1);
    await expect(leaders).toHaveAccessibleName(new RegExp(`^${next.node}, leader`));
    await expect(page.getByRole("region", { name: "Latest events" })).toContainText(
      new RegExp(`${next.node} became leader\\b[^.]*\\btoken ${next.token}`),
    );

    // Nothing can be broken in a recording: no fault tools, no node actions.
    await expect(
      page.getByRole("button", { name: /^(Crash|GC pause|Pause \w|Isolate|Restart|Cut)\b/ }),
    ).toHaveCount(0);
    // A recording holds what happened, not why: no Why? buttons that would lead nowhere.
    await expect(page.getByRole("button", { name: /^Why\b/ })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole("button", { name: "Back to the simulated run" }).click();
    await expect(page.getByRole("figure", { name: /On a real etcd 3\.4\.23/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: /read-only$/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Replay real run 1 / })).toBeFocused();
  });
