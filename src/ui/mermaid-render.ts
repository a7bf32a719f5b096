// Mermaid is heavy (about 160 KB gzipped), so it is imported only when a diagram mounts, and
// always in strict security mode: lesson text never becomes script.
/** One font for drawing and for Mermaid's own measuring: a sequence diagram measures its wrapped
 *  notes in its own fonts (Trebuchet first), so a note drawn in the page's font outgrew its box. */
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

import { compactChart } from "./mermaid-compact";

let mermaidReady: Promise<typeof import("mermaid").default> | null = null;

function loadMermaid(dark: boolean, narrow: boolean) {
  mermaidReady ??= import("mermaid").then((mod) => mod.default);
  return mermaidReady.then((mermaid) => {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: "strict",
      theme: dark ? "dark" : "neutral",
      // Plain SVG text is measured and drawn with the same font, so labels are never clipped.
      htmlLabels: false,
      fontFamily: FONT,
      flowchart: { htmlLabels: false },
      // Every sequence label is drawn at 16 units (Mermaid's defaults draw actors and notes at
      // 14), so the drawing's scale times 16 is its smallest text and diagram-size.ts's floor
      // holds for notes too (review 9a #2: phone notes were 8 to 9 px). No second row of actor
      // boxes under the lanes: it made the Raft election taller than a laptop screen (9a #3).
      // On a phone the lanes sit closer and messages and notes wrap to them, with room inside
      // each note box for its text.
      sequence: {
        actorFontSize: 16,
        noteFontSize: 16,
        messageFontSize: 16,
        actorFontFamily: FONT,
        noteFontFamily: FONT,
        messageFontFamily: FONT,
        mirrorActors: false,
        ...(narrow
          ? { actorMargin: 16, width: 170, wrap: true, noteMargin: 10, boxMargin: 8, diagramMarginX: 8 }
          : {}),
      },
    });
    return mermaid;
  });
}

/** Draws `chart` as SVG markup. `domId` must be unique on the page: Mermaid prefixes the
 *  drawing's ids and styles with it, so two drawings of one chart need two ids. */
export async function renderMermaid(domId: string, chart: string, frameWidth = 0): Promise<string> {
  const dark = window.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
  const narrow = window.matchMedia?.("(max-width: 640px)").matches ?? false;
  const mermaid = await loadMermaid(dark, narrow);
  // A lesson's narrow frame (a phone) gets a drawing sized for it (mermaid-compact.ts).
  const { svg } = await mermaid.render(domId, compactChart(chart.trim(), frameWidth));
  return svg;
}
