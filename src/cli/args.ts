// Argument parsing for the CLI: a command, positionals, and --flags (with or without "=").
import { quote } from "../engine/validate/quote.ts";

export class UsageError extends Error {}

export interface Args {
  command: string | undefined;
  positional: string[];
  flags: Record<string, string | true>;
}

const VALUE_FLAGS = new Set(["seed", "trials", "at", "node", "workers", "sizes"]);
const BOOL_FLAGS = new Set(["json", "help"]);

export function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "-h") {
      flags.help = true;
      continue;
    }
    if (!a.startsWith("--")) {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const name = a.slice(2, eq < 0 ? undefined : eq);
    if (BOOL_FLAGS.has(name)) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      flags[name] = true;
    } else if (VALUE_FLAGS.has(name)) {
      const v = eq >= 0 ? a.slice(eq + 1) : argv[++i];
      if (v === undefined || v.startsWith("--")) throw new UsageError(`--${name} needs a value`);
      flags[name] = v;
    } else throw new UsageError(`unknown option --${name.length > 40 ? `${name.slice(0, 40)}…` : name}`);
  }
  return { command: positional.shift(), positional, flags };
}

export function intFlag(flags: Args["flags"], name: string, min: number): number | undefined {
  const v = flags[name];
  if (v === undefined) return undefined;
  if (v === true || !/^-?\d+$/.test(v))
    throw new UsageError(`--${name} must be a whole number, got ${quote(v)}`);
  const n = Number(v);
  if (n < min) throw new UsageError(`--${name} must be at least ${min}, got ${n}`);
  return n;
}

/** A subcommand's own arguments (search, judge): positionals, --NAME VALUE or --NAME=VALUE for
 *  the names in `values`, and --json. `usage` makes the error the command reports with its usage. */
export function parseCommandArgs(
  argv: string[],
  values: ReadonlySet<string>,
  command: string,
  usage: (message: string) => Error,
): { pos: string[]; flags: Record<string, string>; json: boolean } {
  const pos: string[] = [];
  const flags: Record<string, string> = {};
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) {
      pos.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const name = a.slice(2, eq < 0 ? undefined : eq);
    if (name === "json") {
      json = true;
      continue;
    }
    if (!values.has(name)) throw usage(`unknown option --${name} for ${command}`);
    const v = eq >= 0 ? a.slice(eq + 1) : argv[++i];
    if (v === undefined || v.startsWith("--")) throw usage(`--${name} needs a value`);
    flags[name] = v;
  }
  return { pos, flags, json };
}

/** A whole-number flag from `min` to `max`, or undefined when it is not given. */
export function wholeFlag(
  flags: Record<string, string>,
  name: string,
  min: number,
  max: number,
  usage: (message: string) => Error,
): number | undefined {
  const v = flags[name];
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw usage(`--${name} must be a whole number, got ${quote(v)}`);
  const n = Number(v);
  if (n < min || n > max) throw usage(`--${name} must be from ${min} to ${max}, got ${n}`);
  return n;
}
