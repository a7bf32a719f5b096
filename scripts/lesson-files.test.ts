import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadLessonIndex } from "./lesson-files.ts";
import { auditMdx } from "./mdx-audit.ts";
import { splitLessonMeta } from "../src/catalog/schema/lesson-meta.ts";

function lessonDir(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "lessons-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
const fm = (fields: string) => `---\n${fields}\n---\n\nBody.\n`;
const good = (id: string, order: number) =>
  fm(
    `id: ${id}\ntitle: "Title ${id}"\nsummary: "A summary long enough."\norder: ${order}\nminutes: 5\nobjectives: ["Learn a thing"]\nsources:\n  - title: "A paper"`,
  );

describe("lesson frontmatter", () => {
  it("loads valid lessons in course order", () => {
    const dir = lessonDir({ "b.mdx": good("b", 2), "a.mdx": good("a", 1) });
    expect(loadLessonIndex(dir).map((l) => l.id)).toEqual(["a", "b"]);
  });

  it("names every problem: missing fields, id mismatch, shared order", () => {
    const dir = lessonDir({
      "a.mdx": good("a", 1),
      "b.mdx": good("other", 1),
      "c.mdx": fm(`id: c\ntitle: "C title"\norder: 3`),
      "d.mdx": "no frontmatter",
    });
    let message = "";
    try {
      loadLessonIndex(dir);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('b.mdx: id "other" must match the file name');
    expect(message).toContain("c.mdx: summary:");
    expect(message).toContain("d.mdx: no frontmatter block");
    expect(message).toContain("share order 1");
  });
});

describe("MDX audit", () => {
  it("finds tags with their attributes and headings", () => {
    const audit = auditMdx(
      `---\nid: x\n---\n\n## Split brain\n\nA <Term id="lease">lease</Term> here.\n\n<Sandbox preset="billing-crash" />\n`,
    );
    expect(audit.headings).toEqual(["Split brain"]);
    expect(audit.outline).toEqual([{ depth: 2, text: "Split brain" }]);
    expect(audit.tags.map((t) => [t.name, t.attributes])).toEqual([
      ["Term", { id: "lease" }],
      ["Sandbox", { preset: "billing-crash" }],
    ]);
  });

  it("keeps a heading's text in reading order, with its case and punctuation", () => {
    const audit = auditMdx("## Stripe, July 2019\n\n### The `term` rule\n");
    expect(audit.outline).toEqual([
      { depth: 2, text: "Stripe, July 2019" },
      { depth: 3, text: "The term rule" },
    ]);
  });

  it("reports bare expressions that MDX would evaluate", () => {
    const audit = auditMdx("Split into {S1, S2} and \\{S3\\}.\n");
    expect(audit.expressions).toEqual([{ code: "S1, S2", line: 1 }]);
  });

  it("throws on MDX that does not parse", () => {
    expect(() => auditMdx("<Note>\n\nunclosed")).toThrow();
  });

  it("splits every lesson into a small card and its details, losing nothing", () => {
    for (const meta of loadLessonIndex()) {
      const { card, details } = splitLessonMeta(meta);
      expect(Object.keys(card).sort()).toEqual([
        "deepDiveMinutes",
        "id",
        "minutes",
        "order",
        "summary",
        "title",
      ]);
      expect({ ...card, ...details }).toEqual(meta);
    }
  });
});
