// The editor page's pure parts: the API read from api.ts, the checks of node names, the
// completions, and code in a link.
import { describe, expect, it } from "vitest";
import { CompletionContext } from "@codemirror/autocomplete";
import { EditorState } from "@codemirror/state";
import { parseApi } from "./api-doc.ts";
import { API_ENTRIES, NODE_MEMBERS, STORE_MEMBERS } from "./api-entries.ts";
import { checkSource, unknownNames } from "./diagnostics.ts";
import { electorCompletions } from "./completions.ts";
import { decodeCode, encodeCode } from "./share-code.ts";

describe("the API read from api.ts", () => {
  it("finds every node method the handlers use, with its doc comment", () => {
    const names = NODE_MEMBERS.map((m) => m.name);
    for (const n of [
      "id",
      "peers",
      "send",
      "broadcast",
      "setTimer",
      "cancelTimer",
      "now",
      "random",
      "lead",
      "follow",
      "write",
      "store",
      "because",
    ])
      expect(names).toContain(n);
    const send = NODE_MEMBERS.find((m) => m.name === "send")!;
    expect(send.method).toBe(true);
    expect(send.signature).toMatch(/^send\(to: NodeId, msg: Message\): void$/);
    expect(send.doc.length).toBeGreaterThan(10);
    expect(STORE_MEMBERS.map((m) => m.name)).toContain("compareAndSet");
    expect(API_ENTRIES.find((e) => e.name === "Elector")?.members.map((m) => m.name)).toEqual([
      "init",
      "onMessage",
      "onTimer",
      "onStore",
    ]);
  });

  it("reads members, union alternatives and their docs from a declaration's text", () => {
    const src = [
      "/** A thing. */",
      "export interface Thing {",
      "  /** its name */",
      "  readonly name: string;",
      "  /** do it */",
      "  act(times: number): void;",
      "}",
      "/** Events */",
      "export type Ev =",
      "  /** the first */",
      '  | { type: "a"; n: number }',
      '  | { type: "b" };',
    ].join("\n");
    const [thing, ev] = parseApi(src);
    expect(thing).toMatchObject({ name: "Thing", kind: "interface", doc: "A thing." });
    expect(thing.members).toEqual([
      { name: "name", signature: "readonly name: string", doc: "its name", method: false },
      { name: "act", signature: "act(times: number): void", doc: "do it", method: true },
    ]);
    expect(ev.members.map((m) => [m.name, m.doc])).toEqual([
      ["a", "the first"],
      ["b", ""],
    ]);
  });
});

describe("checks before anything runs", () => {
  it("marks a node name the API lacks, at its column, and not inside strings or comments", () => {
    const src = [
      "export function onTimer(node: Node, name: string): void {",
      '  node.sned("n2", { type: "X" }); // node.foo',
      '  node.log("node.bar");',
      "  node.store.gett('k');",
      "}",
    ].join("\n");
    const found = unknownNames(src);
    expect(found.map((p) => [p.line, p.column, p.message.slice(0, 24)])).toEqual([
      [2, 8, 'node has no "sned". Pres'],
      [4, 14, 'node.store has no "gett"'],
    ]);
  });

  it("gives the compiler's line and column for a syntax error and for host time", () => {
    const broken = checkSource("export function init(node: Node): void {\n  node.lead(1\n}\n");
    expect(broken[0]).toMatchObject({ source: "compiler", severity: "error" });
    expect(broken[0].line).toBeGreaterThanOrEqual(2);
    const clock = checkSource("export function init(node: Node): void {\n  const t = Date.now();\n}\n");
    expect(clock[0]).toMatchObject({ line: 2, column: 13, length: 4, source: "API" });
    expect(clock[0].message).toMatch(/node\.now/);
    expect(
      checkSource("export function init(node: Node): void {\n  node.state.r = Math.random();\n}\n")[0]
        .message,
    ).toMatch(/node\.random/);
    expect(checkSource("export function init(node: Node): void {\n  node.follow();\n}\n")).toEqual([]);
  });
});

describe("completions", () => {
  const at = (text: string) =>
    electorCompletions(new CompletionContext(EditorState.create({ doc: text }), text.length, true));
  it("offers the node's members after node., the store's after node.store., and the handlers after export function", () => {
    const node = at("  node.se");
    expect(node?.from).toBe(7);
    expect(node?.options.map((o) => o.label)).toContain("send");
    expect(at("node.store.")?.options.map((o) => o.label)).toContain("watchDelete");
    const h = at("export function on");
    expect(h?.options.map((o) => o.label)).toEqual(["init", "onMessage", "onTimer", "onStore"]);
    expect(h?.options.find((o) => o.label === "onTimer")?.apply).toMatch(
      /^onTimer\(node: Node, name: string\) \{/,
    );
    expect(at("const x = 1")).toBeNull();
  });
});

describe("code in a link", () => {
  it("comes back exactly, and anything else reads as no code", () => {
    const code = "// élection ✓\nexport function init(node: Node) { node.follow(); }\n";
    expect(decodeCode(encodeCode(code))).toBe(code);
    expect(decodeCode("not base64!")).toBeNull();
    expect(decodeCode("_w")).toBeNull(); // a lone 0xff byte is not UTF-8
  });
});
