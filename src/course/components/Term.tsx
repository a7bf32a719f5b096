// A glossary term. Its definition is the button's accessible description, so screen readers hear
// it without opening anything. Sighted learners open it three ways:
// - a click or tap pins it open until the next tap elsewhere, a second tap on the term, or Escape
//   (a phone has no hover, and a pinned note must not close on the focus the same tap moved);
// - a mouse hovering shows it while the pointer stays;
// - keyboard focus shows it until focus leaves or Escape; Enter or Space pins it like a tap.
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { findTerm } from "../glossary";

const EDGE = 8; // px kept free between the note and the viewport's edges

export function Term({ id, children }: { id: string; children: ReactNode }) {
  const tooltipId = useId();
  const wrapRef = useRef<HTMLSpanElement>(null);
  const tipRef = useRef<HTMLSpanElement>(null);
  // Set between a pointer press on the term and its click, so the focus that press gives the
  // button is not taken for keyboard focus (that mix-up closed the note 7 ms after each tap).
  const pressing = useRef(false);
  const [pinned, setPinned] = useState(false);
  const [hover, setHover] = useState(false);
  const [focused, setFocused] = useState(false);
  const [shift, setShift] = useState(0);
  const entry = findTerm(id);
  const open = pinned || hover || focused;

  const close = () => {
    setPinned(false);
    setHover(false);
    setFocused(false);
  };

  // While open, a press anywhere outside the term and its note, or Escape anywhere, closes it.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && close();
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  // Keep the note inside the viewport: a term near the right edge of a phone would otherwise
  // push the note (and the whole page) sideways.
  useLayoutEffect(() => {
    if (!open || !tipRef.current) {
      setShift(0);
      return;
    }
    const rect = tipRef.current.getBoundingClientRect();
    // A touch screen shows the note as a sheet along the bottom (theme.css): nothing to shift,
    // but a term low on the screen is scrolled up so the sheet hides neither the term nor the rest
    // of the sentence it sits in (a callout's definition often runs on below the term), as far as
    // that can go without pushing the term itself off the top.
    if (getComputedStyle(tipRef.current).position === "fixed") {
      setShift(0);
      const term = wrapRef.current?.querySelector(".term")?.getBoundingClientRect();
      const block = wrapRef.current?.closest("p, li")?.getBoundingClientRect();
      if (term) {
        const needed = Math.max(term.bottom, block?.bottom ?? term.bottom) + EDGE - rect.top;
        const room = term.top - EDGE;
        const gap = Math.max(term.bottom + EDGE - rect.top, Math.min(needed, room));
        if (gap > 0) window.scrollBy({ top: gap });
      }
      return;
    }
    const left = rect.left - shift;
    // The layout viewport's width: on a phone, innerWidth grows when something overflows and the
    // browser zooms out, which would hide the very overflow measured here.
    const width = document.documentElement.clientWidth || window.innerWidth;
    const overflow = left + rect.width - (width - EDGE);
    setShift(overflow > 0 ? -Math.min(overflow, Math.max(0, left - EDGE)) : 0);
    // Measured once per opening; `shift` is read, not tracked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!entry) return <span className="term-missing">{children}</span>;
  return (
    <span
      ref={wrapRef}
      className="term-wrap"
      onPointerEnter={(e) => e.pointerType === "mouse" && setHover(true)}
      onPointerLeave={(e) => e.pointerType === "mouse" && setHover(false)}
    >
      <button
        type="button"
        className="term"
        aria-describedby={tooltipId}
        aria-expanded={open}
        onPointerDown={() => (pressing.current = true)}
        onFocus={() => !pressing.current && setFocused(true)}
        onBlur={(e) => {
          if (!wrapRef.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
          if (e.relatedTarget && !wrapRef.current?.contains(e.relatedTarget as Node)) setPinned(false);
        }}
        onClick={() => {
          pressing.current = false;
          setPinned((v) => !v);
        }}
      >
        {children}
      </button>
      <span
        ref={tipRef}
        role="tooltip"
        id={tooltipId}
        className="term-tip"
        data-open={open}
        style={shift ? { transform: `translateX(${shift}px)` } : undefined}
      >
        <strong>{entry.term}:</strong> {entry.definition}
      </span>
    </span>
  );
}
