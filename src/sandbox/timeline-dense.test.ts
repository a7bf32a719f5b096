// @vitest-environment happy-dom
// Issue 40: long runs stay smooth. At 25 nodes, a run played to 14 400 s holds 24 times the
// lane changes of one at 600 s; the timeline must draw about as many elements for both (within
// 1.2 times), and the work of one redraw (elements joined) must stay as flat.
import { afterEach, describe, expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import { mountTimeline } from "./views/Timeline.ts";
import {
  DENSE_AT,
  ROLE_COLUMN_PX,
  bucketFaults,
  dominantRoles,
  mergeOnScreen,
  rectsPath,
} from "./timeline-dense.ts";
import type { SandboxController } from "./controller.ts";
import type { LaneEvent } from "../worker/protocol.ts";
import type { TraceEvent } from "../engine/index.ts";

class FixedWidth {
  constructor(private cb: ResizeObserverCallback) {}
  observe(el: Element) {
    this.cb(
      [{ target: el, contentRect: { width: 1000, height: 300 } } as unknown as ResizeObserverEntry],
      this as unknown as ResizeObserver,
    );
  }
  unobserve() {}
  disconnect() {}
}

/** A busy 25-node run to `until` ms: every node changes role or term every few seconds, leaders
 *  come and go (with split brains), and a fault every 20 s. */
function busyRun(until: number): { lanes: LaneEvent[]; history: TraceEvent[] } {
  const lanes: LaneEvent[] = [];
  let term = 1;
  for (let t = 0; t < until; t += 1500) {
    const i = (t / 1500) % 25;
    term += 1;
    const leader = i % 5 === 0;
    lanes.push({
      t,
      i,
      role: leader ? "leader" : i % 7 === 0 ? "candidate" : "follower",
      term,
      token: leader ? term : null,
    } as LaneEvent);
    if (leader) lanes.push({ t: t + 900, i, role: "follower", term, token: null } as LaneEvent);
  }
  const history: TraceEvent[] = [];
  for (let t = 10_000; t < until; t += 20_000)
    history.push({
      t,
      type: "fault",
      fault: "crash",
      node: "leader",
      resolved: `n${((t / 20_000) % 25) | 0}`,
      detail: "",
    } as unknown as TraceEvent);
  return { lanes, history };
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function mounted(until: number): HTMLElement {
  const saved = globalThis.ResizeObserver;
  globalThis.ResizeObserver = FixedWidth as unknown as typeof ResizeObserver;
  const { lanes, history } = busyRun(until);
  const nodes = Array.from({ length: 25 }, (_, i) => ({ id: `n${i + 1}` }));
  const store = createStore(() => ({
    frame: { t: until, until, nodes, protocol: "raft", resource: { staleAccepted: 0 } },
    lanes,
    history,
    playing: false,
  }));
  const ctl = { store, dispatch: () => {} } as unknown as SandboxController;
  const host = document.createElement("div");
  document.body.append(host);
  const unmount = mountTimeline(host, ctl);
  cleanups.push(() => {
    unmount();
    host.remove();
    globalThis.ResizeObserver = saved;
  });
  return host;
}

const elements = (host: HTMLElement) => host.querySelectorAll("*").length;

describe("the timeline of a long run", () => {
  it("draws about as many elements at 14 400 s as at 600 s (25 nodes)", () => {
    const a = mounted(600_000);
    const b = mounted(14_400_000);
    const short = elements(a);
    const long = elements(b);
    expect(b.querySelector("svg.dense")).not.toBeNull();
    expect(short).toBeGreaterThan(100);
    expect(long / short).toBeLessThanOrEqual(1.2);
    // and far fewer than one element per segment, which is what grew the page before
    expect(long).toBeLessThan(busyRun(14_400_000).lanes.length / 4);
  });

  it("still draws one element per stretch for a short run", () => {
    const host = mounted(60_000);
    expect(host.querySelector("svg.dense")).toBeNull();
    expect(host.querySelectorAll("rect.sb-tl-seg").length).toBeGreaterThan(20);
    expect(host.querySelector("path.sb-tl-seg")).toBeNull();
  });

  it("merges stretches that touch on screen, never more than one per pixel", () => {
    const x = (t: number) => t / 1000;
    const items = Array.from({ length: 10_000 }, (_, k) => ({ from: k * 100, to: k * 100 + 50 }));
    const merged = mergeOnScreen(items, x, 0.5);
    expect(merged.length).toBeLessThanOrEqual(1000);
    expect(merged[0][0]).toBe(0);
    expect(rectsPath([[0, 2]], 1, 3)).toBe("M0,1h2v3h-2z");
    expect(
      bucketFaults(
        Array.from({ length: 1000 }, (_, k) => ({ t: k })),
        x,
        1000,
      ),
    ).toHaveLength(1);
    expect(
      bucketFaults(
        Array.from({ length: 10_000 }, (_, k) => ({ t: k * 100 })),
        x,
        1000,
      ).length,
    ).toBeLessThanOrEqual(40);
    expect(DENSE_AT).toBeGreaterThan(100);
  });

  it("draws a flapping lane by its dominant role: one stretch per run of columns, at most one per column", () => {
    const x = (t: number) => t / 100; // 100 ms a pixel
    // 200 s of a node flapping: 900 ms follower, 100 ms candidate, over and over; then a crash
    const segs: Array<{ from: number; to: number; role: string }> = [];
    for (let t = 0; t < 200_000; t += 1000)
      segs.push(
        { from: t, to: t + 900, role: "follower" },
        { from: t + 900, to: t + 1000, role: "candidate" },
      );
    segs.push({ from: 200_000, to: 300_000, role: "crashed" });
    const runs = dominantRoles(segs, x, 0, 3000);
    expect(runs.get("follower")).toEqual([[0, 2000]]);
    expect(runs.get("crashed")).toEqual([[2000, 3000]]);
    expect(runs.has("candidate")).toBe(false);
    // however fine the changes, no more stretches than columns
    const fine = Array.from({ length: 50_000 }, (_, k) => ({
      from: k * 6,
      to: k * 6 + 6,
      role: k % 2 ? "leader" : "follower",
    }));
    const all = [...dominantRoles(fine, x, 0, 3000).values()].reduce((a, r) => a + r.length, 0);
    expect(all).toBeLessThanOrEqual(3000 / ROLE_COLUMN_PX);
  });
});
