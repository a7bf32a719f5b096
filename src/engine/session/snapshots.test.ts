// Issue 18: snapshots thin with age, so a long run holds few, while the moments just behind
// the latest one stay dense (a short seek back re-simulates a fraction of a second).
import { describe, expect, it } from "vitest";
import { Snapshots, spacingAt, type Snapshot } from "./snapshots.ts";

const snap = (t: number) => ({ t }) as Snapshot;

function filled(toMs: number): { snaps: Snapshots; times: number[] } {
  const snaps = new Snapshots(2000);
  for (let t = 0; t <= toMs; t += 250) snaps.add(snap(t));
  const times: number[] = [];
  for (let t = 0, last = -1; t <= toMs; t += 250) {
    const s = snaps.atOrBefore(t);
    if (s.t !== last) times.push((last = s.t));
  }
  return { snaps, times };
}

describe("snapshot spacing", () => {
  it("is dense just behind the latest moment and sparser with age, each a multiple of the next finer", () => {
    const ages = [
      0, 1999, 2000, 59_999, 60_000, 599_999, 600_000, 1_199_999, 1_200_000, 2_400_000, 86_400_000,
    ];
    const spacings = ages.map((a) => spacingAt(a, 2000));
    expect(spacings).toEqual([
      250, 250, 2000, 2000, 20_000, 20_000, 100_000, 100_000, 200_000, 400_000, 12_800_000,
    ]);
    for (let i = 1; i < spacings.length; i++) expect(spacings[i] % spacings[i - 1]).toBe(0);
  });

  it("keeps the start, every 250 ms of the last 2 s, every 2 s of the last minute, then sparser", () => {
    const { times } = filled(3_000_000);
    expect(times[0]).toBe(0);
    expect(times.slice(-9)).toEqual([
      2_998_000, 2_998_250, 2_998_500, 2_998_750, 2_999_000, 2_999_250, 2_999_500, 2_999_750, 3_000_000,
    ]);
    expect(times).toContain(2_942_000);
    expect(times).not.toContain(2_930_000 + 1000);
    expect(times).toContain(2_500_000);
    expect(times).not.toContain(2_000_000 + 20_000);
  });

  it("holds about as many after 3000 s as after 600 s, not five times as many", () => {
    const at600 = filled(600_000).snaps.count;
    const at3000 = filled(3_000_000).snaps.count;
    expect(at600).toBeLessThan(80);
    expect(at3000).toBeLessThan(at600 * 1.5);
  });

  it("holds a number that grows with the logarithm of the run's length: a day of simulated time holds few more than an hour", () => {
    const hour = filled(3_600_000);
    const day = filled(86_400_000);
    expect(day.snaps.count).toBeLessThan(hour.snaps.count + 40);
    // and a seek anywhere re-runs at most a sixth of how far back it goes, plus the finest step
    for (const t of [0, 1_000_000, 40_000_000, 80_000_000, 86_000_000, 86_399_000]) {
      const back = 86_400_000 - t;
      expect(t - day.snaps.atOrBefore(t).t).toBeLessThanOrEqual(Math.max(250, back / 6 + 2000));
    }
  });

  it("never re-adds what it dropped: a rewind forgets only the snapshots after it", () => {
    const { snaps } = filled(100_000);
    snaps.dropAfter(99_500);
    expect(snaps.latest?.t).toBe(99_500);
    expect(snaps.atOrBefore(99_400).t).toBe(99_250);
  });
});
