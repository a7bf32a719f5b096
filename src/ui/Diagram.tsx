// Mermaid is heavy (about 160 KB gzipped), so it is imported only when a diagram mounts, and
// always in strict security mode: lesson text never becomes script.
import { useEffect, useId, useState } from "react";

type Rendered = { svg: string } | { error: string } | null;

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

export function Diagram({ chart, caption }: { chart: string; caption: string }) {
  const rawId = useId();
  const [rendered, setRendered] = useState<Rendered>(null);

  useEffect(() => {
    let cancelled = false;
    const dark = window.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
    const domId = `mermaid-${rawId.replace(/[^a-zA-Z0-9]/g, "")}`;
    loadMermaid(dark)
      .then((mermaid) => mermaid.render(domId, chart.trim()))
      .then(({ svg }) => !cancelled && setRendered({ svg }))
      .catch((err: unknown) => {
        if (!cancelled) setRendered({ error: err instanceof Error ? err.message : String(err) });
      });
    return () => {
      cancelled = true;
    };
  }, [chart, rawId]);

  return (
    <figure className="diagram">
      {rendered === null && <p className="diagram-loading">Drawing the diagram…</p>}
      {rendered && "svg" in rendered && (
        <div
          className="diagram-svg"
          role="img"
          aria-label={caption}
          // Mermaid output in strict mode is sanitised by Mermaid itself (DOMPurify).
          dangerouslySetInnerHTML={{ __html: rendered.svg }}
        />
      )}
      {rendered && "error" in rendered && (
        <div className="diagram-error" role="alert">
          <p>This diagram could not be drawn: {rendered.error}</p>
          <pre>{chart}</pre>
        </div>
      )}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
