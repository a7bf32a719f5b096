// A lesson's run ends after a few seconds, but its caption invites the learner to select a node
// and crash or restart it. A learner who reads first and acts second met greyed actions and
// "the run has ended" (review 8a #3). In an embed, selecting a node on an ended run extends the
// run (as the Extend button does), so the node's actions are on at once: no dead end.
// The longer run is said in words beside the clock, once (review 16a #9: the clock went from
// "7.92 s / 9 s" to "9.00 s / 39 s" with nothing saying why).
import { useEffect } from "react";
import { useController, useSandbox } from "./context.ts";
import { EXTEND_MS } from "./Toolbar.tsx";
import { EXTENDED } from "../run-room.ts";

/** Extends an ended run when a node is selected. */
export function useExtendOnSelect(): void {
  const ctl = useController();
  const selected = useSandbox((s) => s.selected);
  // Ended at its current length: once extended, the new length is ahead of the clock, so the
  // run is extended once per end, never again while the new frame is on its way.
  const atEnd = useSandbox((s) => s.ended && (s.frame?.t ?? 0) >= (s.parsed?.until ?? Infinity));
  useEffect(() => {
    if (!selected || !atEnd) return;
    ctl.dispatch({ type: "extend", by: EXTEND_MS });
    // Reloading the longer run clears the selection: the learner's node stays selected.
    ctl.dispatch({ type: "select", node: selected });
  }, [selected, atEnd, ctl]);
}

/** The run's length (ms) once it has grown past `original` (its length as the lesson set it),
 *  else null. */
export function useExtendedTo(original: number | null): number | null {
  const until = useSandbox((s) => s.parsed?.until ?? null);
  return original !== null && until !== null && until > original ? until : null;
}

/** The words for a run extended to `ms` so the learner can act on the selected node. */
export function extendedWords(ms: number): string {
  return `${EXTENDED} ${Math.round(ms / 1000)} s so you can act`;
}
