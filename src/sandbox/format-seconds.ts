// Simulated milliseconds as seconds in plain words ("0.25 s", "12.5 s", "140 s").
export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  if (Math.abs(s) >= 100) return `${Math.round(s)} s`;
  if (Math.abs(s) >= 10) return `${s.toFixed(1).replace(/\.0$/, "")} s`;
  return `${Number(s.toFixed(2))} s`;
}

/** A node's clock as the picture and the node panel both write it (one decimal, whole seconds
 *  from 100 s): the panel once wrote 3.09 s beside the picture's 3.2 s (review 6a #6). */
export function formatClock(ms: number): string {
  return `${(ms / 1000).toFixed(ms >= 100_000 ? 0 : 1)} s`;
}

/** A guided run's time (/start), its clock and its lines alike: whole tenths, cut down, never
 *  rounded up, so a line is never stamped later than the clock beside it reads (the clock read
 *  "8.7 s" beside a line at "8.79 s"; review 14a #12). */
export function formatTenths(ms: number): string {
  return formatSeconds(Math.floor(ms / 100) * 100);
}
