// The screen audit's lesson-diagram checks: every Mermaid figure of a lesson, measured by bounding
// boxes. At 1280 a drawing fits its frame unscrolled and is at most 750 px tall (one laptop screen
// with its caption); on a phone a drawing may be wider than its frame, but then the frame scrolls
// sideways over the whole drawing. At both widths every text is at least 12 px, none is cut by
// the drawing's edge, a note's words stay inside its box, and a message's words carry a halo
// that parts the lanes they cross (review 9a #2 and #3).
import { expect } from "./fixtures";
import type { Page } from "@playwright/test";

/** The lessons that draw Mermaid diagrams (content/lessons/*.mdx with <Diagram>). */
export const DIAGRAM_LESSONS = [
  "why-a-leader",
  "role-state-machine",
  "bully-and-ring",
  "raft-election",
  "zab",
  "leases-on-a-store",
  "fencing-tokens",
  "kubernetes-leases",
  "timing-and-self-demotion",
  "down-the-stack",
  "database-and-chubby",
  "tuning",
];

/** Opens a lesson with its deep dives open and waits until every diagram is drawn. */
async function openDiagrams(page: Page, lesson: string): Promise<void> {
  await page.goto(`/learn/${lesson}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 60_000 });
  // Diagrams in a deep dive are laid out only once it opens.
  await page
    .locator("article details:not([open]) > summary")
    .evaluateAll((els) => els.forEach((s) => ((s.parentElement as HTMLDetailsElement).open = true)));
  const figures = page.locator("figure.diagram");
  await expect(figures.first().locator(".diagram-svg svg")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("Drawing the diagram…")).toHaveCount(0, { timeout: 60_000 });
}

/** Every fault of every diagram in `lesson`, as sentences; none when all is well. */
export async function diagramProblems(page: Page, lesson: string, phone: boolean): Promise<string[]> {
  await openDiagrams(page, lesson);
  const found = await page.locator("figure.diagram").evaluateAll(
    (figs, phone) =>
      figs.flatMap((fig, k) => {
        const svg = fig.querySelector<SVGSVGElement>(".diagram-svg svg");
        const frame = fig.querySelector<HTMLElement>(".diagram-svg");
        if (!svg || !frame) return [`diagram ${k + 1} is not drawn`];
        const out: string[] = [];
        const box = svg.getBoundingClientRect();
        const name = `diagram ${k + 1}`;
        if (phone) {
          // The frame may scroll, but over the whole drawing: nothing beyond its scroll width.
          if (frame.scrollWidth > frame.clientWidth + 1 && frame.getAttribute("role") !== "region")
            out.push(`${name} scrolls without being a marked sideways scroller`);
          const left = box.left - frame.getBoundingClientRect().left + frame.scrollLeft;
          if (left < -1 || left + box.width > frame.scrollWidth + 1)
            out.push(
              `${name} runs past its scroller (${Math.round(left + box.width)} of ${frame.scrollWidth} px)`,
            );
        } else {
          // Every box between the drawing and its figure is a frame it must fit, unscrolled.
          for (let el: Element | null = svg.parentElement; el; el = el.parentElement) {
            const f = el.getBoundingClientRect();
            if (box.left < f.left - 1 || box.right > f.right + 1 || el.scrollWidth > el.clientWidth + 1) {
              out.push(
                `${name} is ${Math.round(box.width)} px wide, its frame ${Math.round(Math.min(f.width, el.clientWidth))} px`,
              );
              break;
            }
            if (el === fig) break;
          }
          if (box.height > 750) out.push(`${name} is ${Math.round(box.height)} px tall`);
        }
        const vb = svg.viewBox.baseVal;
        const scale = vb && vb.width > 0 ? box.width / vb.width : 1;
        let smallest = Infinity;
        for (const t of svg.querySelectorAll("text")) {
          const words = (t.textContent ?? "").trim();
          if (!words) continue;
          smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * scale);
          const r = t.getBoundingClientRect();
          if (r.left < box.left - 1 || r.right > box.right + 1)
            out.push(`${name} cuts "${words}" at its edge`);
          if (t.classList.contains("messageText") && getComputedStyle(t).stroke === "none")
            out.push(`${name}'s message "${words}" has no halo over the lanes it crosses`);
        }
        if (smallest < 12) out.push(`${name}'s smallest text is ${smallest.toFixed(1)} px`);
        // A note's words inside its box, with a little room at each side.
        for (const note of svg.querySelectorAll("rect.note")) {
          const nb = note.getBoundingClientRect();
          for (const t of note.parentElement?.querySelectorAll("text") ?? []) {
            const r = t.getBoundingClientRect();
            if (r.width > 0 && (r.left < nb.left + 1 || r.right > nb.right - 1))
              out.push(`${name}'s note "${(t.textContent ?? "").trim()}" overflows its box`);
          }
        }
        return out;
      }),
    phone,
  );
  return found.map((p) => `${lesson}: ${p}`);
}
