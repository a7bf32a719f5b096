// @vitest-environment happy-dom
// Measuring text (getComputedTextLength) makes the browser lay the page out on the spot; the
// cluster view did it for the resource's lines and the side labels on every frame, about 2.4 ms
// of each frame's worker-message task while a run played (issue 18). It now measures a text only when
// its words or its class changed, and the boxes still fit what they hold.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act } from "@testing-library/react";
import { settle } from "../testing.ts";
import { mountedCluster } from "./cluster-mount.fixture.ts";

// happy-dom lays nothing out: a text measures 7 px per character.
let measured: string[] = [];
const cleanups: Array<() => void> = [];
beforeEach(() => {
  type Measurable = { getComputedTextLength?: () => number };
  const protos = new Set(
    ["text", "tspan"].map(
      (tag) =>
        Object.getPrototypeOf(document.createElementNS("http://www.w3.org/2000/svg", tag)) as Measurable,
    ),
  );
  const had = [...protos].map(
    (p) => [p, Object.getOwnPropertyDescriptor(p, "getComputedTextLength")] as const,
  );
  for (const p of protos) {
    p.getComputedTextLength = function (this: SVGElement) {
      measured.push(this.textContent ?? "");
      return (this.textContent ?? "").length * 7;
    };
  }
  cleanups.push(() => {
    for (const [p, d] of had) {
      if (d) Object.defineProperty(p, "getComputedTextLength", d);
      else delete p.getComputedTextLength;
    }
    measured = [];
  });
});
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function mounted(preset: string, at: number) {
  const { c, host } = await mountedCluster(preset, at, cleanups);
  const seek = async (t: number) => {
    await act(async () => {
      c.dispatch({ type: "seek", t });
      await settle(12);
    });
    expect(c.store.getState().frame?.t).toBe(t);
  };
  return { c, host, seek };
}

const resourceLines = (host: HTMLElement) =>
  [...host.querySelectorAll("g.sb-resource text")].map((t) => t.textContent ?? "");
const resourceWidth = (host: HTMLElement) =>
  Number(host.querySelector("g.sb-resource rect.sb-resource-body")?.getAttribute("width"));

describe("the cluster view measures text only when it changed", () => {
  it("redraws a new frame with the same words without measuring, and one with new words with", async () => {
    const { host, seek } = await mounted("fencing-diagram", 20_000);
    expect(measured.length).toBeGreaterThan(0); // the first drawing measures
    const lines = resourceLines(host);
    measured = [];
    await seek(20_000); // a new frame, the same words
    expect(resourceLines(host)).toEqual(lines);
    expect(measured).toEqual([]);
    // Back to before the first write: the resource's last line changes, and is measured.
    await seek(1_000);
    expect(resourceLines(host)).not.toEqual(lines);
    expect(measured.some((m) => resourceLines(host).includes(m))).toBe(true);
  });

  it("keeps the resource's box as wide as its longest line, through new layouts and new words", async () => {
    const { host, seek } = await mounted("zab-failover", 30_000);
    // Each line as drawn (this DOM: 7 px a character), widened by what its numbers need to be
    // written at three digits (measured apart: 0.6 em of jsdom's 16 px a character), so a token
    // reaching 105 never widens the box mid-run (resource-fit.ts).
    const roomy = (l: string) => l.replace(/\d+/g, (d) => d.padStart(3, "0"));
    const fits = () =>
      resourceWidth(host) ===
      Math.ceil(
        Math.max(
          168,
          ...resourceLines(host).map((l) => l.length * 7 + (roomy(l).length - l.length) * 9.6 + 18),
        ),
      );
    expect(fits()).toBe(true);
    for (const t of [5_000, 30_000, 12_000]) {
      await seek(t);
      expect(fits()).toBe(true);
    }
  });
});
