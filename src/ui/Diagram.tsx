// A lesson diagram: Mermaid source drawn as SVG, at its natural size when the page has room and
// never below 12 px labels (diagram-size.ts). A figure wider than the text column takes the
// page's content width (theme.css); wider still, on a phone, its frame scrolls sideways with an
// edge fade and a hint, and a button opens it full screen (DiagramDialog.tsx).
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { sizeDrawing } from "./diagram-size";
import { DiagramDialog } from "./DiagramDialog";
import { renderMermaid } from "./mermaid-render";
import { useMediaQuery } from "./use-media-query";

export { minDiagramWidth } from "./diagram-size";

type Rendered = { svg: string } | { error: string } | null;
/** Which edges of a scrolling frame hide more of the drawing. */
type Edges = { left: boolean; right: boolean };

/** The drawing's x centre of the first label whose text contains `text`, in the frame's scroll
 *  coordinates, or null when no label does. */
function labelCentre(frame: HTMLElement, text: string): number | null {
  const want = text.toLowerCase();
  for (const el of frame.querySelectorAll("text, foreignObject, span")) {
    if (!(el.textContent ?? "").toLowerCase().includes(want)) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0) continue;
    return box.left + box.width / 2 - frame.getBoundingClientRect().left + frame.scrollLeft;
  }
  return null;
}

export function Diagram({ chart, caption, focus }: { chart: string; caption: string; focus?: string }) {
  const rawId = useId();
  const domId = `mermaid-${rawId.replace(/[^a-zA-Z0-9]/g, "")}`;
  const [rendered, setRendered] = useState<Rendered>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const [edges, setEdges] = useState<Edges | null>(null);
  const [full, setFull] = useState(false);
  // A drawing wider than its frame opens once on the part the lesson is about (its `focus`
  // label, such as the lane that refuses the write), not always on its left edge; but on a
  // phone it opens on its left edge, the first lane in view, as a reader starts a sequence
  // (review 6a #4: the fencing diagram opened in the middle, worker A's lane cut off).
  const focused = useRef(false);
  // A touch screen is told to swipe and tap: it has no arrow keys to mention.
  const touch = useMediaQuery("(pointer: coarse)");
  // On a phone a drawing that scrolls says so above itself, beside its Full screen button: under
  // a sequence diagram 700 px tall, the cue came after the cut drawing (review 4a #8).
  const narrow = useMediaQuery("(max-width: 640px)");

  const figureRef = useRef<HTMLElement>(null);
  useEffect(() => {
    let cancelled = false;
    // The room inside the figure's padding: on a phone the drawing is made for it.
    const fig = figureRef.current;
    const pad = fig
      ? parseFloat(getComputedStyle(fig).paddingLeft) + parseFloat(getComputedStyle(fig).paddingRight)
      : 0;
    // Inside a closed deep dive the figure has no width yet: a phone's column is the window less
    // the page's and the figure's margins.
    const room = (fig ? fig.clientWidth - pad : 0) || (window.innerWidth <= 640 ? window.innerWidth - 50 : 0);
    renderMermaid(domId, chart, room).then(
      (svg) => !cancelled && setRendered({ svg }),
      (err: unknown) =>
        !cancelled && setRendered({ error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      cancelled = true;
    };
  }, [chart, domId]);

  // Size the drawing, then watch whether its frame must scroll: only a frame that scrolls becomes
  // a tab stop (so the keyboard can scroll it) and shows the fade and the hint.
  useLayoutEffect(() => {
    const frame = frameRef.current;
    const svg = frame?.querySelector("svg");
    if (!frame || !svg) return;
    // Never below 12 px, on a phone too: a phone's drawing wider than its frame scrolls sideways
    // inside it (review 9a #2: shrunk to 10 px labels, notes were 8 to 9 px).
    sizeDrawing(svg);
    const measure = () => {
      const scrolls = frame.scrollWidth > frame.clientWidth + 1;
      if (scrolls && focus && !focused.current && !narrow) {
        const x = labelCentre(frame, focus);
        if (x !== null) {
          focused.current = true;
          frame.scrollLeft = Math.max(
            0,
            Math.min(frame.scrollWidth - frame.clientWidth, x - frame.clientWidth / 2),
          );
        }
      }
      const next = scrolls
        ? { left: frame.scrollLeft > 1, right: frame.scrollLeft + frame.clientWidth < frame.scrollWidth - 1 }
        : null;
      setEdges((old) => (old?.left === next?.left && old?.right === next?.right ? old : next));
    };
    measure();
    // The frame and the drawing are both watched: the drawing's width can settle after the
    // frame's own size has (seen once in CI), and a frame that scrolls without being a tab stop
    // would shut keyboard users out of half the drawing. A drawing inside a closed deep dive is
    // not laid out until it opens: measure on opening too.
    const details = frame.closest("details");
    details?.addEventListener("toggle", measure);
    frame.addEventListener("scroll", measure, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(frame);
    observer?.observe(svg);
    return () => {
      observer?.disconnect();
      frame.removeEventListener("scroll", measure);
      details?.removeEventListener("toggle", measure);
    };
  }, [rendered, focus, narrow]);

  const close = useCallback(() => {
    setFull(false);
    openerRef.current?.focus();
  }, []);

  const hintId = `${rawId}-hint`;
  const captionId = `${rawId}-caption`;
  const scrolls = edges !== null;
  // The hint points where the rest is: a drawing opened on its key part may hide both sides.
  const arrows = edges?.left && edges.right ? "← →" : edges?.left ? "←" : "→";
  const toolsFirst = narrow && scrolls;
  const tools = (
    <div className={`diagram-tools${toolsFirst ? " diagram-tools-first" : ""}`}>
      {scrolls && (
        <p className="diagram-hint" id={hintId}>
          {touch ? (
            <>
              Swipe sideways <span aria-hidden="true">{arrows}</span> for the rest, or tap Full screen to see
              it whole.
            </>
          ) : (
            <>
              Scroll sideways <span aria-hidden="true">{arrows}</span> (arrow keys work too), or open it full
              screen.
            </>
          )}
        </p>
      )}
      <button
        ref={openerRef}
        type="button"
        className="button small diagram-full"
        aria-haspopup="dialog"
        aria-describedby={captionId}
        onClick={() => setFull(true)}
      >
        <span aria-hidden="true">⤢ </span>Full screen
      </button>
    </div>
  );
  return (
    <figure className="diagram" ref={figureRef}>
      {rendered === null && <p className="diagram-loading">Drawing the diagram…</p>}
      {rendered && "svg" in rendered && (
        <>
          {toolsFirst && tools}
          <div
            className="diagram-viewport"
            data-more-left={edges?.left ? "" : undefined}
            data-more-right={edges?.right ? "" : undefined}
          >
            <div
              ref={frameRef}
              className="diagram-svg"
              role={scrolls ? "region" : undefined}
              aria-label={scrolls ? `Diagram: ${caption}` : undefined}
              aria-describedby={scrolls ? hintId : undefined}
              tabIndex={scrolls ? 0 : undefined}
            >
              <div
                role="img"
                aria-label={caption}
                // Mermaid output in strict mode is sanitised by Mermaid itself (DOMPurify).
                dangerouslySetInnerHTML={{ __html: rendered.svg }}
              />
            </div>
          </div>
          {!toolsFirst && tools}
          <DiagramDialog
            chart={chart}
            caption={caption}
            domId={`${domId}-full`}
            open={full}
            onClose={close}
          />
        </>
      )}
      {rendered && "error" in rendered && (
        <div className="diagram-error" role="alert">
          <p>This diagram could not be drawn: {rendered.error}</p>
          <pre>{chart}</pre>
        </div>
      )}
      <figcaption id={captionId}>{caption}</figcaption>
    </figure>
  );
}
