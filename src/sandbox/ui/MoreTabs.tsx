// Everything under the picture, one tab at a time (progressive disclosure): the timeline, the
// full logs, the sequence diagram, the settings, tours, "Try to break it". The WAI-ARIA tabs
// pattern: arrow keys, Home and End move between tabs, Tab goes into the open panel. Every panel
// stays mounted (hidden when not chosen), so a search running in "Try to break it" or a form
// half filled in keeps going while the learner looks at the timeline.
import { useId, useRef, type ReactNode } from "react";

export interface TabDef {
  id: string;
  label: string;
  panel: ReactNode;
}

export function MoreTabs({
  tabs,
  active,
  onChange,
  label,
  reveal = [],
}: {
  tabs: TabDef[];
  active: string;
  onChange: (id: string) => void;
  label: string;
  /** tabs whose panel, opened, is brought into view: the tab row goes to the screen's top when
   *  the panel would otherwise start low on the screen ("Try to break it" opened at the page's
   *  foot with its form and its button below the screen, review 4b) */
  reveal?: string[];
}) {
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const rootRef = useRef<HTMLDivElement>(null);
  const choose = (id: string) => {
    onChange(id);
    if (!reveal.includes(id)) return;
    const el = rootRef.current;
    // After the panel is shown; only when its top sits in the lower part of the screen.
    requestAnimationFrame(() => {
      if (el && el.getBoundingClientRect().top > window.innerHeight / 3)
        el.scrollIntoView?.({ block: "start" });
    });
  };
  const move = (to: number) => {
    const t = tabs[(to + tabs.length) % tabs.length];
    choose(t.id);
    refs.current.get(t.id)?.focus();
  };
  const at = Math.max(
    0,
    tabs.findIndex((t) => t.id === active),
  );
  return (
    <div className="sb-tabs" ref={rootRef}>
      <div
        role="tablist"
        aria-label={label}
        className="sb-tablist"
        onKeyDown={(e) => {
          const keys: Record<string, number> = {
            ArrowRight: at + 1,
            ArrowLeft: at - 1,
            Home: 0,
            End: tabs.length - 1,
          };
          if (!(e.key in keys)) return;
          e.preventDefault();
          // The sandbox's own shortcuts must not also act on these keys.
          e.stopPropagation();
          move(keys[e.key]);
        }}
      >
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              if (el) refs.current.set(t.id, el);
              else refs.current.delete(t.id);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={t.id === active}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={t.id === active ? 0 : -1}
            className="sb-tab"
            onClick={() => choose(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${base}-panel-${t.id}`}
          aria-labelledby={`${base}-tab-${t.id}`}
          hidden={t.id !== active}
          className="sb-tabpanel"
        >
          {t.panel}
        </div>
      ))}
    </div>
  );
}
