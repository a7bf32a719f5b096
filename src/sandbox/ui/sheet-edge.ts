// A phone's node sheet covers the lower part of the screen; its top edge must never slice a
// control in the page under it (review 10b #5: a "Why?" button in the event log was half hidden
// under the sheet, a tap target cut in two). The page is padded by the sheet's height, so every
// line can be scrolled above it; and wherever the page rests, the sheet's top moves down to the
// foot of a control it would slice (or, when that leaves too small a sheet, up over it whole).

/** What a learner can tap or focus in the page, the headings that name its parts (a heading
 *  cut in two reads as a broken page as much as a sliced button does), and the lines of text a
 *  learner reads: Latest's card once peeked out cut mid-word, "became leader: every key", above
 *  a sheet that repeated it (review 15b #12); the sheet no longer repeats it, and its edge moves
 *  under such a line or over it whole. */
const TAPPABLE =
  "button, a[href], select, input, textarea, summary, [role='button'], [tabindex='0'], h1, h2, h3, p, li, dt, dd, td, th";
/** Text blocks are kept whole only while they are a few lines: a taller one (a list holding a
 *  panel) is left to be cut between its own lines, never to lift the sheet over the picture. */
const TEXT = "p, li, dt, dd, td, th";
const TEXT_MAX_PX = 96;
/** Shorter than this the sheet covers the control instead: its title and first row stay. */
const SHEET_MIN_PX = 160;

/** The controls outside the sheet (and outside other fixed layers) that its top edge cuts. */
function slicedAt(sheet: HTMLElement, edge: number): DOMRect[] {
  const cut: DOMRect[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(TAPPABLE)) {
    if (sheet.contains(el) || el.closest(".sb-tour-dock, .sb-sheet, .sb-timebar")) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.height > TEXT_MAX_PX && el.matches(TEXT)) continue;
    if (r.top < edge - 0.5 && r.bottom > edge + 0.5) cut.push(r);
  }
  return cut;
}

/** Place the sheet's top edge on a clean line. `baseMax` is the height cap its caller set
 *  (fitSheetBelow's, under the tapped node), restored first so the edge is found afresh. */
export function clearSheetEdge(sheet: HTMLElement, baseMax: string): void {
  if (!sheet.isConnected) return;
  sheet.style.minHeight = "";
  sheet.style.maxHeight = baseMax;
  for (let i = 0; i < 3; i++) {
    const top = sheet.getBoundingClientRect().top;
    const cut = slicedAt(sheet, top);
    if (cut.length === 0) break;
    const below = Math.max(...cut.map((r) => r.bottom));
    const room = window.innerHeight - below;
    if (room >= SHEET_MIN_PX) sheet.style.maxHeight = `${Math.floor(room)}px`;
    else {
      sheet.style.minHeight = `${Math.ceil(window.innerHeight - Math.min(...cut.map((r) => r.top)))}px`;
      break;
    }
  }
  document.documentElement.style.setProperty("--sb-sheet-h", `${Math.ceil(sheet.offsetHeight)}px`);
}

/** Keep the edge clean while the sheet is open: after its content or the page changes size, and
 *  when a scroll comes to rest. Returns the stop. */
export function watchSheetEdge(sheet: HTMLElement, baseMax: () => string): () => void {
  let frame = 0;
  const check = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => clearSheetEdge(sheet, baseMax()));
  };
  const ro = typeof ResizeObserver === "function" ? new ResizeObserver(check) : null;
  for (const child of sheet.children) ro?.observe(child);
  const main = sheet.closest(".sb")?.querySelector(".sb-now, .sb-main-full, .sb-main");
  if (main) ro?.observe(main);
  window.addEventListener("scrollend", check, { passive: true });
  window.addEventListener("resize", check, { passive: true });
  return () => {
    cancelAnimationFrame(frame);
    ro?.disconnect();
    window.removeEventListener("scrollend", check);
    window.removeEventListener("resize", check);
    document.documentElement.style.removeProperty("--sb-sheet-h");
  };
}
