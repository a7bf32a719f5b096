// `npm test` step: no import cycle anywhere in src/ (type-only imports and re-exports included).
// Why: a cycle makes layers unreadable and lets a low layer depend on a high one without anyone
// noticing. Relative specifiers only; packages cannot form a cycle with our files.
// The TypeScript compiler's own pre-parser reads the specifiers (static, type-only, re-exports and
// dynamic import()), so comments and strings are understood as the compiler understands them: a
// hand-written pattern once took the "/*" in a line comment for a block comment and missed
// every import below it.
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, dirname, resolve, relative } from "node:path";
import ts from "typescript";

const ROOT = resolve(process.argv[2] ?? "src");
function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

function resolveSpec(from, spec) {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const cand of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(cand) && statSync(cand).isFile()) return cand;
  }
  return null;
}

/** Every module specifier in a file, as the compiler sees it (dynamic imports included). */
export function specifiers(text) {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((f) => f.fileName);
}

export function importGraph(root) {
  const graph = new Map();
  for (const f of files(root)) {
    const deps = new Set();
    for (const spec of specifiers(readFileSync(f, "utf8"))) {
      const target = resolveSpec(f, spec);
      if (target && target.startsWith(root)) deps.add(target);
    }
    graph.set(f, [...deps]);
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function cycles(graph) {
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    stack = [],
    on = new Set(),
    out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = cycles(importGraph(ROOT));
  if (found.length === 0) {
    console.log(
      `no import cycles in ${relative(process.cwd(), ROOT) || "."} (${importGraph(ROOT).size} files)`,
    );
  } else {
    for (const c of found)
      console.error(
        `import cycle (${c.length} files):\n  ${c.map((f) => relative(process.cwd(), f)).join("\n  ")}`,
      );
    process.exit(1);
  }
}
