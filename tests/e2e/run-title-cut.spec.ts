// The run's name on a phone is cut to two lines; its "(where it came from; faults planned)"
// shows whole or not at all, never cut inside the parenthesis (review 8b #9: "…the hazard (your").
import { test, expect } from "./fixtures";
import { cluster } from "./sandbox-helpers";

for (const preset of ["raft-split-vote", "raft-partition", "billing-gc-short-ttl", "k8s-coordinated"])
  test(`@phone the run's name is never cut inside its parenthesis (${preset})`, async ({ page }) => {
    await page.goto(`/sandbox?preset=${preset}`);
    await expect(cluster(page)).toBeVisible();
    const name = page.locator(".sb-run-name");
    const hint = name.locator(".sb-hint");
    await expect(hint).toContainText("example run");
    const n = (await name.boundingBox())!;
    // Hidden (display: none) when not even its first clause fits under a long title: Read more shows it.
    const h = await hint.boundingBox();
    const whole = h !== null && h.y >= n.y - 1 && h.y + h.height <= n.y + n.height + 1;
    const hidden = h === null || h.y >= n.y + n.height - 1;
    expect(whole || hidden, `hint ${JSON.stringify(h)} in name ${JSON.stringify(n)}`).toBe(true);
  });
