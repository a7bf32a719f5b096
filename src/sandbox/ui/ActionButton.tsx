// A registered action as a button: its label, its shortcut (shown and exposed as
// aria-keyshortcuts) and its enabled state all come from the action's definition. The key shown
// on the button is part of its accessible name ("Play K"), so the name holds all the visible
// text (WCAG 2.5.3, label in name).
import type { ReactNode } from "react";
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
      className={`sb-btn ${className ?? ""}${text.length > LONG_LABEL ? " sb-btn-long" : ""}`}
      disabled={!enabled}
      aria-keyshortcuts={
        action.keys
          .filter((k) => k.length === 1 && k !== " ")
          .map((k) => k.toUpperCase())
          .join(" ") || undefined
      }
      onClick={() => perform(ctl, name)}
    >
      <span>{keepTogether(text)}</span>
      {showKey && <kbd className="sb-kbd">{key}</kbd>}
    </button>
  );
}
/** Longer labels than this take a whole row of a two-column grid of actions (desk-columns.css). */
const LONG_LABEL = 16;

// A hyphenated word and a number with its unit never break across lines: in the narrow column
// beside the picture "Pause mid-write 15 s" wrapped as "Pause / mid- / write / 15 s" (review 10b #1).
const UNBROKEN = /\S+-\S+|\S+ (?:s|ms|%)(?=\s|$)/g;

function keepTogether(text: string) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(UNBROKEN)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    parts.push(<Unbroken key={m.index} text={m[0]} />);
    at = m.index + m[0].length;
  }
  if (at === 0) return text;
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

function Unbroken({ text }: { text: string }) {
  return <span className="sb-unbroken">{text}</span>;
}
