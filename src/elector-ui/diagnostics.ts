// What the editor underlines: the elector compiler's errors (the line and column in the code as
// typed), and a use of `node.` or `node.store.` with a name the API does not have (a typo the
// compiler cannot see, since it only strips the types; the run would throw on it much later),
// and the host's clock, timers and randomness, which the run refuses (said here, before it runs).
import { compileElector } from "../elector/compile.ts";
import { HOST_FEATURES } from "../engine/protocols/learner/load.ts";
import { NODE_MEMBERS, STORE_MEMBERS } from "./api-entries.ts";

export interface SourceProblem {
  /** 1-based */
  line: number;
  /** 1-based; absent: the whole line */
  column?: number;
  length?: number;
  message: string;
  severity: "error" | "warning";
  /** who found it: the compiler, the API's names, or a run */
  source: "compiler" | "API" | "run";
}

const NODE_NAMES = new Set(NODE_MEMBERS.map((m) => m.name));
const STORE_NAMES = new Set(STORE_MEMBERS.map((m) => m.name));

/** The source's lines with comments and string literals blanked out, columns kept. */
function codeLines(source: string): string[] {
  let inBlock = false;
  return source.split("\n").map((raw) => {
    let line = raw;
    if (inBlock) {
      const end = line.indexOf("*/");
      if (end < 0) return "";
      line = " ".repeat(end + 2) + line.slice(end + 2);
      inBlock = false;
    }
    line = line.replace(/\/\*.*?\*\//g, (m) => " ".repeat(m.length));
    const open = line.indexOf("/*");
    if (open >= 0) {
      line = line.slice(0, open);
      inBlock = true;
    }
    return line.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, (m) => " ".repeat(m.length)).replace(/\/\/.*$/, "");
  });
}

/** `node.x` and `node.store.x` with a name the API lacks, outside comments and strings. */
export function unknownNames(source: string): SourceProblem[] {
  const out: SourceProblem[] = [];
  codeLines(source).forEach((line, i) => {
    for (const m of line.matchAll(/\bnode\s*\.\s*store\s*\.\s*([A-Za-z_$][\w$]*)/g)) {
      if (!STORE_NAMES.has(m[1]))
        out.push({
          line: i + 1,
          column: m.index! + m[0].length - m[1].length + 1,
          length: m[1].length,
          severity: "error",
          source: "API",
          message: `node.store has no "${m[1]}". It has: ${[...STORE_NAMES].join(", ")}.`,
        });
    }
    for (const m of line.matchAll(/\bnode\s*\.\s*([A-Za-z_$][\w$]*)/g)) {
      if (!NODE_NAMES.has(m[1]))
        out.push({
          line: i + 1,
          column: m.index! + m[0].length - m[1].length + 1,
          length: m[1].length,
          severity: "error",
          source: "API",
          message: `node has no "${m[1]}". Press Ctrl+Space after "node." to see what it has.`,
        });
    }
  });
  return out;
}

/** The host's clock, timers, randomness and the like, which a handler must not reach: each
 *  named with what to use instead (compile.ts's list; the run refuses them the same way). */
export function hostFeatures(source: string): SourceProblem[] {
  const out: SourceProblem[] = [];
  const names = Object.keys(HOST_FEATURES).join("|");
  const word = new RegExp(`(?<![\\w$.])(${names}|Math\\s*\\.\\s*random)(?![\\w$])`, "g");
  codeLines(source).forEach((line, i) => {
    for (const m of line.matchAll(word)) {
      const name = m[1].replace(/\s/g, "");
      // A property or parameter of the same name (`{ crypto: 1 }`, `(self) =>`) is the learner's own.
      const after = line.slice(m.index! + m[0].length);
      if (/^\s*:(?!:)/.test(after) && name !== "Math.random") continue;
      const instead = name === "Math.random" ? "use node.random(), which the run seeds" : HOST_FEATURES[name];
      out.push({
        line: i + 1,
        column: m.index! + 1,
        length: m[0].length,
        severity: "error",
        source: "API",
        message: `${name} is not available to a node: ${instead}.`,
      });
    }
  });
  return out;
}

/** Everything the editor underlines before anything runs. */
export function checkSource(source: string): SourceProblem[] {
  const compiled = compileElector(source);
  const errors: SourceProblem[] = compiled.ok
    ? []
    : compiled.errors.map((e) => ({
        line: e.line,
        column: e.column,
        message: e.message,
        severity: "error" as const,
        source: "compiler" as const,
      }));
  return [...errors, ...unknownNames(source), ...hostFeatures(source)];
}
