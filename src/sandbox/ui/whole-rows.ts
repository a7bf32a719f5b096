// A scroll box of table rows whose edge never cuts a row. Its height is capped in the style sheet
// (Last writes beside the picture: the heading row and four one-line writes); a row that wraps
// (a refusal's result beside a tour's narrower column, "⊘ refused: / 2 < 3") made the fourth row
// two lines tall, and the cap cut its second line off at the card's bottom, the words the row was
// about (review 18b #2). Here the box ends at a row's edge: the nearest one to the cap, so it
// grows by at most half a row and otherwise shows one row fewer, the rest a scroll away.
import { useLayoutEffect, type RefObject } from "react";

/** The height the box should have so that no row is cut at its bottom, in px, or null when every
 *  row fits under the cap. `cap`: the style sheet's max-height; `rows`: each body row's top and
 *  bottom inside the box's content (the header row above the first); `head`: the header's bottom. */
export function wholeRowsHeight(
  cap: number,
  head: number,
  rows: readonly { top: number; bottom: number }[],
): number | null {
  const cut = rows.find((r) => r.bottom > cap + 0.5);
  if (!cut) return null;
  // A row cut at its top is left out; one mostly shown, or the first, is shown whole.
  if (cut.top >= cap - 0.5) return cut.top;
  const shown = (cap - cut.top) / (cut.bottom - cut.top);
  return shown >= 0.5 || cut.top <= head + 0.5 ? cut.bottom : cut.top;
}

/** Keeps the scroll box `ref` ending at a row's edge: on every change of `rows` and of its width
 *  (a narrower column wraps more rows). */
export function useWholeRows(ref: RefObject<HTMLElement | null>, rows: unknown): void {
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const fit = () => {
      box.style.maxHeight = "";
      const cap = parseFloat(getComputedStyle(box).maxHeight);
      if (!Number.isFinite(cap)) return;
      const at = box.getBoundingClientRect().top - box.scrollTop;
      const place = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { top: r.top - at, bottom: r.bottom - at };
      };
      const thead = box.querySelector("thead");
      const head = thead ? place(thead).bottom : 0;
      const height = wholeRowsHeight(cap, head, [...box.querySelectorAll("tbody > tr")].map(place));
      if (height !== null) box.style.maxHeight = `${Math.ceil(height)}px`;
    };
    fit();
    if (typeof ResizeObserver !== "function") return undefined;
    let width = box.clientWidth;
    const ro = new ResizeObserver(() => {
      if (box.clientWidth === width) return;
      width = box.clientWidth;
      fit();
    });
    ro.observe(box);
    return () => ro.disconnect();
  }, [ref, rows]);
}
