// The event log in plain words, and the resource's write log (every rejected or stale write
// stays listed; accepted writes show the latest few).
import { useLayoutEffect, useMemo, useRef, type FocusEvent, type ReactNode, type RefObject } from "react";
import { appliedOutOfOrder, type TraceEvent } from "../../engine/index.ts";
import { formatToken } from "../labels.ts";
import { eventOfLine } from "../narration.ts";
import { formatSeconds } from "../format-seconds.ts";
import { WhyButton } from "./WhyButton.tsx";
import { WhyHost } from "./WhyPanel.tsx";
import { groupAlike, groupNote, writeOrigins } from "./write-origin.ts";
import { PanelHeading } from "./PanelHeading.tsx";
import { TimesBadge } from "./TimesBadge.tsx";
import { useSandbox } from "./context.ts";
import { usePage } from "./Pager.tsx";
import { useWholeRows } from "./whole-rows.ts";

const MAX_LINES = 150;
/** Refused or stale writes on one page of the write log (issue 40: a four-hour run with a
 *  paused leader every half minute refused 230 writes, each row a table row and a button). */
const BAD_PAGE = 20;
/** Refused or stale writes kept in the column beside the cluster; the write log lists all. */
const BAD_BESIDE = 12;

/** The focus was inside the log (on it or on a Why? button) and the line under it went away (a
 *  rewind empties the log): it goes to the list itself, never to the page's body. */
function useKeepFocus(list: RefObject<HTMLOListElement | null>) {
  const inside = useRef(false);
  useLayoutEffect(() => {
    const el = list.current;
    if (inside.current && el && (!document.activeElement || document.activeElement === document.body))
      el.focus({ preventScroll: true });
  });
  return {
    onFocus: () => {
      inside.current = true;
    },
    onBlur: (e: FocusEvent<HTMLOListElement>) => {
      const from = e.target;
      if (e.relatedTarget) {
        if (!e.currentTarget.contains(e.relatedTarget as Node)) inside.current = false;
        return;
      }
      // No new target: a click on the page (the item is still there: the learner left) or the
      // item removed under the focus (it is gone: keep the focus in the log).
      queueMicrotask(() => {
        if (from.isConnected) inside.current = false;
      });
    },
  };
}

/** `name` names the region when it must differ from the heading (two lesson embeds on a page). */
export function NarrationLog({
  limit = MAX_LINES,
  title = "What happened",
  name,
}: {
  limit?: number;
  title?: string;
  name?: string;
}) {
  const narration = useSandbox((s) => s.narration);
  const shown = narration.slice(-limit).reverse();
  const listRef = useRef<HTMLOListElement>(null);
  const keep = useKeepFocus(listRef);
  return (
    <section className="sb-panel sb-log" aria-label={name ?? title}>
      <PanelHeading>{title}</PanelHeading>
      {shown.length === 0 && <p className="sb-hint">Nothing yet. Press Play.</p>}
      {/* Always there, even empty: "0" (to start) pressed with the focus on it empties it, and
          an element that disappeared would drop the focus to the page's body. */}
      <ol
        className="sb-log-list"
        reversed
        start={narration.length}
        tabIndex={0}
        aria-label={`${title}, newest first`}
        ref={listRef}
        {...keep}
      >
        {shown.map((l, i) => (
          <li key={narration.length - i} className={`tone-${l.tone}`}>
            <span className="sb-log-t">{formatSeconds(l.t)}</span> {l.text}
            <WhyButton event={eventOfLine(l)} label={`${formatSeconds(l.t)}: ${l.text}`} />
          </li>
        ))}
      </ol>
      <WhyHost />
    </section>
  );
}

type Write = Extract<TraceEvent, { type: "write" }>;

/** Why a write was refused or landed stale, short enough for a table cell. */
export function writeResult(w: Write, protocol: string): string {
  if (w.result === "accepted") return "accepted";
  if (w.result === "stale-accepted")
    return appliedOutOfOrder(w)
      ? `applied after ${formatToken(protocol, w.maxSeen)}: safety lost`
      : "landed before the new leader wrote";
  if (w.sequencer === "not-current")
    return w.lockHolder
      ? `refused: the lock is ${w.lockHolder}'s (generation ${formatToken(protocol, w.lockToken ?? 0)})`
      : "refused: nobody holds the lock";
  if (w.sequencer === "no-answer") return "refused: the lock service did not answer";
  const rows = w.rows !== undefined ? ` (${w.rows} row${w.rows === 1 ? "" : "s"})` : "";
  return `refused: ${formatToken(protocol, w.token)} < ${formatToken(protocol, w.maxSeen)}${rows}`;
}

/** The writes among the page's latest events; when that window holds none (a long stretch
 *  without a leader), the latest historic ones (the first write of each token, and every
 *  refused or stale one). */
function latestWrites(events: readonly TraceEvent[], history: readonly TraceEvent[]): Write[] {
  const isWrite = (e: TraceEvent): e is Write => e.type === "write";
  const recent = events.filter(isWrite);
  return recent.length > 0 ? recent : history.filter(isWrite);
}

/** The resource's writes beside the cluster: the few newest, and every refused or stale write of
 *  the run, newest first in a box that scrolls, so a refusal never scrolls out of view two
 *  seconds after it happened (the full log is in "What happened"). */
export function LastWrites({ latest = 4 }: { latest?: number }) {
  const events = useSandbox((s) => s.events);
  const history = useSandbox((s) => s.history);
  const protocol = useSandbox((s) => s.frame?.protocol ?? "");
  const fencing = useSandbox((s) => s.frame?.resource.mode ?? "token");
  const writes = useMemo(() => latestWrites(events, history), [events, history]);
  // The counts are the whole run's: every refused or stale write is a historic event.
  const bad = useMemo(
    () => history.filter((e): e is Write => e.type === "write" && e.result !== "accepted"),
    [history],
  );
  // Two refusals of one node at one instant are two writes: say which is which (write-origin.ts).
  const origins = useMemo(() => writeOrigins(bad, history), [bad, history]);
  const rejected = bad.filter((w) => w.result === "rejected").length;
  const stale = bad.length - rejected;
  const shown = useMemo(() => {
    const recent = writes.slice(-latest);
    const all = [...bad.slice(-BAD_BESIDE).filter((w) => !recent.includes(w)), ...recent];
    return all.sort((a, b) => b.t - a.t);
  }, [writes, bad, latest]);
  // The box's edge falls between rows, never through one (whole-rows.ts).
  const box = useRef<HTMLDivElement>(null);
  useWholeRows(box, shown);
  return (
    <section className="sb-panel sb-last-writes" aria-label="Last writes at the resource">
      <PanelHeading>
        Last writes{" "}
        <span className="sb-hint">
          {/* A refused write is fencing working, a safe outcome (review 6b #14): the count of
              refusals says it in the heading once, so each row stays one line; "held" read as a
              lock being held (review 17a #10). */}
          fencing {fencing === "token" ? "on" : fencing === "sequencer" ? "by sequencer" : "off"} · {rejected}{" "}
          refused · {stale} stale
        </span>
      </PanelHeading>
      {shown.length === 0 ? (
        <p className="sb-hint">No writes yet: only a leader writes, once a second.</p>
      ) : (
        <div
          ref={box}
          className="sb-writes-scroll"
          tabIndex={0}
          role="region"
          aria-label="Writes, newest first; refused and stale ones stay listed"
        >
          <WritesTable
            caption={
              bad.length > BAD_BESIDE
                ? `Newest first; the latest ${BAD_BESIDE} refused or stale writes (all ${bad.length} in the resource write log)`
                : "Newest first; refused and stale writes stay listed"
            }
            why={false}
            rows={groupAlike(shown, formatSeconds).flatMap((g) => {
              const key = `${g[0].t}-${g[0].node}-${g[0].token}`;
              if (g.length === 1) return [writeRow(g[0], key, protocol, true)];
              return [
                writeRow(g[0], key, protocol, true, undefined, g.length),
                <tr key={`${key}-note`} className="sb-write-note">
                  <td colSpan={4}>{groupNote(g, origins)}</td>
                </tr>,
              ];
            })}
          />
        </div>
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

/** "105 < 203" kept on one line, free to go under "refused:" and the rest of a longer result
 *  free to wrap (review 15b #11: the comparison broke across two lines in Last writes at 1280;
 *  16b #1: kept on one line with "refused:", it ran past the panel's edge beside a tour). */
function keepTogether(text: string): ReactNode {
  const m = /^(\S+: )(\S+ [<>≤≥] \S+?)(?=[ ,(]|$)(.*)$/.exec(text);
  if (!m) return text;
  return (
    <>
      {m[1]}
      <span className="sb-nowrap">{m[2]}</span>
      {m[3]}
    </>
  );
}

/** A write's row; the compact column (icons) leaves "Why?" to the full log below it. */
/** `origin`: where the write came from, when another row could read the same (write-origin.ts). */
/** `times`: the row stands for that many writes alike (groupAlike). */
function writeRow(w: Write, key: string, protocol: string, icons = false, origin?: string, times = 1) {
  return (
    <tr key={key} className={`write-${w.result}`}>
      <td>{formatSeconds(w.t)}</td>
      <td>
        {/* the count in words, apart from the node's own number: "n2 ×2" read as one name */}
        {w.node}
        {times > 1 && " "}
        <TimesBadge times={times} />
      </td>
      <td>{formatToken(protocol, w.token)}</td>
      <td>
        {icons && (
          <span aria-hidden="true">
            {w.result === "accepted" ? "✓ " : w.result === "rejected" ? "⊘ " : "✗ "}
          </span>
        )}
        {keepTogether(writeResult(w, protocol))}
        {origin && <span className="sb-write-origin">{origin}</span>}
      </td>
      {!icons && (
        <td>
          <WhyButton
            event={w}
            label={`${formatSeconds(w.t)}: ${w.node}'s write, ${writeResult(w, protocol)}`}
          />
        </td>
      )}
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
  const bad = useMemo(
    () => history.filter((e): e is Write => e.type === "write" && e.result !== "accepted"),
    [history],
  );
  const recent = writes.slice(-latest).reverse();
  const badPage = usePage(bad, BAD_PAGE, "Refused or stale writes");
  const origins = useMemo(() => writeOrigins(bad, history), [bad, history]);
  const row = (w: Write, key: string) => writeRow(w, key, protocol, false, origins.get(w));
  return (
    <section className="sb-panel sb-writes" aria-label="Resource write log">
      <PanelHeading>
        Resource writes{" "}
        <span className="sb-hint">
          fencing {fencing === "token" ? "on" : fencing === "sequencer" ? "by sequencer" : "off"}
        </span>
      </PanelHeading>
      {writes.length === 0 && <p className="sb-hint">No writes yet: only a leader writes, once a second.</p>}
      {bad.length > 0 && (
        <WritesTable
          caption="Refused or stale writes"
          className="sb-bad-writes"
          rows={keyedRows(badPage.rows, row)}
        />
      )}
      {badPage.pager}
      {recent.length > 0 && <WritesTable caption="Latest writes" rows={keyedRows(recent, row)} />}
    </section>
  );
}

function WritesTable({
  caption,
  className,
  rows,
  why = true,
}: {
  caption: string;
  className?: string;
  rows: ReactNode[];
  why?: boolean;
}) {
  // A write's number is its token in every protocol, as the resource box says (review 9a #5).
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
            {why && (
              <th scope="col">
                <span className="visually-hidden">Why</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </table>
    </div>
  );
}
