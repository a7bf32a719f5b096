// The elector API's one page of reference, read from the text of src/elector/api.ts itself (its
// declarations and their doc comments), so the page, the editor's completions and its checks of
// `node.` names can never drift from the types the learner's code runs against.

export interface ApiMember {
  /** the member's name ("send"), or for a union's alternative its `type` ("granted") */
  name: string;
  /** the declaration as written, on one line ("send(to: NodeId, msg: Message): void") */
  signature: string;
  doc: string;
  /** a method (called), not a field */
  method: boolean;
}

export interface ApiEntry {
  name: string;
  kind: "interface" | "type" | "const";
  doc: string;
  /** the declaration's first line when it has no members ("type NodeId = string") */
  signature: string;
  members: ApiMember[];
}

/** A doc comment's text: the stars and the comment marks gone, lines joined. */
function docText(lines: string[]): string {
  return lines
    .join("\n")
    .replace(/^\s*\/\*\*\s?/, "")
    .replace(/\s*\*\/\s*$/, "")
    .split("\n")
    .map((l) => l.replace(/^\s*\*\s?/, "").trim())
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

const TOP = /^export (interface|type|const) (\w+)/;
const MEMBER = /^\s+(?:readonly\s+)?(\w+)(\??)(\(|:)/;
const ALTERNATIVE = /^\s+\|\s*\{\s*type:\s*"(\w+)"/;

/** Reads api.ts's text into its declarations, in file order. */
export function parseApi(source: string): ApiEntry[] {
  const lines = source.split("\n");
  const out: ApiEntry[] = [];
  let doc: string[] = [];
  let inDoc = false;
  let current: ApiEntry | null = null;
  let depth = 0;
  for (const raw of lines) {
    const line = raw.replace(/\r$/, "");
    const trimmed = line.trim();
    if (!inDoc && trimmed.startsWith("/**")) {
      inDoc = true;
      doc = [];
    }
    if (inDoc) {
      doc.push(line);
      if (trimmed.endsWith("*/")) inDoc = false;
      continue;
    }
    if (trimmed.startsWith("//")) continue;
    const top = TOP.exec(line);
    if (top && depth === 0) {
      current = {
        name: top[2],
        kind: top[1] as ApiEntry["kind"],
        doc: docText(doc),
        signature: line
          .replace(/^export /, "")
          .replace(/\s*\{\s*$/, "")
          .trim(),
        members: [],
      };
      out.push(current);
      doc = [];
    } else if (current && depth === 1) {
      const alt = ALTERNATIVE.exec(line);
      const m = alt ? null : MEMBER.exec(line);
      if (alt)
        current.members.push({
          name: alt[1],
          signature: trimmed.replace(/^\|\s*/, ""),
          doc: docText(doc),
          method: false,
        });
      else if (m)
        current.members.push({
          name: m[1],
          signature: trimmed.replace(/;$/, ""),
          doc: docText(doc),
          method: m[3] === "(",
        });
      doc = [];
    } else if (current && depth === 0 && ALTERNATIVE.test(line)) {
      // A union written at the top level (`export type X =` then `| { type: ... }` lines).
      const alt = ALTERNATIVE.exec(line)!;
      current.members.push({
        name: alt[1],
        signature: trimmed.replace(/^\|\s*/, "").replace(/;$/, ""),
        doc: docText(doc),
        method: false,
      });
      doc = [];
    } else if (trimmed !== "") doc = [];
    for (const ch of line) {
      if (ch === "{") depth++;
      else if (ch === "}") depth = Math.max(0, depth - 1);
    }
  }
  return out;
}

/** The members of one declaration ("Node", "Store"), or none. */
export function membersOf(entries: ApiEntry[], name: string): ApiMember[] {
  return entries.find((e) => e.name === name)?.members ?? [];
}
