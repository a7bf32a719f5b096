// The "Why?" button on a narration line, a write-log row or a timeline mark (issue 20). Its
// accessible name starts with its visible text and says what it explains.
import { explainable, type TraceEvent } from "../../engine/index.ts";
import { openWhy, whyStore } from "../why.ts";
import { useController } from "./context.ts";

/** `intro`: a sentence the panel says first, when `event` is the cause of what the line tells
 *  (a hazard's Why? explains the election that made the second believer). */
export function WhyButton({
  event,
  label,
  intro = null,
}: {
  event: TraceEvent | undefined;
  label: string;
  intro?: string | null;
}) {
  const c = useController();
  if (!event || !explainable(event)) return null;
  return (
    <button
      type="button"
      className="sb-why-btn"
      aria-label={`Why? ${label}`}
      aria-haspopup="dialog"
      onClick={(ev) => openWhy(whyStore(c), event, label, ev.currentTarget, (e) => c.explain(e), intro)}
    >
      Why?
    </button>
  );
}
