// CSV for downloads (RFC 4180: comma separated, CRLF line ends, fields with a comma, quote or
// line break quoted, quotes doubled). Numbers are written as they are; null and undefined as "".

export type Cell = string | number | boolean | null | undefined;

export function csvField(v: Cell): string {
  if (v === null || v === undefined) return "";
  const s = typeof v === "number" ? (Number.isFinite(v) ? String(v) : "") : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly Cell[]>): string {
  return [header, ...rows].map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}
