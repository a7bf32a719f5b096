// The one map of components lessons may use: a small, fixed tag set (react.dev style).
// Anything not listed here is plain Markdown.
import type { MDXComponents } from "mdx/types";
import type { ComponentProps } from "react";
import { DeepDive, Note, Pitfall, Recap, YouWillLearn } from "../course/components/Callouts";
import { Diagram } from "../ui/Diagram";
import { H2, H3 } from "../course/components/Headings";
import { SandboxEmbed } from "./SandboxEmbed";
import { Term } from "../course/components/Term";
import { TableHeaderCell, TableScroll } from "../course/components/TableScroll";
import { Check } from "../quiz/InlineCheck";
import { TryToBreak } from "./TryToBreak";

export const lessonComponents: MDXComponents = {
  h2: H2,
  h3: H3,
  table: TableScroll,
  th: TableHeaderCell,
  // Code blocks scroll sideways on narrow screens; a tab stop lets keyboard users scroll them.
  pre: (props: ComponentProps<"pre">) => <pre tabIndex={0} {...props} />,
  // GFM task lists render bare checkboxes; give them a name so they are not anonymous controls.
  input: (props: ComponentProps<"input">) => <input {...props} aria-label="Task item" />,
  YouWillLearn,
  Note,
  Pitfall,
  DeepDive,
  Recap,
  Diagram,
  Term,
  Sandbox: SandboxEmbed,
  Check,
  TryToBreak,
};
