// The drawn width of an SVG text, measured without laying the page out. getComputedTextLength
// and getBBox make the browser finish style and layout on the spot; called while a frame's
// changes are being written (the labels' countdowns change every frame), that forced layout
// took about 2.4 ms of each frame's worker-message task (issue 18). A canvas measures the same words in the
// same font with no layout at all. The font is read once per kind of text (its tag and classes
// and its parent's), and forgotten when the picture is laid out anew (a new width can change
// which rules apply).
let ctx: CanvasRenderingContext2D | null | undefined;
const fonts = new Map<string, string>();

function context(): CanvasRenderingContext2D | null {
  if (ctx === undefined) {
    try {
      ctx = document.createElement("canvas").getContext("2d");
    } catch {
      ctx = null; // a DOM without canvas (tests)
    }
  }
  return ctx;
}

/** Width in px of `el`'s text; where there is no canvas (tests), the element's own measure, and
 *  null where there is neither. */
export function textWidth(el: Element): number | null {
  const c = context();
  if (!c) {
    const own = el as Partial<SVGTextContentElement>;
    return typeof own.getComputedTextLength === "function" ? own.getComputedTextLength() : null;
  }
  return widthIn(fontOf(el), el.textContent ?? "");
}

/** The CSS font an element's text is drawn in, read once per kind of element. */
export function fontOf(el: Element): string {
  const key = `${el.tagName}.${el.getAttribute("class") ?? ""}<${el.parentElement?.getAttribute("class") ?? ""}`;
  let font = fonts.get(key);
  if (font === undefined) {
    const cs = getComputedStyle(el);
    // The shorthand reads "" when a part of it (tabular figures) has no shorthand form.
    font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    fonts.set(key, font);
  }
  return font;
}

/** The size in px a font string names ("700 12px system-ui" -> 12). */
export function fontPx(font: string): number {
  const m = /(\d+(?:\.\d+)?)px/.exec(font);
  return m ? Number(m[1]) : 12;
}

/** Widths of words in a font, kept: the picture's labels repeat ("VoteResp term 3 ✓") frame
 *  after frame, and a paused picture is placed anew on every step. */
const widths = new Map<string, number>();

/** Width in px of `text` drawn in `font`; without a canvas (tests), a rough 0.6 em a character. */
export function widthIn(font: string, text: string): number {
  const key = `${font}|${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    const c = context();
    if (c) {
      c.font = font;
      w = c.measureText(text).width;
    } else w = text.length * fontPx(font) * 0.6;
    if (widths.size > 4000) widths.clear();
    widths.set(key, w);
  }
  return w;
}

export function forgetFonts(): void {
  fonts.clear();
  widths.clear();
}
