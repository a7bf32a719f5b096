import { Link } from "@tanstack/react-router";

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

export function SiteHeader() {
  return (
    <header className="site-header">
      <Link to="/" className="brand" aria-label="Election Lab, home">
        <span className="brand-mark" aria-hidden="true" />
        Election Lab
      </Link>
      <nav aria-label="Main">
        <ul>
          {NAV.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                activeProps={{ "aria-current": "page" }}
                activeOptions={{ exact: item.to === "/" }}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
