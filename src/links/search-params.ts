// Readers for the routes' search params. Route search validation runs in the main chunk (the
// router needs it before any route chunk loads), so these are plain functions rather than a schema
// library, which would put tens of kilobytes on the home page. Each returns undefined for anything
// it does not accept, so a malformed param is dropped and never breaks the page.

/** One of `ids`, or undefined. */
export function oneOf<T extends string>(ids: readonly T[], value: unknown): T | undefined {
  return typeof value === "string" && (ids as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A string or number (the router parses `?at=5` as a number), as text of `min` to `max` characters. */
export function text(value: unknown, min = 1, max = Infinity): string | undefined {
  // A number must be finite (NaN and Infinity are not numbers here, as in the schema this replaced).
  if (typeof value !== "string" && !(typeof value === "number" && Number.isFinite(value))) return undefined;
  const s = String(value);
  return s.length >= min && s.length <= max ? s : undefined;
}

/** A string matching `pattern` (strings only: a number is not an id), or undefined. */
export function matching(value: unknown, pattern: RegExp): string | undefined {
  return typeof value === "string" && pattern.test(value) ? value : undefined;
}

/** A finite number of zero or more, read from a number or numeric text, or undefined. */
export function nonNegative(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  let n: number;
  try {
    n = Number(value);
  } catch {
    // `?at={"toString":1,"valueOf":2}` parses to an object that cannot become a number.
    return undefined;
  }
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

type Readers<T> = { [K in keyof T]-?: (value: unknown) => T[K] | undefined };

/** Reads each known param with its reader; unknown params are dropped. A param that is absent stays
 *  absent, and one that is present but refused is kept as undefined (as a schema library's object
 *  with optional fields does), so the router sees the same search object either way. */
export function readParams<T extends object>(search: Record<string, unknown>, readers: Readers<T>): T {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(readers)) {
    if (key in search) out[key] = (readers as Record<string, (v: unknown) => unknown>)[key](search[key]);
  }
  return out as T;
}
