// Figure 16 split over several lab workers gives exactly one worker's result.
import { describe, expect, it } from "vitest";
import { inlineLabWorker, LabClient } from "./lab-client.ts";
import type { Figure16Options } from "./experiments/figure16.ts";

const OPTS: Figure16Options = {
  ranges: [
    [150, 150],
    [150, 155],
    [12, 24],
  ],
  trials: 23,
  seed: 4,
  capMs: 3_000,
};

describe("the lab client", () => {
  it("splits Figure 16 by seed over workers; 1 and 3 workers give the same result, with progress to the total", async () => {
    let made = 0;
    const create = () => {
      made++;
      return inlineLabWorker();
    };
    const one = await new LabClient(create, 1).run({ kind: "figure16", options: OPTS }).promise;
    expect(made).toBe(1);
    made = 0;
    const seen: Array<[number, number]> = [];
    const three = await new LabClient(create, 3).run({ kind: "figure16", options: OPTS }, (d, t) =>
      seen.push([d, t]),
    ).promise;
    expect(made).toBe(3);
    expect(JSON.stringify(three)).toBe(JSON.stringify(one));
    expect(seen.at(-1)).toEqual([69, 69]);
  });

  it("cancelling a split run stops every worker and fails the run as cancelled", async () => {
    const client = new LabClient(inlineLabWorker, 2);
    const run = client.run({ kind: "figure16", options: { ...OPTS, trials: 200 } });
    run.cancel();
    await expect(run.promise).rejects.toThrow("cancelled");
    expect(client.busy).toBe(false);
  });
});
