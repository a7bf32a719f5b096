// Mermaid is heavy (about 160 KB gzipped), so it is imported only when a diagram mounts, and
// always in strict security mode: lesson text never becomes script.
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";

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

/** Below this scale Mermaid's 16-unit labels fall under 11 px. On a phone the drawing keeps at
 *  least this size and its frame scrolls sideways instead of shrinking the text to 5 px. */
export const MIN_DIAGRAM_SCALE = 0.7;

/** The width, in px, a drawing needs so its text stays legible: its viewBox width at the minimum
 *  scale. Null when the SVG has no usable viewBox (then it simply fits the column). */
export function minDiagramWidth(svg: SVGSVGElement): number | null {
  const vb = svg.getAttribute("viewBox")?.trim().split(/[\s,]+/).map(Number);
  const width = vb && vb.length === 4 ? vb[2] : NaN;
  return Number.isFinite(width) && width > 0 ? Math.ceil(width * MIN_DIAGRAM_SCALE) : null;
}

export function Diagram({ chart, caption }: { chart: string; caption: string }) {
  const rawId = useId();
  const [rendered, setRendered] = useState<Rendered>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);

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

  // Give the drawing its legible minimum width, then watch whether the frame must scroll: only a
  // frame that scrolls becomes a tab stop (so the keyboard can scroll it) and shows the hint.
  useLayoutEffect(() => {
    const frame = frameRef.current;
    const svg = frame?.querySelector("svg");
    if (!frame || !svg) return;
    const min = minDiagramWidth(svg);
    if (min) svg.style.minWidth = `${min}px`;
    const measure = () => setOverflows(frame.scrollWidth > frame.clientWidth + 1);
    measure();
    // The frame and the drawing are both watched: the drawing's width can settle after the
    // frame's own size has (seen once in CI), and a frame that scrolls without being a tab stop
    // would shut keyboard users out of half the drawing. A drawing inside a closed deep dive is
    // not laid out until it opens: measure on opening too.
    const details = frame.closest("details");
    details?.addEventListener("toggle", measure);
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(frame);
    observer?.observe(svg);
    return () => {
      observer?.disconnect();
      details?.removeEventListener("toggle", measure);
    };
  }, [rendered]);

  const hintId = `${rawId}-hint`;
  return (
    <figure className="diagram">
      {rendered === null && <p className="diagram-loading">Drawing the diagram…</p>}
      {rendered && "svg" in rendered && (
        <>
          <div
            ref={frameRef}
            className="diagram-svg"
            role={overflows ? "region" : undefined}
            aria-label={overflows ? `Diagram: ${caption}` : undefined}
            aria-describedby={overflows ? hintId : undefined}
            tabIndex={overflows ? 0 : undefined}
          >
            <div
              role="img"
              aria-label={caption}
              // Mermaid output in strict mode is sanitised by Mermaid itself (DOMPurify).
              dangerouslySetInnerHTML={{ __html: rendered.svg }}
            />
          </div>
          {overflows && (
            <p className="diagram-hint" id={hintId}>
              <span aria-hidden="true">↔ </span>Wider than the page: scroll it sideways, or focus it and use the arrow keys.
            </p>
          )}
        </>
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
