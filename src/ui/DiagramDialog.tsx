// A lesson diagram full screen: the whole screen for one drawing, with zoom, for a phone where the
// page's frame shows one or two lanes at a time. A native modal dialog, so the keyboard stays in
// it and Escape closes it; the figure that opened it takes the focus back (Diagram.tsx).
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { fitScale, MIN_DIAGRAM_SCALE, scaleDrawing } from "./diagram-size";
import { renderMermaid } from "./mermaid-render";
import { useMediaQuery } from "./use-media-query";

const MAX_ZOOM = 2.5;
const STEP = 1.25;

type Drawn = { svg: string } | { error: string } | null;

/** The zoom the view opens at, and the one "Fit" returns to: the whole drawing when its labels
 *  stay at 12 px or more that way (MIN_DIAGRAM_SCALE); else its full width, scrolling down, when
 *  that keeps them at 12 px; else 12 px labels, scrolling both ways. Never past twice the natural
 *  size. `whole` and `width` are the zooms that fit the whole drawing and its width; without a
 *  laid-out frame (not positive) it is 1. A phone once opened a sequence diagram at 40 % (6 px
 *  labels), too small to read, with half the screen empty below it. */
export function openingZoom(whole: number, width: number): number {
  if (!(width > 0)) return 1;
  return Math.min(whole >= MIN_DIAGRAM_SCALE ? whole : Math.max(width, MIN_DIAGRAM_SCALE), 2);
}

export function DiagramDialog({
  chart,
  caption,
  domId,
  open,
  onClose,
}: {
  chart: string;
  caption: string;
  /** unique on the page: the full-screen drawing is a second drawing with its own ids */
  domId: string;
  open: boolean;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [drawn, setDrawn] = useState<Drawn>(null);
  const [zoom, setZoom] = useState<number | null>(null);
  // The zoom that fits (see openingZoom) and the one that shows the whole drawing.
  const [fit, setFit] = useState<{ open: number; whole: number }>({ open: 1, whole: 1 });
  const upright = useMediaQuery("(max-width: 640px) and (orientation: portrait)");
  // Turned sideways (or back), the view fits the drawing again to the new screen.
  const [seenUpright, setSeenUpright] = useState(upright);
  if (seenUpright !== upright) {
    setSeenUpright(upright);
    setZoom(null);
  }

  // Drawn the first time it opens, then kept.
  useEffect(() => {
    if (!open || drawn) return;
    let live = true;
    renderMermaid(domId, chart).then(
      (svg) => live && setDrawn({ svg }),
      (err: unknown) => live && setDrawn({ error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [open, drawn, domId, chart]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The drawing's frame takes the focus, so the arrow keys pan it at once.
      bodyRef.current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => onClose();
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, [onClose]);

  useLayoutEffect(() => {
    const body = bodyRef.current;
    const svg = body?.querySelector("svg");
    if (!open || !body || !svg) return;
    if (zoom === null) {
      // The frame's padding stays clear of the drawing.
      const width = body.clientWidth - 32;
      const whole = fitScale(svg, { width, height: body.clientHeight - 32 }) ?? 1;
      const byWidth = fitScale(svg, { width, height: Number.POSITIVE_INFINITY }) ?? 1;
      const open = openingZoom(whole, byWidth);
      setFit({ open, whole: whole > 0 ? whole : open });
      setZoom(open);
      return;
    }
    scaleDrawing(svg, zoom);
  }, [open, drawn, zoom]);

  const minZoom = Math.min(fit.whole, fit.open, MIN_DIAGRAM_SCALE);
  const atFit = zoom !== null && Math.abs(zoom - fit.open) < 1e-6;
  const change = (factor: number) => setZoom((z) => Math.min(MAX_ZOOM, Math.max(minZoom, (z ?? 1) * factor)));

  return (
    <dialog ref={ref} className="diagram-dialog" aria-labelledby={titleId}>
      <div className="diagram-dialog-bar">
        <p className="diagram-dialog-title" id={titleId}>
          Diagram, full screen
        </p>
        <div className="diagram-dialog-zoom" role="group" aria-label="Zoom">
          <button
            type="button"
            className="button small"
            onClick={() => change(1 / STEP)}
            disabled={zoom === null || zoom <= minZoom + 1e-6}
          >
            <span aria-hidden="true">− </span>Zoom out
          </button>
          <output className="diagram-dialog-level">
            {zoom === null ? "" : `${Math.round(zoom * 100)} %`}
          </output>
          <button
            type="button"
            className="button small"
            onClick={() => change(STEP)}
            disabled={zoom === null || zoom >= MAX_ZOOM - 1e-6}
          >
            <span aria-hidden="true">+ </span>Zoom in
          </button>
          <button
            type="button"
            className="button small"
            onClick={() => setZoom(fit.open)}
            disabled={zoom === null || atFit}
          >
            Fit
          </button>
        </div>
        <p className="diagram-dialog-hint">
          Pinch or use + to zoom
          {/* Upright, a phone is too narrow for a lesson's sequence diagram at a readable size
              (about 850 px wide); turned sideways it fits the width at 12 px labels or more. */}
          {upright && (
            <strong className="diagram-dialog-turn">; turn your phone sideways to see it whole</strong>
          )}
        </p>
        <button type="button" className="button small primary" onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
      <div
        ref={bodyRef}
        className="diagram-dialog-body"
        tabIndex={0}
        role="region"
        aria-label={`Diagram: ${caption}`}
      >
        {drawn === null && open && <p className="diagram-dialog-loading">Drawing the diagram…</p>}
        {drawn && "svg" in drawn && (
          // Mermaid output in strict mode is sanitised by Mermaid itself (DOMPurify).
          <div role="img" aria-label={caption} dangerouslySetInnerHTML={{ __html: drawn.svg }} />
        )}
        {drawn && "error" in drawn && <p role="alert">This diagram could not be drawn: {drawn.error}</p>}
      </div>
      {/* Under the panning frame, not in it: the caption is always whole, whatever the zoom
          (review 17a #16: at the opening 145 % its last line was cut by the screen's edge). */}
      <p className="diagram-dialog-caption">{caption}</p>
    </dialog>
  );
}
