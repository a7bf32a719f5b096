// Quoting a bad value in an error message: short, bounded and never throwing, whatever the value
// (a 400 KB string, a 100 000-level array, Infinity). No imports, so every schema file can use it.

/** At most this many characters of a bad value appear in a message. */
export const QUOTE_CHARS = 40;

/** A short, never-throwing rendering of a value for an error message. */
export function quote(v: unknown): string {
  if (typeof v === "number") return Number.isNaN(v) ? "NaN" : String(v); // Infinity, not "null"
  if (typeof v === "string")
    return clip(JSON.stringify(v.length > QUOTE_CHARS * 2 ? v.slice(0, QUOTE_CHARS * 2) : v));
  if (v === null || typeof v === "boolean" || v === undefined) return String(v);
  return clip(preview(v, 3));
}

function preview(v: unknown, depth: number): string {
  if (Array.isArray(v)) {
    if (depth === 0) return "[…]";
    const items = v.slice(0, 4).map((x) => preview(x, depth - 1));
    return `[${items.join(",")}${v.length > 4 ? ",…" : ""}]`;
  }
  if (typeof v === "object" && v !== null) {
    if (depth === 0) return "{…}";
    const keys = Object.keys(v).slice(0, 4);
    const body = keys.map(
      (k) => `${JSON.stringify(k.slice(0, 20))}:${preview((v as Record<string, unknown>)[k], depth - 1)}`,
    );
    return `{${body.join(",")}${Object.keys(v).length > 4 ? ",…" : ""}}`;
  }
  return quote(v);
}

function clip(s: string): string {
  return s.length > QUOTE_CHARS ? `${s.slice(0, QUOTE_CHARS)}…` : s;
}

/** Why a value that failed a number-or-duration field failed, when the reason is its kind. */
export function badNumber(v: unknown): string | null {
  if (typeof v === "number" && !Number.isFinite(v)) {
    return `must be a finite number, got ${quote(v)} (a number this large does not fit; durations are milliseconds or strings such as "10s")`;
  }
  return null;
}
