// Panel titles are h2 on the sandbox page and h3 inside a lesson (whose sections are h2).
import { createContext, useContext, type ReactNode } from "react";

export const HeadingLevel = createContext<2 | 3>(2);

export function PanelHeading({ id, children }: { id?: string; children: ReactNode }) {
  const level = useContext(HeadingLevel);
  const Tag = level === 2 ? "h2" : "h3";
  return (
    <Tag id={id} className="sb-panel-title">
      {children}
    </Tag>
  );
}
