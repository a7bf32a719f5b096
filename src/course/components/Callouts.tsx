// The fixed callout set lessons may use. Each has a visible text label, so its meaning never
// rests on colour alone.
import { useEffect, useId, useRef, type ReactNode } from "react";

type CalloutKind = "note" | "pitfall" | "deep-dive" | "learn" | "recap";

const LABELS: Record<CalloutKind, string> = {
  note: "Note",
  pitfall: "Pitfall",
  "deep-dive": "Deep dive",
  learn: "You will learn",
  recap: "Recap",
};
const ICONS: Record<CalloutKind, string> = {
  note: "i",
  pitfall: "!",
  "deep-dive": "↧",
  learn: "→",
  recap: "✓",
};

function Callout({ kind, title, children }: { kind: CalloutKind; title?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    // A note, not a landmark: a lesson may hold two pitfalls, and landmarks must have unique names.
    <div role="note" className={`callout callout-${kind}`} aria-labelledby={headingId}>
      <p className="callout-title" id={headingId}>
        <span className="callout-icon" aria-hidden="true">
          {ICONS[kind]}
        </span>
        {title ? `${LABELS[kind]}: ${title}` : LABELS[kind]}
      </p>
      <div className="callout-body">{children}</div>
    </div>
  );
}

export const Note = ({ children }: { children: ReactNode }) => <Callout kind="note">{children}</Callout>;
export const Pitfall = ({ children }: { children: ReactNode }) => (
  <Callout kind="pitfall">{children}</Callout>
);
export const YouWillLearn = ({ children }: { children: ReactNode }) => (
  <Callout kind="learn">{children}</Callout>
);
export const Recap = ({ children }: { children: ReactNode }) => <Callout kind="recap">{children}</Callout>;

export function DeepDive({ title, children }: { title: string; children: ReactNode }) {
  // A native disclosure: keyboard and screen-reader behaviour come for free. A link to a heading
  // inside it (a quiz answer's "read more", or #anchor in the address) opens it, so the target shows.
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const openIfTargeted = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const el = ref.current;
      if (!id || !el || el.open) return;
      const target = el.ownerDocument.getElementById(id);
      if (target && el.contains(target)) {
        el.open = true;
        target.scrollIntoView?.();
      }
    };
    openIfTargeted();
    window.addEventListener("hashchange", openIfTargeted);
    return () => window.removeEventListener("hashchange", openIfTargeted);
  }, []);
  return (
    <details ref={ref} className="callout callout-deep-dive">
      <summary className="callout-title">
        <span className="callout-icon" aria-hidden="true">
          {ICONS["deep-dive"]}
        </span>
        {LABELS["deep-dive"]}: {title}
      </summary>
      <div className="callout-body">{children}</div>
    </details>
  );
}
