// Where a write came from, when two rows would otherwise read the same (review 6b #9: the fencing
// tour showed "16.4 s n2 2 refused: 2 < 3" twice with nothing telling them apart). A node that
// wakes from a pause sends, at one instant, the write it had decided on before a mid-write pause
// (engine/core/process.ts resumeNode: the held write goes first) and then the write its write
// timer came due for while it slept (the deferred timer runs next). Both carry the old token.
import type { TraceEvent } from "../../engine/index.ts";
import { whenOf } from "../why.ts";

type Write = Extract<TraceEvent, { type: "write" }>;
type Fault = Extract<TraceEvent, { type: "fault" }>;

/** The message that carried a write, for its order among writes sent at one instant. */
const msgOf = (w: Write) => (w.why?.armedBy?.kind === "message" ? w.why.armedBy.msg : w.t);

/** The pause the node woke from when it sent `w`, if it sent it the instant it woke. */
function pauseBefore(w: Write, history: readonly TraceEvent[]): Fault | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const e = history[i];
    if (e.t > w.sentAt || e.type !== "fault" || e.fault !== "pause" || e.node !== w.node) continue;
    if (e.effect !== "applied" || e.for === undefined) continue;
    return Math.abs(e.t + e.for - w.sentAt) < 1 ? e : null;
  }
  return null;
}

/** A short note for each write that needs one to be told apart: a write sent on waking from a
 *  pause, and any write sent at the same instant as another of the same node. */
export function writeOrigins(writes: readonly Write[], history: readonly TraceEvent[]): Map<Write, string> {
  const out = new Map<Write, string>();
  const groups = new Map<string, Write[]>();
  for (const w of writes) {
    const key = `${w.node}|${w.sentAt}`;
    groups.set(key, [...(groups.get(key) ?? []), w]);
  }
  for (const group of groups.values()) {
    const sorted = [...group].sort((a, b) => msgOf(a) - msgOf(b));
    const pause = pauseBefore(sorted[0], history);
    sorted.forEach((w, k) => {
      if (pause) {
        const held = k === 0 && pause.during === "write" && pause.token === w.token;
        out.set(w, held ? `held over its pause from ${whenOf(pause.t)}` : "next write, due during its pause");
      } else if (sorted.length > 1) {
        out.set(w, `sent at ${whenOf(w.sentAt)}, ${k + 1} of ${sorted.length}`);
      }
    });
  }
  return out;
}

/** Rows that read the same beside the picture (time as shown, node, token, result) grouped, in
 *  order: one row "×2" with a note under it says more than two identical rows (review 6b #9). */
export function groupAlike(rows: readonly Write[], shown: (ms: number) => string): Write[][] {
  const out: Write[][] = [];
  for (const w of rows) {
    const g = out[out.length - 1];
    const x = g?.[0];
    if (x && x.node === w.node && x.token === w.token && x.result === w.result && shown(x.t) === shown(w.t))
      g.push(w);
    else out.push([w]);
  }
  return out;
}

/** The note under a grouped row, one short line beside the picture: what the writes were (the
 *  full log says it of each write: writeOrigins). */
export function groupNote(group: readonly Write[], origins: ReadonlyMap<Write, string>): string {
  // In the order they were sent (the table lists newest first).
  const notes = [...group].sort((a, b) => msgOf(a) - msgOf(b)).map((w) => origins.get(w) ?? "");
  const node = group[0].node;
  if (notes[0].startsWith("held") && notes.slice(1).every((n) => n.startsWith("next")))
    return `Sent as ${node} woke: its held write, then the next`;
  if (notes.every((n) => n.startsWith("next"))) return `Sent as ${node} woke: writes due during its pause`;
  return `${group.length} writes from ${node} at one moment`;
}
