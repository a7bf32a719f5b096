import { Link, useRouterState } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import "./site-header.css";

const NAV = [
  { to: "/", label: "Course" },
  { to: "/sandbox", label: "Sandbox" },
  { to: "/practice", label: "Practice" },
  // Its own entry (review 4b #9: a learner found Compare only through a sentence on Practice).
  { to: "/compare", label: "Compare" },
  { to: "/quiz", label: "Quiz" },
  { to: "/interview", label: "Interview" },
  { to: "/glossary", label: "Glossary" },
  { to: "/progress", label: "Progress" },
] as const;

/** On a phone the header keeps the two most used links in its one row; the rest wait behind Menu. */
const ON_PHONE_ROW = 2;

function NavLink({ item, onClick }: { item: (typeof NAV)[number]; onClick?: () => void }) {
  return (
    <Link
      to={item.to}
      activeProps={{ "aria-current": "page" }}
      activeOptions={{ exact: item.to === "/" }}
      onClick={onClick}
    >
      {item.label}
    </Link>
  );
}

/* The site's header. On a phone the eight links wrapped to two rows and took some 125 px of every
   screen (review 6a #18): there it is one row, the brand, two links and a Menu button whose list
   holds every link. The list is a disclosure: Escape or a click outside closes it, and Escape
   gives the focus back to the button. */
export function SiteHeader() {
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const path = useRouterState({ select: (s) => s.location.pathname });
  // The list is open on the page it was opened on: a new page (a link in it, or Back) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === path;
  const setOpen = (v: boolean) => setOpenOn(v ? path : null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpenOn(null);
      button.current?.focus();
    };
    const onDown = (e: PointerEvent) => {
      if (!navRef.current?.contains(e.target as Node)) setOpenOn(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onDown);
    };
  }, [open]);
  return (
    <header className="site-header">
      <Link to="/" className="brand" aria-label="Election Lab, home">
        <span className="brand-mark" aria-hidden="true" />
        Election Lab
      </Link>
      <nav aria-label="Main" ref={navRef}>
        <ul className="site-nav-row">
          {NAV.map((item, i) => (
            <li key={item.to} className={i >= ON_PHONE_ROW ? "site-nav-more" : undefined}>
              <NavLink item={item} />
            </li>
          ))}
        </ul>
        <button
          ref={button}
          type="button"
          className="site-menu-button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(!open)}
        >
          {/* A drawn chevron, a gap from the word (review 14a #13: the arrow character, a flex
              item, lost its leading space and read "Menu▾"); the name stays "Menu". */}
          Menu
          <svg
            className="site-menu-chevron"
            aria-hidden="true"
            focusable="false"
            width="10"
            height="6"
            viewBox="0 0 10 6"
          >
            <path
              d={open ? "M1 5l4-4 4 4" : "M1 1l4 4 4-4"}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
          </svg>
        </button>
        <ul id={menuId} className="site-menu" hidden={!open}>
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink item={item} onClick={() => setOpen(false)} />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
