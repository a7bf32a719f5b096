// A lesson's run ends after a few seconds, but its caption invites the learner to select a node
// and crash or restart it. A learner who reads first and acts second met greyed actions and
// "the run has ended" (review 8a #3). In an embed, selecting a node on an ended run extends the
// run (as the Extend button does), so the node's actions are on at once: no dead end.
import { useEffect } from "react";
import { useController, useSandbox } from "./context.ts";
import { EXTEND_MS } from "./Toolbar.tsx";

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
