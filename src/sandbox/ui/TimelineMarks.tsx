// The timeline's marks as a list a keyboard and a screen reader can reach (issue 20): each fault
// and each change of leader the timeline draws, with its "Why?". Beside the drawing, not in it,
// so the timeline's own code stays untouched. A long run's marks come a page at a time, and only
// while the list is open (issue 40: 1,441 marks at four hours had become 5,000 elements).
import { useMemo, useState } from "react";
import type { TraceEvent } from "../../engine/index.ts";
import { formatSeconds } from "../format-seconds.ts";
import { formatToken, termLabelOf } from "../labels.ts";
import { WhyButton } from "./WhyButton.tsx";
import { useSandbox } from "./context.ts";
import { usePage } from "./Pager.tsx";

type Mark = { e: TraceEvent; text: string };

/** Marks on one page of the list. */
const PAGE = 40;

/** `tokenWord`: the run's word for the number a leader writes with (Raft: its term). */
function markOf(e: TraceEvent, tokenWord: string, protocol: string): Mark | null {
  if (e.type === "fault" && e.effect !== "no-effect") {
    const who = e.resolved && e.resolved !== "nobody" ? e.resolved : e.node;
    return { e, text: `${e.fault}${who ? ` ${who}` : ""}${e.effect === "armed" ? " (armed)" : ""}` };
  }
  if (e.type === "leader-start")
    return { e, text: `${e.node} starts leading (${tokenWord} ${formatToken(protocol, e.token)})` };
  if (e.type === "leader-end") return { e, text: `${e.node} stops leading` };
  return null;
}

export function TimelineMarks() {
  // The whole run's marks: they are all historic events (the page's events are the latest only).
  const events = useSandbox((s) => s.history);
  const tokenWord = useSandbox((s) => termLabelOf(s.parsed, s.frame?.protocol).tokenWord);
  const protocol = useSandbox((s) => s.frame?.protocol ?? "");
  const marks = useMemo(
    () => events.map((e) => markOf(e, tokenWord, protocol)).filter((m): m is Mark => m !== null),
    [events, tokenWord, protocol],
  );
  const [open, setOpen] = useState(false);
  if (marks.length === 0) return null;
  return (
    <details className="sb-marks" onToggle={(e) => setOpen(e.currentTarget.open)}>
      {/* The summary is a flex row (28 px target), which drops the browser's triangle: say the
          state in words (and an arrow drawn by the CSS), so the heading visibly opens (review 3b: nothing showed). */}
      <summary>
        Marks on the timeline ({marks.length})
        <span className="sb-marks-state">{open ? "hide the list" : "show the list"}</span>
      </summary>
      {open && <MarkPage marks={marks} />}
    </details>
  );
}

function MarkPage({ marks }: { marks: readonly Mark[] }) {
  const { rows, first, pager } = usePage(marks, PAGE, "Marks on the timeline");
  return (
    <>
      {pager}
      <ol start={first + 1} aria-label="Marks on the timeline">
        {rows.map((m, i) => (
          <li key={first + i}>
            <span className="sb-log-t">{formatSeconds(m.e.t)}</span> {m.text}
            <WhyButton event={m.e} label={`${formatSeconds(m.e.t)}: ${m.text}`} />
          </li>
        ))}
      </ol>
    </>
  );
}
