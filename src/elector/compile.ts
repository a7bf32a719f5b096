// From the learner's TypeScript to a guarded script the learner protocol can load, the same in
// the browser, a Worker and Node (no DOM, no Node built-ins):
// 1. Sucrase strips the types (it keeps every line where it was, so a line in the output is the
//    line the learner wrote);
// 2. acorn parses the result, and the guard rewrites it: a step counted at every function entry
//    and loop back-edge (a handler that runs too long ends with "step budget exceeded in onTimer
//    (line 7)", deterministically, long before a watchdog would), the current line kept before
//    every statement (a throw names its line the same way in every browser), exports turned into
//    the handlers object the module returns, and the things that would let the host's clock,
//    timers or randomness in refused by name.
// The output runs with `new Function` (learner/load.ts), never on the page's main thread.
import { transform } from "sucrase";
import { parse, type Node as AcornNode } from "acorn";
import { HANDLERS } from "./api.ts";
import { LINE, STEP } from "../engine/protocols/learner/load.ts";

export interface CompileError {
  message: string;
  /** 1-based, in the learner's source */
  line: number;
  /** 1-based */
  column: number;
}

export type CompileResult =
  { ok: true; code: string; handlers: string[] } | { ok: false; errors: CompileError[] };

const REFUSED: Readonly<Record<string, string>> = {
  eval: "eval is not available",
  Function: "Function is not available",
  arguments: "name the parameters instead of using arguments",
  __step: "names starting with __ are the runner's own",
  __line: "names starting with __ are the runner's own",
};

type N = AcornNode & Record<string, unknown>;
interface Edit {
  pos: number;
  text: string;
  close: boolean;
  depth: number;
}

function lineOf(src: string, pos: number): { line: number; column: number } {
  let line = 1,
    last = -1;
  for (let i = 0; i < pos && i < src.length; i++)
    if (src.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  return { line, column: pos - last };
}

function children(n: N): N[] {
  const out: N[] = [];
  for (const k of Object.keys(n)) {
    if (k === "type" || k === "start" || k === "end" || k === "loc") continue;
    const v = n[k];
    if (Array.isArray(v)) {
      for (const x of v)
        if (x && typeof x === "object" && typeof (x as N).type === "string") out.push(x as N);
    } else if (v && typeof v === "object" && typeof (v as N).type === "string") out.push(v as N);
  }
  return out;
}

class GuardError extends Error {
  constructor(
    message: string,
    readonly pos: number,
  ) {
    super(message);
  }
}

/** Compile the learner's module. Errors carry the line and column in the source as written. */
export function compileElector(source: string): CompileResult {
  let js: string;
  try {
    js = transform(source, {
      transforms: ["typescript"],
      disableESTransforms: true,
      production: true,
      keepUnusedImports: true,
    }).code;
  } catch (e) {
    const err = e as Error & { loc?: { line: number; column: number } };
    const message = err.message.replace(/\s*\(\d+:\d+\)$/, "");
    return {
      ok: false,
      errors: [{ message, line: err.loc?.line ?? 1, column: Math.max(1, err.loc?.column ?? 1) }],
    };
  }
  try {
    return guard(js);
  } catch (e) {
    if (e instanceof GuardError) return { ok: false, errors: [{ message: e.message, ...lineOf(js, e.pos) }] };
    const err = e as Error & { loc?: { line: number; column: number } };
    return {
      ok: false,
      errors: [
        {
          message: err.message.replace(/\s*\(\d+:\d+\)$/, ""),
          line: err.loc?.line ?? 1,
          column: (err.loc?.column ?? 0) + 1,
        },
      ],
    };
  }
}

/** Rewrite plain JavaScript (types already gone) into the guarded module body. */
export function guard(js: string): CompileResult {
  const ast = parse(js, { ecmaVersion: 2022, sourceType: "module", locations: false }) as unknown as N;
  const edits: Edit[] = [];
  const exported: string[] = [];
  const line = (pos: number) => lineOf(js, pos).line;
  const insert = (pos: number, text: string, close: boolean, depth: number) =>
    edits.push({ pos, text, close, depth });
  const cut = (from: number, to: number) =>
    edits.push({ pos: from, text: `\u0000${to}`, close: false, depth: -1 });

  const statements = (list: N[], depth: number) => {
    for (const s of list) insert(s.start, `${LINE}=${line(s.start)};`, false, depth + 1);
  };
  const loopBody = (body: N, at: number, depth: number) => {
    if (body.type === "BlockStatement") insert(body.start + 1, `${STEP}(${line(at)});`, false, depth + 1);
    else {
      insert(body.start, `{${STEP}(${line(at)});`, false, depth);
      insert(body.end, "}", true, depth);
    }
  };

  const visit = (n: N, depth: number, top: boolean) => {
    switch (n.type) {
      case "ImportDeclaration":
      case "ImportExpression":
        throw new GuardError("imports are not available: everything a node needs is on node", n.start);
      case "ExportDefaultDeclaration":
        throw new GuardError(
          "export each handler by name (export function onTimer...), not a default export",
          n.start,
        );
      case "ExportAllDeclaration":
        throw new GuardError("export each handler by name", n.start);
      case "ExportNamedDeclaration": {
        const decl = n.declaration as N | null;
        if (decl) {
          cut(n.start, decl.start);
          if (decl.type === "FunctionDeclaration") exported.push((decl.id as N).name as string);
          else if (decl.type === "VariableDeclaration")
            for (const d of decl.declarations as N[]) exported.push((d.id as N).name as string);
          else if (decl.type === "ClassDeclaration") exported.push((decl.id as N).name as string);
        } else {
          if (n.source)
            throw new GuardError("imports are not available: everything a node needs is on node", n.start);
          for (const s of n.specifiers as N[]) {
            const local = (s.local as N).name as string,
              as = (s.exported as N).name as string;
            if (local !== as) throw new GuardError(`export ${local} under its own name`, s.start);
            exported.push(local);
          }
          cut(n.start, n.end);
        }
        break;
      }
      case "Identifier":
      case "JSXIdentifier":
        if (Object.prototype.hasOwnProperty.call(REFUSED, n.name as string))
          throw new GuardError(REFUSED[n.name as string], n.start);
        break;
      case "VariableDeclaration":
        if (top && n.kind !== "const")
          throw new GuardError(
            "module variables are shared by every node: keep state in node.state (or make it a const)",
            n.start,
          );
        break;
      case "FunctionDeclaration":
      case "FunctionExpression":
      case "ArrowFunctionExpression": {
        if (n.async)
          throw new GuardError("handlers run to completion: async functions are not available", n.start);
        if (n.generator) throw new GuardError("generators are not available", n.start);
        const body = n.body as N;
        if (body.type === "BlockStatement")
          insert(body.start + 1, `${STEP}(${line(n.start)});`, false, depth + 1);
        else {
          insert(body.start, `{${STEP}(${line(n.start)});return (`, false, depth);
          insert(body.end, ");}", true, depth);
        }
        break;
      }
      case "AwaitExpression":
        throw new GuardError("handlers run to completion: await is not available", n.start);
      case "WhileStatement":
      case "DoWhileStatement":
      case "ForStatement":
      case "ForInStatement":
      case "ForOfStatement":
        loopBody(n.body as N, n.start, depth);
        break;
      case "BlockStatement":
      case "Program":
        statements(n.body as N[], depth);
        break;
      case "SwitchCase":
        statements(n.consequent as N[], depth);
        break;
    }
    const inner = n.type === "Program" || n.type === "ExportNamedDeclaration";
    for (const c of children(n)) visit(c, depth + 1, inner && top);
  };
  visit(ast, 0, true);

  const bad = exported.filter((e) => !(HANDLERS as readonly string[]).includes(e));
  if (bad.length > 0) throw new GuardError(`"${bad[0]}" is not a handler: export ${HANDLERS.join(", ")}`, 0);
  if (exported.length === 0) throw new GuardError(`export at least one handler (${HANDLERS.join(", ")})`, 0);

  // Apply: by position; at one position a cut first, then closings (inner first), then openings
  // (outer first), so nested wraps nest.
  edits.sort(
    (a, b) => a.pos - b.pos || rank(a) - rank(b) || (a.close ? b.depth - a.depth : a.depth - b.depth),
  );
  let out = "";
  let at = 0;
  for (const e of edits) {
    if (e.pos < at) continue; // inside a cut
    out += js.slice(at, e.pos);
    at = e.pos;
    if (e.text.startsWith("\u0000")) {
      at = Number(e.text.slice(1));
      continue;
    }
    out += e.text;
  }
  out += js.slice(at);
  const handlers = HANDLERS.filter((h) => exported.includes(h));
  out += `\n;return {${handlers.join(",")}};`;
  return { ok: true, code: out, handlers };
}

function rank(e: Edit): number {
  return e.text.startsWith("\u0000") ? 0 : e.close ? 1 : 2;
}
