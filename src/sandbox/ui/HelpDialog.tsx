// Every shortcut, listed from the action registry.
import { forwardRef, useId } from "react";
import { ACTIONS } from "../actions.ts";
import type { ActionGroup } from "../action-base.ts";

const GROUP_TITLES: Record<ActionGroup, string> = {
  time: "Time",
  node: "The selected node",
  network: "Network and store",
  view: "View",
};

export const HelpDialog = forwardRef<HTMLDialogElement>(function HelpDialog(_props, ref) {
  const id = useId();
  return (
    <dialog ref={ref} className="sb-help" aria-labelledby={id}>
      <form method="dialog" className="sb-help-head">
        <h2 id={id}>Keyboard shortcuts</h2>
        <button type="submit" className="sb-btn primary">
          Close
        </button>
      </form>
      <p>Shortcuts work anywhere in the sandbox except while typing in a field.</p>
      {(Object.keys(GROUP_TITLES) as ActionGroup[]).map((g) => (
        <section key={g}>
          <h3>{GROUP_TITLES[g]}</h3>
          <dl className="sb-help-list">
            {ACTIONS.filter((a) => a.group === g && a.keys.length > 0).map((a) => (
              <div key={a.name}>
                <dt>
                  <kbd>{a.shortcut}</kbd>
                </dt>
                <dd>{a.help}</dd>
              </div>
            ))}
            {g === "view" && (
              <>
                <div>
                  <dt>
                    <kbd>← → ↑ ↓</kbd>
                  </dt>
                  <dd>Move between nodes (when a node has focus)</dd>
                </div>
                <div>
                  <dt>
                    <kbd>Enter</kbd>
                  </dt>
                  <dd>Select the focused node (Esc clears the selection)</dd>
                </div>
                <div>
                  <dt>
                    <kbd>?</kbd>
                  </dt>
                  <dd>Show this list</dd>
                </div>
              </>
            )}
          </dl>
        </section>
      ))}
    </dialog>
  );
});
