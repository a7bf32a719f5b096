// The cycle check reads specifiers with the compiler's pre-parser; these are the cases a
// hand-written pattern got wrong or never saw.
import { describe, expect, it } from "vitest";
import { cycles, specifiers } from "./import-cycles.mjs";

describe("specifiers", () => {
  it("keeps imports that follow a line comment containing /*", () => {
    const text = [
      "// see core/*.ts for the layers",
      'import type { A } from "./a.ts";',
      'import { b } from "./b.ts";',
    ].join("\n");
    expect(specifiers(text)).toEqual(["./a.ts", "./b.ts"]);
  });
  it("sees dynamic imports, re-exports and side-effect imports", () => {
    const text = [
      'export { x } from "./x.ts";',
      'import "./side.ts";',
      'const m = () => import("../sandbox/Embed.tsx");',
    ].join("\n");
    expect(specifiers(text).sort()).toEqual(["../sandbox/Embed.tsx", "./side.ts", "./x.ts"]);
  });
  it("ignores imports inside comments and strings", () => {
    const text = [
      '/* import { z } from "./z.ts"; */',
      '// import { y } from "./y.ts";',
      "const s = 'import { w } from \"./w.ts\"';",
    ].join("\n");
    expect(specifiers(text)).toEqual([]);
  });
});

describe("cycles", () => {
  it("finds a three-file cycle and nothing in a chain", () => {
    const graph = new Map([
      ["types", ["trace-log"]],
      ["trace-log", ["trace"]],
      ["trace", ["types"]],
      ["leaf", ["types"]],
    ]);
    expect(cycles(graph)).toEqual([["trace", "trace-log", "types"]]);
    expect(
      cycles(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", []],
        ]),
      ),
    ).toEqual([]);
  });
});
