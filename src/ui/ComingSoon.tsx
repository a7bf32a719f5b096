import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

/** A route whose feature has not landed yet says so plainly; nothing on it pretends to work. */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page narrow">
      <h1>{title}</h1>
      <p className="coming-badge">Coming soon</p>
      {children}
      <p>
        Meanwhile, <Link to="/">continue the course</Link>.
      </p>
    </div>
  );
}
