// Simulated milliseconds as seconds in plain words ("0.25 s", "12.5 s", "140 s").
export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  if (Math.abs(s) >= 100) return `${Math.round(s)} s`;
  if (Math.abs(s) >= 10) return `${s.toFixed(1).replace(/\.0$/, "")} s`;
  return `${Number(s.toFixed(2))} s`;
}
