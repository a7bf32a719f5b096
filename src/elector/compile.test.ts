// The compiler and the guard: errors with line and column, the step budget that ends an endless
// loop naming the handler and line, host features refused, and the engine's default elector
// kept equal to its source.
import { describe, expect, it } from "vitest";
import { compileElector } from "./compile.ts";
import { createSimulation } from "../engine/index.ts";
import { LearnerError } from "../engine/protocols/learner/load.ts";
import { DEFAULT_SOURCE } from "../engine/protocols/learner/default-source.ts";
import { DEFAULT_CODE } from "../engine/protocols/learner/default-code.ts";

const run = (source: string, until = "2s") => {
  const c = compileElector(source);
  if (!c.ok) throw new Error(JSON.stringify(c.errors));
  return createSimulation({ protocol: "learner", nodes: 3, seed: 1, until, options: { code: c.code } }).run();
};
const thrown = (f: () => unknown): LearnerError => {
  try {
    f();
  } catch (e) {
    if (e instanceof LearnerError) return e;
    throw e;
  }
  throw new Error("did not throw");
};

describe("compileElector", () => {
  it("strips types and keeps the handlers it exports", () => {
    const r = compileElector(
      "interface S { x: number }\nexport function init(node: Node): void { const s: S = { x: 1 }; node.state.x = s.x; }\nexport const onTimer = (node: Node, name: string) => node.log(name);",
    );
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.handlers).toEqual(["init", "onTimer"]);
  });
  it("reports a syntax error with its line and column", () => {
    const r = compileElector("export function init(node: Node) {\n  const x = (;\n}");
    expect(r).toMatchObject({ ok: false, errors: [{ line: 2, column: 14 }] });
  });
  it("refuses imports, default exports, unknown exports, async code, eval and module variables, by line", () => {
    const bad = (src: string, re: RegExp, line = 1) => {
      const r = compileElector(src);
      expect(r.ok, src).toBe(false);
      if (!r.ok) {
        expect(r.errors[0].message).toMatch(re);
        expect(r.errors[0].line).toBe(line);
      }
    };
    bad('import x from "y";\nexport function init() {}', /imports are not available/);
    bad("export default function init() {}", /by name/);
    bad("export function helper() {}", /"helper" is not a handler/);
    bad("export async function init() {}", /async/);
    bad("export function init() {\n  eval('1');\n}", /eval is not available/, 2);
    bad("let votes = 0;\nexport function init() {}", /shared by every node/);
  });
  it("the engine's default elector is its source compiled", () => {
    const r = compileElector(DEFAULT_SOURCE);
    expect(r.ok && r.code).toBe(DEFAULT_CODE);
  });
});

describe("the guard at run time", () => {
  it("an endless loop in onTimer ends the run naming the handler and the line", () => {
    const e = thrown(() =>
      run(
        "export function init(node: Node) { node.setTimer('t', 10); }\nexport function onTimer(node: Node, name: string) {\n  let i = 0;\n  while (true) { i++; }\n}",
      ),
    );
    expect(e.message).toMatch(/^step budget exceeded in onTimer \(line 4\)/);
    expect(e.handler).toBe("onTimer");
    expect(e.line).toBe(4);
  });
  it("a loop that catches the budget's error still ends", () => {
    const e = thrown(() =>
      run(
        "export function init(node: Node) {\n  for (;;) { try { for (;;) {} } catch (err) { node.log('caught'); } }\n}",
      ),
    );
    expect(e.message).toMatch(/step budget exceeded in init \(line 2\)/);
  });
  it("endless recursion ends the run too", () => {
    const e = thrown(() =>
      run(
        "function f(n: number): number { return f(n + 1); }\nexport function init(node: Node) {\n  f(0);\n}",
      ),
    );
    expect(e.message).toMatch(/in init|init on/);
  });
  it("a throw names the handler, the node and the line", () => {
    const e = thrown(() =>
      run(
        "export function init(node: Node) {\n  node.setTimer('t', 5);\n}\nexport function onTimer(node: Node) {\n  const x = node.state.missing as { y: number };\n  node.log(String(x.y));\n}",
      ),
    );
    expect(e.handler).toBe("onTimer");
    expect(e.line).toBe(6);
    expect(e.message).toMatch(/^onTimer on n\d threw at line 6: TypeError/);
  });
  it("the host's clock, randomness and timers are not there", () => {
    expect(
      thrown(() => run("export function init(node: Node) {\n  node.state.t = Date.now();\n}")).message,
    ).toMatch(/line 2: Date is not available to a node: use node.now\(\)/);
    expect(
      thrown(() => run("export function init(node: Node) {\n  node.state.r = Math.random();\n}")).message,
    ).toMatch(/Math.random is not available/);
    expect(
      thrown(() => run("export function init(node: Node) {\n  setTimeout(() => 1, 5);\n}")).message,
    ).toMatch(/use node.setTimer/);
    expect(
      thrown(() => run("export function init(node: Node) {\n  node.state.g = (globalThis as any).x;\n}"))
        .message,
    ).toMatch(/globalThis is not available/);
  });
  it("misuse of the API says what to do", () => {
    expect(
      thrown(() => run("export function init(node: Node) { node.send('n9', { type: 'X' }); }")).message,
    ).toMatch(/no node "n9"/);
    expect(thrown(() => run("export function init(node: Node) { node.setTimer('t', 0); }")).message).toMatch(
      /at least 1/,
    );
  });
  it("the same module and seed give the same run, with the learner's own rule as the cause", () => {
    const src = DEFAULT_SOURCE;
    const a = run(src, "3s"),
      b = run(src, "3s");
    expect(JSON.stringify(a.trace)).toBe(JSON.stringify(b.trace));
    const lead = a.trace.find((e) => e.type === "leader-start");
    expect(lead && "why" in lead ? lead.why?.rule : null).toBe("learner.nobody higher heard");
  });
});
