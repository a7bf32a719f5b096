// Mermaid is heavy (about 160 KB gzipped), so it is imported only when a diagram mounts, and
// always in strict security mode: lesson text never becomes script.
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
      fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
      flowchart: { htmlLabels: false },
      // On a phone a sequence diagram's lanes sit closer, and its messages and notes wrap to
      // them, so every lane shows at once (review 8a #4: only n1's lane showed, labels cut).
      sequence: narrow
        ? { actorMargin: 12, width: 136, wrap: true, noteMargin: 6, boxMargin: 6, diagramMarginX: 8 }
        : {},
    });
    return mermaid;
  });
}

/** Draws `chart` as SVG markup. `domId` must be unique on the page: Mermaid prefixes the
 *  drawing's ids and styles with it, so two drawings of one chart need two ids. */
export async function renderMermaid(domId: string, chart: string): Promise<string> {
  const dark = window.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
  const narrow = window.matchMedia?.("(max-width: 640px)").matches ?? false;
  const mermaid = await loadMermaid(dark, narrow);
  const { svg } = await mermaid.render(domId, chart.trim());
  return svg;
}
