// A registered action as a button: its label, its shortcut (shown and exposed as
// aria-keyshortcuts) and its enabled state all come from the action's definition. The key shown
// on the button is part of its accessible name ("Play K"), so the name holds all the visible
// text (WCAG 2.5.3, label in name).
import { actionByName, perform } from "../actions.ts";
import { useController, useSandbox } from "./context.ts";

export function ActionButton({
  name,
  className,
  showKey = true,
  label,
}: {
  name: string;
  className?: string;
  showKey?: boolean;
  label?: string;
}) {
  const ctl = useController();
  const action = actionByName.get(name);
  if (!action) throw new Error(`unknown action ${name}`);
  const text = useSandbox((s) => label ?? action.label(s));
  const enabled = useSandbox((s) => action.enabled(s));
  const key = action.shortcut.split(" ")[0];
  return (
    <button
      type="button"
      className={`sb-btn ${className ?? ""}`}
      disabled={!enabled}
      aria-keyshortcuts={
        action.keys
          .filter((k) => k.length === 1 && k !== " ")
          .map((k) => k.toUpperCase())
          .join(" ") || undefined
      }
      onClick={() => perform(ctl, name)}
    >
      <span>{text}</span>
      {showKey && <kbd className="sb-kbd">{key}</kbd>}
    </button>
  );
}
