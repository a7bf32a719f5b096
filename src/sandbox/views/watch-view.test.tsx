// @vitest-environment happy-dom
// The cluster view draws ZooKeeper's watches from the frame's watch table: one dotted arrow
// per watch, from the watcher to the watched znode's owner, redrawn as they fire and are set
// again, and each node's name says what it watches.
import { afterEach, describe, expect, it } from "vitest";
import { act } from "@testing-library/react";
import { settle } from "../testing.ts";
import { mountedCluster } from "./cluster-mount.fixture.ts";
import { placeLabels } from "./label-place.ts";
import { watchLines, watchPath, watchWords } from "./watch-lines.ts";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const mounted = (preset: string, at: number) => mountedCluster(preset, at, cleanups);

const arrows = (host: HTMLElement) =>
  [...host.querySelectorAll("path.sb-watch")]
    .map((p) => `${p.getAttribute("data-from")}→${p.getAttribute("data-to")}`)
    .sort();
const nodeLabel = (host: HTMLElement, id: string) =>
  host.querySelector(`g.sb-node[data-node="${id}"]`)?.getAttribute("aria-label") ?? "";

describe("ZooKeeper watches in the cluster view", () => {
  it("draws one arrow per watch in the frame, and names what each node watches", async () => {
    const { c, host } = await mounted("zk-recipe", 15_000);
    const f = c.store.getState().frame!;
    expect(f.t).toBe(15_000);
    const fromFrame = (f.store?.watches ?? []).map((w) => `${w.node}→${w.owner}`).sort();
    expect(fromFrame).toHaveLength(4);
    expect(arrows(host)).toEqual(fromFrame);
    // Every arrow ends in a head and has a drawn path.
    for (const p of host.querySelectorAll("path.sb-watch")) {
      expect(p.getAttribute("marker-end")).toMatch(/-watch\)$/);
      expect(p.getAttribute("d")).toMatch(/^M[\d.]+,[\d.]+C/);
    }
    const n4 = f.store!.watches!.find((w) => w.node === "n4")!;
    expect(nodeLabel(host, "n4")).toContain(`watches n3's znode ${n4.path}`);
    expect(nodeLabel(host, "n3")).toContain("watched by n4");
    // The crashed n3's watch stays until its session expires, drawn fainter.
    expect(host.querySelector('path.sb-watch[data-from="n3"]')?.getAttribute("class")).toContain("from-down");
  });

  it("redraws as a watch fires and is set again on the next znode down", async () => {
    const { c, host } = await mounted("zk-recipe", 15_000);
    expect(arrows(host)).toContain("n4→n3");
    // n3's session expires at 20 s: its watch and n4's go; n4 then watches n1's znode.
    await act(async () => {
      c.dispatch({ type: "seek", t: 20_500 });
      await settle(12);
    });
    expect(c.store.getState().frame?.t).toBe(20_500);
    expect(arrows(host)).toEqual(["n1→n2", "n4→n1", "n5→n4"]);
    expect(nodeLabel(host, "n4")).toMatch(/watches n1's znode \/election\/n1-n_\d{10}/);
    expect(nodeLabel(host, "n3")).not.toContain("watch");
  });

  it("the herd: 19 arrows into the leader, with the small heads, and its name counts them", async () => {
    const { host } = await mounted("zk-herd-leader", 5_000);
    const all = arrows(host);
    expect(all).toHaveLength(19);
    const target = all[0].split("→")[1];
    expect(all.every((a) => a.endsWith(`→${target}`))).toBe(true);
    expect(host.querySelector("path.sb-watch")?.getAttribute("marker-end")).toMatch(/-watch-many\)$/);
    expect(nodeLabel(host, target)).toContain("watched by 19 clients");
  });

  it("draws nothing for protocols without watches", async () => {
    const { host } = await mounted("fencing-diagram", 5_000);
    expect(host.querySelectorAll("path.sb-watch")).toHaveLength(0);
  });
});

/** The points of a drawn arrow ("M x,y C x,y x,y x,y"), 49 along its curve. */
function curvePoints(d: string): Array<{ x: number; y: number }> {
  const n = [...d.matchAll(/-?[\d.]+/g)].map((m) => Number(m[0]));
  expect(n).toHaveLength(8);
  const [sx, sy, c1x, c1y, c2x, c2y, ex, ey] = n;
  return Array.from({ length: 49 }, (_, k) => {
    const t = k / 48;
    const u = 1 - t;
    return {
      x: u * u * u * sx + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * ex,
      y: u * u * u * sy + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * ey,
    };
  });
}

describe("a watch arrow never runs under a box", () => {
  // The ZooKeeper recipe at 1280 (a picture held to 300 px): n4's watch on n3, with the
  // resource's box between them (review 16b #2: it ran behind the box, only its ends showed).
  const box = { x0: 231, y0: 217, x1: 351, y1: 283 };
  const view = { x0: 0, y0: 0, x1: 582, y1: 300 };
  it("drops under the box between its two nodes, and stays in the picture", () => {
    const d = watchPath({ x: 392, y: 253 }, { x: 190, y: 253 }, { x: 291, y: 181 }, 22, 26, [box], view);
    const pts = curvePoints(d);
    for (const p of pts) {
      expect(p.x > box.x0 && p.x < box.x1 && p.y > box.y0 && p.y < box.y1, `${p.x},${p.y}`).toBe(false);
      expect(p.y).toBeLessThan(view.y1);
    }
  });
  it("keeps its gentle bend when nothing is in the way", () => {
    const d = watchPath({ x: 100, y: 100 }, { x: 200, y: 100 }, { x: 150, y: 200 }, 10, 10, [box], view);
    const top = Math.min(...curvePoints(d).map((p) => p.y));
    expect(top).toBeLessThan(100);
    expect(top).toBeGreaterThan(80);
  });
});

describe("watch words and targets", () => {
  it("points at the ensemble when the watched znode's owner is not in the picture", () => {
    const f = {
      nodes: [{ id: "n1" }],
      store: {
        watches: [
          { node: "n1", session: "0x1001", path: "/election/x-n_0000000004", owner: null, seq: null },
        ],
      },
    } as never;
    const lines = watchLines(f);
    expect(lines.map((l) => l.to)).toEqual(["store"]);
    expect(watchWords(lines, "n1")).toBe("watches znode /election/x-n_0000000004, now deleted");
  });
});

describe("big-cluster label placement", () => {
  it("puts labels where they overlap neither each other nor any node, inside the picture", () => {
    // 25 nodes on a ring 300 px across.
    const at = Array.from({ length: 25 }, (_, i) => ({
      x: 300 + 150 * Math.cos((2 * Math.PI * i) / 25),
      y: 250 + 150 * Math.sin((2 * Math.PI * i) / 25),
    }));
    // The right half wide (candidates), the left half a term's digit.
    const items = at.map((p) => ({ at: p, width: p.x > 300 ? 86 : 10, height: 13 }));
    const c = placeLabels(items, { width: 600, height: 500, clear: 21 });
    const boxes = c.map((p, i) => ({
      x0: p.x - items[i].width / 2,
      x1: p.x + items[i].width / 2,
      y0: p.y - 6.5,
      y1: p.y + 6.5,
    }));
    for (const b of boxes) {
      expect(b.x0).toBeGreaterThanOrEqual(0);
      expect(b.x1).toBeLessThanOrEqual(600);
      for (const p of at)
        expect(
          Math.hypot(Math.max(b.x0, Math.min(p.x, b.x1)) - p.x, Math.max(b.y0, Math.min(p.y, b.y1)) - p.y),
        ).toBeGreaterThanOrEqual(21);
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        expect(a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1, `labels ${i} and ${j} overlap`).toBe(
          false,
        );
      }
    }
  });
});
