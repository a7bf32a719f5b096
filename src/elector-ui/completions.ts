// Completions for the elector API: `node.` offers the node's fields and methods, `node.store.`
// the store's calls, and at the start of a line `export function` the four handlers with their
// parameters. Each shows its signature and the doc comment from api.ts.
import type { Completion, CompletionContext, CompletionResult } from "@codemirror/autocomplete";
import type { ApiMember } from "./api-doc.ts";
import { HANDLER_MEMBERS, NODE_MEMBERS, STORE_MEMBERS } from "./api-entries.ts";

const asCompletion = (m: ApiMember): Completion => ({
  label: m.name,
  type: m.method ? "method" : "property",
  detail: m.signature
    .replace(/^readonly\s+/, "")
    .slice(m.name.length)
    .replace(/^\??/, ""),
  info: m.doc || undefined,
  apply: m.name,
});

const NODE = NODE_MEMBERS.map(asCompletion);
const STORE = STORE_MEMBERS.map(asCompletion);
/** `export function onTimer(node: Node, name: string) {` from `onTimer?(node: Node, name: string): void` */
const HANDLERS: Completion[] = HANDLER_MEMBERS.map((m) => {
  const params = /\(([^)]*)\)/.exec(m.signature)?.[1] ?? "node: Node";
  return {
    label: m.name,
    type: "function",
    detail: `(${params})`,
    info: m.doc || undefined,
    apply: `${m.name}(${params}) {\n  \n}`,
  };
});

export function electorCompletions(ctx: CompletionContext): CompletionResult | null {
  const store = ctx.matchBefore(/\bnode\s*\.\s*store\s*\.\s*[\w$]*/);
  if (store) {
    const word = /[\w$]*$/.exec(store.text)![0];
    return { from: ctx.pos - word.length, options: STORE, validFor: /^[\w$]*$/ };
  }
  const node = ctx.matchBefore(/\bnode\s*\.\s*[\w$]*/);
  if (node) {
    const word = /[\w$]*$/.exec(node.text)![0];
    return { from: ctx.pos - word.length, options: NODE, validFor: /^[\w$]*$/ };
  }
  const handler = ctx.matchBefore(/^\s*export\s+function\s+[\w$]*/);
  if (handler) {
    const word = /[\w$]*$/.exec(handler.text)![0];
    return { from: ctx.pos - word.length, options: HANDLERS, validFor: /^[\w$]*$/ };
  }
  return null;
}
