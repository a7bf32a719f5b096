// The trace log's row layout: row tags, a vote's flags, and the columns a log holds (trace-log.ts).
import type { TraceEvent } from "./trace.ts";
import type { Packed } from "./trace-packed.ts";

// Row tags: 0 = an object in `objs` (its index there in the `id` column), else a message event
// in the columns, a vote, or a whole event packed as a record (REC: its record in `x`, its type
// in `kind`; core/write-record.ts writes fenced writes so).
export const OBJ = 0;
export const SEND = 1;
export const DELIVER = 2;
export const DROP = 3;
export const STALL = 4;
export const VOTE = 5;
export const REC = 6;
export const TYPE_OF = ["", "send", "deliver", "drop", "stall", "vote"] as const;
// A vote row's flags, in the kind column.
export const GRANTED = 1;
export const PRE = 2;

export type MsgType = "send" | "deliver" | "drop" | "stall";

/** The columns and side tables of a log (the fields of TraceLog), which reading and trimming
 *  work on. While a log holds objects only, its columns are empty and row i is objs[i]. */
export interface TraceColumns {
  n: number;
  epoch: number;
  tag: Uint8Array;
  t: Float64Array;
  id: Int32Array;
  src: Uint16Array;
  dst: Uint16Array;
  kind: Uint32Array;
  x: Float64Array;
  packed: Packed | null;
  objs: TraceEvent[];
  procs: string[];
  strs: string[];
  retrans: Record<number, number>;
}
