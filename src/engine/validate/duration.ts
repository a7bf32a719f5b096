// Durations in scenarios: a number of milliseconds, or a string such as "250ms", "10s", "2m",
// "1.5s", "1h", "500us". Returns milliseconds, or null when the input is not a duration.

const UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const RE = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(us|ms|s|m|h)?\s*$/;

export function parseDuration(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) && v >= 0 ? v : null;
  if (typeof v !== "string") return null;
  const m = RE.exec(v);
  if (!m) return null;
  const unit = m[2] ?? "ms";
  const ms = Number(m[1]) * UNITS[unit];
  return Number.isFinite(ms) ? Math.round(ms * 1000) / 1000 : null;
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
