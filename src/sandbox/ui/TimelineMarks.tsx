// The timeline's marks as a list a keyboard and a screen reader can reach (issue 20): each fault
// and each change of leader the timeline draws, with its "Why?". Beside the drawing, not in it,
// so the timeline's own code stays untouched.
import { useMemo } from "react";
import type { TraceEvent } from "../../engine/index.ts";
import { formatSeconds } from "../narration.ts";
import { WhyButton } from "./WhyButton.tsx";
import { useSandbox } from "./context.ts";

type Mark = { e: TraceEvent; text: string };

function markOf(e: TraceEvent): Mark | null {
  if (e.type === "fault" && e.effect !== "no-effect") {
    const who = e.resolved && e.resolved !== "nobody" ? e.resolved : e.node;
    return { e, text: `${e.fault}${who ? ` ${who}` : ""}${e.effect === "armed" ? " (armed)" : ""}` };
  }
  if (e.type === "leader-start") return { e, text: `${e.node} starts leading (token ${e.token})` };
  if (e.type === "leader-end") return { e, text: `${e.node} stops leading` };
  return null;
}

export function TimelineMarks() {
  // The whole run's marks: they are all historic events (the page's events are the latest only).
  const events = useSandbox((s) => s.history);
  const marks = useMemo(() => events.map(markOf).filter((m): m is Mark => m !== null), [events]);
  if (marks.length === 0) return null;
  return (
    <details className="sb-marks">
      <summary>Marks on the timeline ({marks.length})</summary>
      <ol aria-label="Marks on the timeline">
        {marks.map((m, i) => (
          <li key={`${m.e.t}-${i}`}>
            <span className="sb-log-t">{formatSeconds(m.e.t)}</span> {m.text}
            <WhyButton event={m.e} label={`${formatSeconds(m.e.t)}: ${m.text}`} />
          </li>
        ))}
      </ol>
    </details>
  );
}
