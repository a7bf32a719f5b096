// Panel titles are h2 on the sandbox page and h3 inside a lesson (whose sections are h2).
import { createContext, forwardRef, useContext, type ReactNode } from "react";

export const HeadingLevel = createContext<2 | 3>(2);

/** With a ref, the heading can take the focus (a sheet that opens moves the focus to it). */
export const PanelHeading = forwardRef<HTMLHeadingElement, { id?: string; children: ReactNode }>(
  function PanelHeading({ id, children }, ref) {
    const level = useContext(HeadingLevel);
    const Tag = level === 2 ? "h2" : "h3";
    return (
      <Tag id={id} className="sb-panel-title" ref={ref} tabIndex={ref ? -1 : undefined}>
        {children}
      </Tag>
    );
  },
);
