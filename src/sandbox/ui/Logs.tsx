// The event log in plain words, and the resource's write log (every rejected or stale write
// stays listed; accepted writes show the latest few).
import { useMemo, type ReactNode } from "react";
import type { TraceEvent } from "../../engine/index.ts";
import { formatToken } from "../labels.ts";
import { eventOfLine, formatSeconds } from "../narration.ts";
import { WhyButton } from "./WhyButton.tsx";
import { WhyHost } from "./WhyPanel.tsx";
import { PanelHeading } from "./PanelHeading.tsx";
import { useSandbox } from "./context.ts";

const MAX_LINES = 150;

/** `name` names the region when it must differ from the heading (two lesson embeds on a page). */
export function NarrationLog({ limit = MAX_LINES, title = "What happened", name }: { limit?: number; title?: string; name?: string }) {
  const narration = useSandbox((s) => s.narration);
  const shown = narration.slice(-limit).reverse();
  return (
    <section className="sb-panel sb-log" aria-label={name ?? title}>
      <PanelHeading>{title}</PanelHeading>
      {shown.length === 0 ? (
        <p className="sb-hint">Nothing yet. Press Play.</p>
      ) : (
        <ol className="sb-log-list" reversed start={narration.length} tabIndex={0} aria-label={`${title}, newest first`}>
          {shown.map((l, i) => (
            <li key={narration.length - i} className={`tone-${l.tone}`}>
              <span className="sb-log-t">{formatSeconds(l.t)}</span> {l.text}
              <WhyButton event={eventOfLine(l)} label={`${formatSeconds(l.t)}: ${l.text}`} />
            </li>
          ))}
        </ol>
      )}
      <WhyHost />
    </section>
  );
}

type Write = Extract<TraceEvent, { type: "write" }>;

/** Why a write was refused or landed stale, short enough for a table cell. */
export function writeResult(w: Write, protocol: string): string {
  if (w.result === "accepted") return "accepted";
  if (w.result === "stale-accepted") return "landed, stale";
  if (w.sequencer === "not-current") return w.lockHolder ? `rejected: the lock is ${w.lockHolder}'s (generation ${formatToken(protocol, w.lockToken ?? 0)})` : "rejected: nobody holds the lock";
  if (w.sequencer === "no-answer") return "rejected: the lock service did not answer";
  const rows = w.rows !== undefined ? ` (${w.rows} row${w.rows === 1 ? "" : "s"})` : "";
  return `rejected: ${formatToken(protocol, w.token)} < ${formatToken(protocol, w.maxSeen)}${rows}`;
}

/** The writes among the page's latest events; when that window holds none (a long stretch
 *  without a leader), the latest historic ones (the first write of each token, and every
 *  refused or stale one). */
function latestWrites(events: readonly TraceEvent[], history: readonly TraceEvent[]): Write[] {
  const isWrite = (e: TraceEvent): e is Write => e.type === "write";
  const recent = events.filter(isWrite);
  return recent.length > 0 ? recent : history.filter(isWrite);
}

/** The resource's latest writes, beside the cluster: the few newest, whatever their result, and
 *  how many were refused or stale so far (the full log is further down). */
export function LastWrites({ latest = 4 }: { latest?: number }) {
  const events = useSandbox((s) => s.events);
  const history = useSandbox((s) => s.history);
  const protocol = useSandbox((s) => s.frame?.protocol ?? "");
  const fencing = useSandbox((s) => s.frame?.resource.mode ?? "token");
  const writes = useMemo(() => latestWrites(events, history), [events, history]);
  // The counts are the whole run's: every refused or stale write is a historic event.
  const bad = useMemo(() => history.filter((e): e is Write => e.type === "write" && e.result !== "accepted"), [history]);
  const rejected = bad.filter((w) => w.result === "rejected").length;
  const stale = bad.length - rejected;
  const recent = writes.slice(-latest).reverse();
  return (
    <section className="sb-panel sb-last-writes" aria-label="Last writes at the resource">
      <PanelHeading>
        Last writes <span className="sb-hint">fencing {fencing === "token" ? "on" : fencing === "sequencer" ? "by sequencer" : "off"} · {rejected} refused · {stale} stale</span>
      </PanelHeading>
      {recent.length === 0 ? (
        <p className="sb-hint">No writes yet: only a leader writes, once a second.</p>
      ) : (
        <WritesTable caption="Newest first" why={false} rows={keyedRows(recent, (w, key) => writeRow(w, key, protocol, true))} />
      )}
    </section>
  );
}

/** Rows keyed by the write itself (its time, node and token), not by its place in the list: a
 *  new write moves every row down one place, and keys from places made React rebuild the whole
 *  table for each write (ten times a second at 10x). Two writes alike get a count. */
function keyedRows(writes: readonly Write[], row: (w: Write, key: string) => ReactNode): ReactNode[] {
  const seen = new Map<string, number>();
  return writes.map((w) => {
    const base = `${w.t}-${w.node}-${w.token}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return row(w, n ? `${base}#${n}` : base);
  });
}

/** A write's row; the compact column (icons) leaves "Why?" to the full log below it. */
function writeRow(w: Write, key: string, protocol: string, icons = false) {
  return (
    <tr key={key} className={`write-${w.result}`}>
      <td>{formatSeconds(w.t)}</td>
      <td>{w.node}</td>
      <td>{formatToken(protocol, w.token)}</td>
      <td>{icons && <span aria-hidden="true">{w.result === "accepted" ? "✓ " : w.result === "rejected" ? "✗ " : "⚠ "}</span>}{writeResult(w, protocol)}</td>
      {!icons && <td><WhyButton event={w} label={`${formatSeconds(w.t)}: ${w.node}'s write, ${writeResult(w, protocol)}`} /></td>}
    </tr>
  );
}

export function WriteLog({ latest = 8 }: { latest?: number }) {
  const events = useSandbox((s) => s.events);
  const history = useSandbox((s) => s.history);
  const fencing = useSandbox((s) => s.frame?.resource.mode ?? "token");
  const protocol = useSandbox((s) => s.frame?.protocol ?? "");
  const writes = useMemo(() => latestWrites(events, history), [events, history]);
  // Every refused or stale write of the whole run stays listed: they are historic events.
  const bad = useMemo(() => history.filter((e): e is Write => e.type === "write" && e.result !== "accepted"), [history]);
  const recent = writes.slice(-latest).reverse();
  const row = (w: Write, key: string) => writeRow(w, key, protocol);
  return (
    <section className="sb-panel sb-writes" aria-label="Resource write log">
      <PanelHeading>
        Resource writes <span className="sb-hint">fencing {fencing === "token" ? "on" : fencing === "sequencer" ? "by sequencer" : "off"}</span>
      </PanelHeading>
      {writes.length === 0 && <p className="sb-hint">No writes yet: only a leader writes, once a second.</p>}
      {bad.length > 0 && <WritesTable caption="Refused or stale writes" className="sb-bad-writes" rows={keyedRows(bad, row)} />}
      {recent.length > 0 && <WritesTable caption="Latest writes" rows={keyedRows(recent, row)} />}
    </section>
  );
}

function WritesTable({ caption, className, rows, why = true }: { caption: string; className?: string; rows: ReactNode[]; why?: boolean }) {
  return (
    <div className="sb-table-wrap">
      <table className={className ? `sb-table ${className}` : "sb-table"}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Node</th>
            <th scope="col">Token</th>
            <th scope="col">Result</th>
            {why && <th scope="col"><span className="visually-hidden">Why</span></th>}
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </table>
    </div>
  );
}
