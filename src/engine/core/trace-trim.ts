// Cutting a trace log down: keep its first n events (truncate), or drop its first n (a window over
// a long run), keeping the columns, the object list, the packed causes and the retransmit counts
// in step.
import { dropPacked, truncatePacked } from "./trace-packed.ts";
import { OBJ, REC, VOTE, type TraceColumns } from "./trace-rows.ts";

/** Keep the first n events. */
export function truncateLog(log: TraceColumns, n: number): void {
  if (n >= log.n) return;
  const keep = Math.max(0, n);
  for (const k in log.retrans) if (Number(k) >= keep) delete log.retrans[k];
  log.objs.length = objsBefore(log, keep);
  if (log.packed) truncatePacked(log.packed, recordsBefore(log, keep));
  log.n = keep;
  log.epoch++;
}

/** Drop the first n events. */
export function dropLogFront(log: TraceColumns, n: number): void {
  const cut = Math.min(Math.max(0, n), log.n);
  if (cut === 0) return;
  const end = log.n;
  const gone = objsBefore(log, cut);
  const records = recordsBefore(log, cut);
  const flat = log.tag.length === 0;
  if (flat) log.objs.splice(0, cut);
  else for (const a of [log.tag, log.t, log.id, log.src, log.dst, log.kind, log.x]) a.copyWithin(0, cut, end);
  if (gone > 0 && !flat) {
    log.objs.splice(0, gone);
    for (let i = 0; i < end - cut; i++) if (log.tag[i] === OBJ) log.id[i] -= gone;
  }
  if (records > 0 && log.packed) {
    dropPacked(log.packed, records);
    for (let i = 0; i < end - cut; i++) if (packedRow(log, i)) log.x[i] -= records;
  }
  const moved: Record<number, number> = {};
  for (const k in log.retrans) if (Number(k) >= cut) moved[Number(k) - cut] = log.retrans[k];
  log.retrans = moved;
  log.n = end - cut;
  log.epoch++;
}

/** How many object events lie before row n. */
function objsBefore(log: TraceColumns, n: number): number {
  if (log.tag.length === 0) return Math.min(n, log.n);
  for (let i = Math.min(n, log.n) - 1; i >= 0; i--) if (log.tag[i] === OBJ) return log.id[i] + 1;
  return 0;
}

/** How many packed records belong to rows before row n. */
function recordsBefore(log: TraceColumns, n: number): number {
  if (log.tag.length === 0) return 0;
  for (let i = Math.min(n, log.n) - 1; i >= 0; i--) if (packedRow(log, i)) return log.x[i] + 1;
  return 0;
}

/** Does row i own a packed record (a vote's cause, or an event packed whole)? */
function packedRow(log: TraceColumns, i: number): boolean {
  const tag = log.tag[i];
  return (tag === VOTE || tag === REC) && log.x[i] >= 0;
}
