import type { ReactNode } from "react";
import { slugify, textOf } from "../../catalog/slug";

function Anchored({ level, children }: { level: 2 | 3; children: ReactNode }) {
  const id = slugify(textOf(children));
  const Tag = level === 2 ? "h2" : "h3";
  return (
    <Tag id={id} className="anchored">
      {children}
      <a className="anchor" href={`#${id}`} aria-label={`Link to this section: ${textOf(children)}`}>
        #
      </a>
    </Tag>
  );
}

export const H2 = ({ children }: { children?: ReactNode }) => <Anchored level={2}>{children}</Anchored>;
export const H3 = ({ children }: { children?: ReactNode }) => <Anchored level={3}>{children}</Anchored>;
