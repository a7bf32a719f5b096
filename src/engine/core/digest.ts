// FNV-1a over a JSON string: a short fingerprint for exact-trace tests and CLI output.
export function digest(value: unknown): string {
  const s = typeof value === "string" ? value : JSON.stringify(value);
  return fnv1a32(s).toString(16).padStart(8, "0") + ":" + s.length.toString(36);
}

/** FNV-1a, 32 bits, over UTF-16 code units (also the quiz's stable option shuffle). */
export function fnv1a32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
