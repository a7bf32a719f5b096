// A glossary term: its definition shows on hover and on keyboard focus, and is also the
// element's accessible description, so screen readers hear it without hovering.
import { useId, useState, type ReactNode } from "react";
import { findTerm } from "../glossary";

export function Term({ id, children }: { id: string; children: ReactNode }) {
  const tooltipId = useId();
  const [open, setOpen] = useState(false);
  const entry = findTerm(id);
  if (!entry) return <span className="term-missing">{children}</span>;
  return (
    <span className="term-wrap" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="term"
        aria-describedby={tooltipId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
        onClick={() => setOpen((v) => !v)}
      >
        {children}
      </button>
      <span role="tooltip" id={tooltipId} className="term-tip" data-open={open}>
        <strong>{entry.term}:</strong> {entry.definition}
      </span>
    </span>
  );
}
