// A challenge's hints, one at a time: each press shows the next and moves the focus to it. How
// many were shown is kept in the progress, so a reload shows the same ones.
import { useEffect, useRef } from "react";

export function HintsPanel({
  hints,
  shown,
  onShow,
  headingId,
}: {
  hints: string[];
  shown: number;
  onShow: (n: number) => void;
  headingId: string;
}) {
  const last = useRef<HTMLLIElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) last.current?.focus();
    asked.current = false;
  }, [shown]);
  const visible = hints.slice(0, shown);
  return (
    <section className="el-hints" aria-labelledby={headingId}>
      <h2 id={headingId}>Hints</h2>
      {visible.length > 0 ? (
        <ol className="el-hint-list">
          {visible.map((h, i) => (
            <li key={i} ref={i === visible.length - 1 ? last : undefined} tabIndex={-1}>
              {h}
            </li>
          ))}
        </ol>
      ) : (
        <p className="el-muted">Stuck? Open the hints one at a time; each gives a little more away.</p>
      )}
      {shown < hints.length ? (
        <button
          type="button"
          className="button small"
          onClick={() => {
            asked.current = true;
            onShow(shown + 1);
          }}
        >
          Show hint {shown + 1} of {hints.length}
        </button>
      ) : (
        <p className="el-muted">That was the last hint.</p>
      )}
    </section>
  );
}
