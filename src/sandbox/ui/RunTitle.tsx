// The run's name and one line on it, over the picture (cut to a fixed height, with Read more).
import { useId, useLayoutEffect, useRef, useState } from "react";
import { isProtocol, specOf } from "../../engine/index.ts";
import { plannedFaults, watchLineOf } from "../caption.ts";
import { DEFAULT_DESCRIPTION } from "../scenarios.ts";
import { tourPlanWords } from "../tour-plan-words.ts";
import { presetRunLine } from "../run-head-line.ts";
import { useSandbox } from "./context.ts";

/** The run's name and one line on it. The line follows what is on screen: an example's own
 *  description, the protocol's summary for a run from Run settings, or the page's words for the
 *  run it opened with (the default run, a shared link). */
export function RunTitle({ description, hideWatch = false }: { description?: string; hideWatch?: boolean }) {
  const title = useSandbox((s) => s.title);
  const source = useSandbox((s) => s.source);
  const protocol = useSandbox((s) => s.parsed?.protocol ?? null);
  const faults = useSandbox((s) => (s.parsed ? plannedFaults(s.parsed.faults, s.actedAt).length : 0));
  const watchText = useSandbox(watchLineOf);
  // In a tour the run starts without its faults; the head says what the tour will have happen.
  const tourPlan = useSandbox((s) => (s.tour ? tourPlanWords(s.tour.tour, s.tour.index) : null));
  const watch = hideWatch ? null : watchText;
  const src =
    source.kind === "preset"
      ? "example run"
      : source.kind === "link"
        ? source.quiz
          ? "from your quiz question"
          : "from a shared link"
        : source.kind === "file"
          ? `from ${source.name}`
          : source.kind === "custom"
            ? "your settings"
            : "default run";
  // An example's line: its description while the run follows its plan, else the run's own words
  // (a tour's run without the example's faults, the learner's actions in place of them).
  const presetLine = useSandbox((s) =>
    s.source.kind === "preset" ? presetRunLine(s.source.name, s.parsed, s.actedAt, s.tour !== null) : null,
  );
  const line =
    source.kind === "preset"
      ? (presetLine ?? description)
      : source.kind === "custom"
        ? protocol && isProtocol(protocol)
          ? specOf(protocol).summary
          : undefined
        : source.kind === "default"
          ? (description ?? DEFAULT_DESCRIPTION)
          : description;
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  const nameRef = useRef<HTMLParagraphElement>(null);
  const lineRef = useRef<HTMLParagraphElement>(null);
  const lineId = useId();
  // The head keeps one height for every run, so the picture under it starts at the same place
  // whatever the title's length. The name always shows whole, on as many lines as it needs
  // (review 16a #6: a phone read "Billing job: the leader…"); the description takes what is
  // left of the head's two description lines, cut short with an ellipsis. When anything is cut,
  // a button shows all of it.
  const hintRef = useRef<HTMLSpanElement>(null);
  const hint =
    tourPlan !== null
      ? `guided tour; ${tourPlan}`
      : `${src}; ${faults === 0 ? "no faults planned" : `${faults} fault${faults === 1 ? "" : "s"} planned`}`;
  useLayoutEffect(() => {
    if (open) {
      if (hintRef.current) {
        hintRef.current.textContent = `(${hint})`;
        hintRef.current.style.display = "";
      }
      fitLine(lineRef.current, null);
      return;
    }
    const els = [nameRef.current, lineRef.current].filter((e): e is HTMLParagraphElement => e !== null);
    const over = (e: HTMLElement) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1;
    const measure = () => {
      const trimmed = fitAtWord(nameRef.current, hintRef.current, hint);
      const lineCut = fitLine(lineRef.current, nameRef.current);
      setCut(trimmed || lineCut || els.some(over));
    };
    measure();
    if (typeof ResizeObserver !== "function") return;
    const ro = new ResizeObserver(measure);
    for (const e of els) ro.observe(e);
    return () => ro.disconnect();
  }, [open, title, line, hint, watch]);
  return (
    <div className={`sb-run-title${open ? " open" : ""}`}>
      <div className="sb-run-row">
        <p className="sb-run-name" ref={nameRef} tabIndex={-1}>
          <strong>{title}</strong>{" "}
          <span className="sb-hint" ref={hintRef}>
            {/* one text child: React writes it whole, over what fitAtWord set */}
            {`(${hint})`}
          </span>
        </p>
        {(cut || open) && (
          <button
            type="button"
            className="sb-btn sb-btn-quiet sb-more-line"
            aria-expanded={open}
            aria-controls={lineId}
            onClick={() => setOpen(!open)}
          >
            {/* "Read more" says what it opens: the run's whole description ("Show all" beside a
                title read as unclear, review 4b #17); the arrow says it opens here. */}
            <span>
              {open ? "Show less" : "Read more"}
              <span aria-hidden="true">{open ? " ▴" : " ▾"}</span>
            </span>
          </button>
        )}
      </div>
      <p className="sb-hint sb-run-line" id={lineId} ref={lineRef}>
        {watch && <strong className="sb-watch">{watch}</strong>} {line}
      </p>
    </div>
  );
}

/** The name's height with its title alone, and the room its row keeps for it (one line at a
 *  desk, two on a phone): the "(where it came from; …)" after the title may use that room, or
 *  the title's own last line, but never add a line of its own. */
function titleRoom(box: HTMLElement, span: HTMLElement): number {
  span.style.display = "none";
  const alone = box.getBoundingClientRect().height;
  span.style.display = "";
  return Math.max(alone, nameRoom(box));
}

/** The height the head keeps for the name: its row's (a desk) or its own (a phone) least height. */
function nameRoom(name: HTMLElement): number {
  const min = (e: Element | null) => (e ? parseFloat(getComputedStyle(e).minHeight) || 0 : 0);
  return Math.max(min(name.parentElement), min(name));
}

/** Shorten the name's "(where it came from; …)" to its first clause, "(guided tour)" or
 *  "(example run)", when the whole of it would add a line under the title; hide it when not even
 *  that fits. The title itself is never cut. The browser's own clamp cut mid-word, "(guided
 *  tour; you will crash th…" (review 9b #6), a cut at any word left "(example…)", which says
 *  nothing (8b #9), and a clamp of the name cut the title itself (16a #6). The whole of it is one
 *  press away (Read more). Sets the words straight into the span (React writes the whole hint
 *  again on its next change); true when shortened or hidden. */
function fitAtWord(box: HTMLElement | null, span: HTMLElement | null, hint: string): boolean {
  if (!box || !span) return false;
  const room = titleRoom(box, span) + 1;
  const fits = () => box.getBoundingClientRect().height <= room;
  span.textContent = `(${hint})`;
  if (fits()) return false;
  const first = hint.split(";")[0];
  if (first !== hint) {
    span.textContent = `(${first})`;
    if (fits()) return true;
  }
  span.textContent = `(${hint})`;
  span.style.display = "none";
  return true;
}

/** The description gets what the name leaves of the head's fixed height: its two lines less any
 *  line the title took beyond its row's own room, cut with an ellipsis. `name` null: no limit
 *  (the whole description shown). True when the description is cut. */
function fitLine(line: HTMLElement | null, name: HTMLElement | null): boolean {
  if (!line) return false;
  line.style.height = "";
  line.style.removeProperty("-webkit-line-clamp");
  line.style.removeProperty("line-clamp");
  line.style.marginBottom = "";
  if (!name) return false;
  const lh = parseFloat(getComputedStyle(line).lineHeight);
  if (!(lh > 0)) return false;
  const extra = Math.max(0, name.getBoundingClientRect().height - nameRoom(name));
  if (extra < 1) return false;
  const room = 2 * lh - extra;
  const lines = Math.floor((room + 0.5) / lh);
  if (lines <= 0) {
    // A title long enough to take both lines: the description waits behind Read more.
    line.style.height = "0px";
    line.style.marginBottom = `${Math.max(0, room)}px`;
    return true;
  }
  // Whole lines only, and the rest of the room left empty under them: the head keeps its height.
  line.style.height = `${lines * lh}px`;
  line.style.marginBottom = `${Math.max(0, room - lines * lh)}px`;
  line.style.setProperty("-webkit-line-clamp", String(lines));
  line.style.setProperty("line-clamp", String(lines));
  return line.scrollHeight > line.clientHeight + 1;
}
