// The screen audit's checks that the picture's lines keep clear of its boxes and words (review
// 16b #2 and #5): no link or watch arrow runs under the store's or the resource's box unless it
// ends there, the two boxes keep 8 px apart, and no line runs through a message label that has
// no backing of its own. In page pixels, from what is drawn.
import type { Page } from "@playwright/test";

const cluster = (page: Page) => page.getByRole("group", { name: /^Cluster view/ });

export async function clearProblems(page: Page, where: string): Promise<string[]> {
  return cluster(page).evaluate((svg, at) => {
    const out: string[] = [];
    const shown = (el: Element) => {
      for (let e: Element | null = el; e && e !== svg; e = e.parentElement) {
        const cs = getComputedStyle(e);
        if (cs.display === "none" || cs.visibility === "hidden" || cs.opacity === "0") return false;
      }
      return true;
    };
    type Box = { name: string; x0: number; y0: number; x1: number; y1: number };
    const boxes: Box[] = [];
    for (const [sel, name] of [
      [".sb-store-body", "store"],
      [".sb-resource-body", "resource"],
    ] as const) {
      const el = svg.querySelector(sel);
      if (!el || !shown(el)) continue;
      const b = el.getBoundingClientRect();
      if (b.width > 0) boxes.push({ name, x0: b.x, y0: b.y, x1: b.right, y1: b.bottom });
    }
    if (boxes.length === 2) {
      const [s, r] = boxes;
      const gap = Math.max(r.x0 - s.x1, s.x0 - r.x1, r.y0 - s.y1, s.y0 - r.y1);
      if (gap < 8) out.push(`${at}: the store's and the resource's boxes are ${gap.toFixed(1)} px apart`);
    }
    // Inside a box by more than 2 px: a line that only touches its border is not under it.
    const under = (x: number, y: number, b: Box) =>
      x > b.x0 + 2 && x < b.x1 - 2 && y > b.y0 + 2 && y < b.y1 - 2;
    const sample = (path: SVGPathElement) => {
      const len = path.getTotalLength();
      const m = path.getScreenCTM();
      if (!m || !len) return [];
      return Array.from({ length: Math.ceil(len / 2) + 1 }, (_, k) => {
        const p = path.getPointAtLength(Math.min(len, k * 2));
        const q = new DOMPoint(p.x, p.y).matrixTransform(m);
        return { x: q.x, y: q.y };
      });
    };
    const links = [...svg.querySelectorAll<SVGPathElement>("g.sb-linkbtn .sb-link")].filter(shown);
    const lines = links.map((l) => ({
      l,
      key: l.parentElement?.getAttribute("data-link") ?? "",
      pts: sample(l),
    }));
    for (const { key, pts } of lines)
      for (const b of boxes) {
        if (key.split("|").includes(b.name)) continue;
        if (pts.some((p) => under(p.x, p.y, b)))
          out.push(`${at}: the link ${key} runs under the ${b.name}'s box`);
      }
    for (const w of svg.querySelectorAll<SVGPathElement>("path.sb-watch")) {
      if (!shown(w)) continue;
      const pts = sample(w);
      const name = `${w.getAttribute("data-from")}→${w.getAttribute("data-to")}`;
      for (const b of boxes) {
        if (b.name === "store" && w.getAttribute("data-to") === "store") continue;
        if (pts.some((p) => under(p.x, p.y, b)))
          out.push(`${at}: the watch arrow ${name} runs under the ${b.name}'s box`);
      }
    }
    // A message label crossed by a link, with no backing drawn under it.
    const backs = [...svg.querySelectorAll(".sb-msg-back")]
      .filter(shown)
      .map((r) => r.getBoundingClientRect());
    for (const t of svg.querySelectorAll<SVGTextElement>("text.sb-msg-label")) {
      if (!shown(t) || !(t.textContent ?? "").trim()) continue;
      const b = t.getBoundingClientRect();
      const backed = backs.some(
        (r) => r.x <= b.x + 1 && r.y <= b.y + 1 && r.right >= b.right - 1 && r.bottom >= b.bottom - 1,
      );
      if (backed) continue;
      const box = { name: "", x0: b.x, y0: b.y, x1: b.right, y1: b.bottom };
      for (const { key, pts } of lines)
        if (pts.some((p) => under(p.x, p.y, box))) {
          out.push(`${at}: the link ${key} runs through the label "${t.textContent}"`);
          break;
        }
    }
    return out;
  }, where);
}
