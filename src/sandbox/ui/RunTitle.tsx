// The run's name and one line on it, over the picture (cut to a fixed height, with Read more).
import { useId, useLayoutEffect, useRef, useState } from "react";
import { isProtocol, presets, specOf } from "../../engine/index.ts";
import { plannedFaults, watchLineOf } from "../caption.ts";
import { DEFAULT_DESCRIPTION } from "../scenarios.ts";
import { tourPlanWords } from "../tour-plan-words.ts";
import { actedRunLine } from "../acted-run-line.ts";
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
  const actedLine = useSandbox((s) =>
    s.source.kind === "preset" && !s.tour ? actedRunLine(s.source.name, s.parsed, s.actedAt) : null,
  );
  const line =
    actedLine !== null
      ? actedLine
      : source.kind === "preset"
        ? (presets[source.name]?.description ?? description)
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
  // whatever the title's length: the name takes a fixed number of lines and the description
  // two, cut short with an ellipsis. When either is cut, a button shows all of it.
  const hintRef = useRef<HTMLSpanElement>(null);
  const hint =
    tourPlan !== null
      ? `guided tour; ${tourPlan}`
      : `${src}; ${faults === 0 ? "no faults planned" : `${faults} fault${faults === 1 ? "" : "s"} planned`}`;
  useLayoutEffect(() => {
    if (open) {
      if (hintRef.current) hintRef.current.textContent = `(${hint})`;
      return;
    }
    const els = [nameRef.current, lineRef.current].filter((e): e is HTMLParagraphElement => e !== null);
    const over = (e: HTMLElement) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1;
    const measure = () => {
      const trimmed = fitAtWord(nameRef.current, hintRef.current, hint, over);
      setCut(trimmed || els.some(over));
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

/** When the name box overflows (a phone's two lines), shorten its "(where it came from; …)" to
 *  its first clause, "(guided tour)" or "(example run)", so it never ends cut inside: the
 *  browser's own clamp cut mid-word, "(guided tour; you will crash th…" (review 9b #6), and a
 *  cut at any word left "(example…)", which says nothing (8b #9). The whole of it is one press
 *  away (Read more). Sets the words straight into the span (React writes the whole hint again on
 *  its next change); true when shortened. */
function fitAtWord(
  box: HTMLElement | null,
  span: HTMLElement | null,
  hint: string,
  over: (e: HTMLElement) => boolean,
): boolean {
  if (!box || !span) return false;
  span.textContent = `(${hint})`;
  if (!over(box)) return false;
  const first = hint.split(";")[0];
  if (first !== hint) {
    span.textContent = `(${first})`;
    if (!over(box)) return true;
  }
  // Not even that fits beside the name: the whole hint goes below the box's two lines, out of
  // sight (it wraps as one block), and Read more shows it.
  span.textContent = `(${hint})`;
  return true;
}
