// Mermaid is heavy (about 160 KB gzipped), so it is imported only when a diagram mounts, and
// always in strict security mode: lesson text never becomes script.
let mermaidReady: Promise<typeof import("mermaid").default> | null = null;

function loadMermaid(dark: boolean) {
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
    });
    return mermaid;
  });
}

/** Draws `chart` as SVG markup. `domId` must be unique on the page: Mermaid prefixes the
 *  drawing's ids and styles with it, so two drawings of one chart need two ids. */
export async function renderMermaid(domId: string, chart: string): Promise<string> {
  const dark = window.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
  const mermaid = await loadMermaid(dark);
  const { svg } = await mermaid.render(domId, chart.trim());
  return svg;
}
