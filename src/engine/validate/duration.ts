// Durations in scenarios: a number of milliseconds, or a string such as "250ms", "10s", "2m",
// "1.5s", "1h", "500us". Returns milliseconds, or null when the input is not a duration.
//
// A hand-written scanner rather than a regular expression: the pattern this replaced
// (/^\s*(\d+(?:\.\d+)?|\.\d+)\s*(us|ms|s|m|h)?\s*$/) backtracked quadratically on "1" followed
// by many spaces and a stray letter, so a 1.4 KB share link froze a tab for minutes. This one
// looks at each character at most once, and refuses strings over MAX_DURATION_CHARS before it
// looks at any. It accepts exactly what that pattern accepted (duration.test.ts checks both
// agree on generated strings).
import { MAX_DURATION_CHARS } from "./input-limits.ts";

const UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** JavaScript's \s: the characters a regular expression's \s matched. */
function isSpace(c: number): boolean {
  return (
    (c >= 9 && c <= 13) ||
    c === 32 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
const isDigit = (c: number) => c >= 48 && c <= 57;

/** The scan, with a count of the characters it looked at (the property test bounds it). */
export function scanDuration(v: string): { ms: number | null; steps: number } {
  let steps = 0;
  if (v.length > MAX_DURATION_CHARS) return { ms: null, steps };
  let i = 0;
  const n = v.length;
  const at = (k: number) => {
    steps++;
    return v.charCodeAt(k);
  };
  while (i < n && isSpace(at(i))) i++;
  const numStart = i;
  while (i < n && isDigit(at(i))) i++;
  const whole = i - numStart;
  if (i < n && at(i) === 46 /* . */) {
    const fracStart = ++i;
    while (i < n && isDigit(at(i))) i++;
    // "1." is not a duration (the pattern needed a digit after the point); ".5" is.
    if (i === fracStart) return { ms: null, steps };
  } else if (whole === 0) return { ms: null, steps };
  const num = Number(v.slice(numStart, i));
  while (i < n && isSpace(at(i))) i++;
  let unit = "ms";
  if (i < n) {
    const c = at(i);
    const next = i + 1 < n ? at(i + 1) : -1;
    if ((c === 117 /* u */ || c === 109) /* m */ && next === 115 /* s */) {
      unit = c === 117 ? "us" : "ms";
      i += 2;
    } else if (c === 115 /* s */ || c === 109 /* m */ || c === 104 /* h */) {
      unit = v[i];
      i += 1;
    }
  }
  while (i < n && isSpace(at(i))) i++;
  if (i !== n) return { ms: null, steps };
  const ms = num * UNITS[unit];
  return { ms: Number.isFinite(ms) ? Math.round(ms * 1000) / 1000 : null, steps };
}

export function parseDuration(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) && v >= 0 ? v : null;
  if (typeof v !== "string") return null;
  return scanDuration(v).ms;
}

/** Human form of a millisecond count, for CLI output: 250ms, 1.5s, 2m. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  const a = Math.abs(ms);
  if (a >= 120_000) return `${trim(ms / 60_000)}m`;
  if (a >= 1000) return `${trim(ms / 1000)}s`;
  return `${trim(ms)}ms`;
}

function trim(x: number): string {
  return String(Math.round(x * 1000) / 1000);
}
