// Parses a lesson's MDX and reports every use of the component tag set, so content checks can
// refuse unknown tags, glossary ids that do not exist and sandbox presets the engine lacks.
import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkMdx from "remark-mdx";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import { visit } from "unist-util-visit";

export type TagUse = { name: string; attributes: Record<string, string | true>; line: number };

type JsxNode = {
  type: "mdxJsxFlowElement" | "mdxJsxTextElement";
  name: string | null;
  attributes: Array<{ type: string; name?: string; value?: unknown }>;
  position?: { start: { line: number } };
};

/** A heading as the learner reads it: its level and its text, case and punctuation kept. */
export type HeadingUse = { depth: number; text: string };

export function auditMdx(source: string): {
  tags: TagUse[];
  headings: string[];
  outline: HeadingUse[];
  expressions: Array<{ code: string; line: number }>;
} {
  const tree = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkMdx).parse(source);
  const tags: TagUse[] = [];
  const headings: string[] = [];
  const outline: HeadingUse[] = [];
  // Lessons are prose: a bare {...} in text is almost always a set or a placeholder that MDX
  // would evaluate as JavaScript (and crash on at run time), so every one is reported.
  const expressions: Array<{ code: string; line: number }> = [];
  visit(tree, (node) => {
    if (node.type === "mdxTextExpression" || node.type === "mdxFlowExpression") {
      const expr = node as unknown as { value: string; position?: { start: { line: number } } };
      expressions.push({ code: expr.value, line: expr.position?.start.line ?? 0 });
    }
    if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
      const jsx = node as unknown as JsxNode;
      const attributes: Record<string, string | true> = {};
      for (const attr of jsx.attributes) {
        if (attr.type !== "mdxJsxAttribute" || !attr.name) continue;
        const v = attr.value;
        if (v == null) attributes[attr.name] = true;
        else if (typeof v === "string") attributes[attr.name] = v;
        else if (typeof v === "object" && v && "value" in v)
          attributes[attr.name] = String((v as { value: unknown }).value);
      }
      tags.push({ name: jsx.name ?? "(fragment)", attributes, line: jsx.position?.start.line ?? 0 });
    }
    if (node.type === "heading") {
      // Text and inline code in reading order, as the page's heading shows them.
      const text: string[] = [];
      visit(node, (t) => {
        if (t.type === "text" || t.type === "inlineCode")
          text.push((t as unknown as { value: string }).value);
      });
      headings.push(text.join(""));
      outline.push({ depth: (node as unknown as { depth: number }).depth, text: text.join("") });
    }
  });
  return { tags, headings, outline, expressions };
}
