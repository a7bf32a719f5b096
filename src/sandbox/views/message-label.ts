// A message as the picture labels it: its kind and the protocol's own number (the spec's word:
// "term 3" for Raft, "epoch 2" for Zab, whose votes read (epoch, zxid, id)), with a mark for a
// granted or refused answer. Read from the message's typed fields, never from text. Pure.
import type { Frame } from "../../engine/index.ts";
import type { TermLabel } from "../labels.ts";
import { arrowLabel } from "../message-words.ts";

type Msg = Frame["messages"][number];

export interface MessageLabel {
  /** drawn beside the dot: "vote reply term 3 ✓" */
  text: string;
  /** granted/success true: "granted"; false: "refused" */
  mark: "granted" | "refused" | null;
  /** the accessible name */
  spoken: string;
}

/** The field that carries the protocol's number, by its spec word. */
function numberOf(m: Msg, label: TermLabel): number | string | null {
  const f = m.fields ?? {};
  if (label.word === "term" && typeof f.term === "number") return f.term;
  if (label.word === "epoch") {
    for (const k of ["peerEpoch", "epoch", "newEpoch", "currentEpoch", "acceptedEpoch"])
      if (typeof f[k] === "number") return f[k] as number;
  }
  return null;
}

/** A message's kind as the learner reads it. The engine's closed-connection notice ($closed, a
 *  FIN or an RST: core/connection.ts) is no message a protocol sends, so it gets words. */
export function kindWords(kind: string, fields?: Msg["fields"]): string {
  if (kind === "$closed") return fields?.reset === true ? "connection reset" : "connection closed";
  return arrowLabel(kind);
}

/** name: a process as the picture names it (the store is "etcd" there, so it is in speech too). */
export function messageLabel(m: Msg, label: TermLabel, name: (p: string) => string = (p) => p): MessageLabel {
  const f = m.fields ?? {};
  const ok = typeof f.granted === "boolean" ? f.granted : typeof f.success === "boolean" ? f.success : null;
  const mark = ok === null ? null : ok ? "granted" : "refused";
  const num = numberOf(m, label);
  const vote = typeof f.vote === "string" ? ` vote ${f.vote}` : "";
  const n = num !== null && !vote ? ` ${label.word} ${num}` : "";
  const sign = mark === "granted" ? " ✓" : mark === "refused" ? " ✗" : "";
  const kind = kindWords(m.kind, m.fields);
  const text = `${kind}${n}${vote}${sign}`;
  const spoken = `${kind}${n}${vote}${mark ? `, ${mark}` : ""}, from ${name(m.from)} to ${name(m.to)}`;
  return { text, mark, spoken };
}

/** Every field, for the inspector: [name, value] in the body's order. */
export function messageFields(m: Msg): Array<[string, string]> {
  return Object.entries(m.fields ?? {}).map(([k, v]) => [
    k,
    v === null ? "none" : typeof v === "boolean" ? (v ? "yes" : "no") : String(v),
  ]);
}
