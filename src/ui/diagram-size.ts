// How big a lesson diagram is drawn. Mermaid writes every label at 16 units of its viewBox, so
// the drawing's scale on screen is its label size: at 1 the labels are 16 px, at 0.75 they are
// 12 px, the smallest the course shows. A drawing takes its natural size when there is room,
// shrinks to fit its frame down to that floor, and below the floor its frame scrolls sideways.

/** Labels at 12 px: the smallest scale a diagram is ever drawn at. */
export const MIN_DIAGRAM_SCALE = 0.75;

/** The drawing's width in viewBox units, or null when it has no usable viewBox. */
export function viewBoxWidth(svg: SVGSVGElement): number | null {
  const vb = svg
    .getAttribute("viewBox")
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const width = vb && vb.length === 4 ? vb[2] : NaN;
  return Number.isFinite(width) && width > 0 ? width : null;
}

/** The narrowest a drawing may be, in px: its viewBox width at the minimum scale. */
export function minDiagramWidth(svg: SVGSVGElement, minScale = MIN_DIAGRAM_SCALE): number | null {
  const width = viewBoxWidth(svg);
  return width === null ? null : Math.ceil(width * minScale);
}

/** Sizes a drawing in a lesson: its natural width (labels at 16 px), never wider than its frame,
 *  never narrower than the legible minimum. Mermaid's own inline max-width is replaced. */
export function sizeDrawing(svg: SVGSVGElement, minScale = MIN_DIAGRAM_SCALE): void {
  const width = viewBoxWidth(svg);
  if (width === null) {
    svg.style.width = "100%";
    return;
  }
  svg.style.width = `${Math.ceil(width)}px`;
  svg.style.maxWidth = "100%";
  svg.style.minWidth = `${minDiagramWidth(svg, minScale)}px`;
}

/** Sizes a drawing at `scale` times its viewBox (the full-screen view's zoom). */
export function scaleDrawing(svg: SVGSVGElement, scale: number): void {
  const width = viewBoxWidth(svg);
  if (width === null) return;
  svg.style.width = `${Math.round(width * scale)}px`;
  svg.style.maxWidth = "none";
  svg.style.minWidth = "0";
}

/** The zoom that shows the whole drawing in a box, or null without a viewBox. */
export function fitScale(svg: SVGSVGElement, box: { width: number; height: number }): number | null {
  const vb = svg
    .getAttribute("viewBox")
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (!vb || vb.length !== 4 || !(vb[2] > 0) || !(vb[3] > 0)) return null;
  return Math.min(box.width / vb[2], box.height / vb[3]);
}
