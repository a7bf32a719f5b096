// One protocol's rules card: a single printable page. Timer values come from the engine through
// engine-defaults.ts; the token line is the protocol spec's own wording, as the sandbox legend shows it.
import type { ReactNode } from "react";
import { isProtocol, specOf } from "../../engine/index.ts";

/** The token words the sandbox legend uses, from the protocol's spec. */
const termLabel = (p: string, o: { fencing?: string } = {}) =>
  isProtocol(p)
    ? specOf(p).token({ coordinated: false, sequencer: o.fencing === "sequencer" })
    : { word: "term", tokenWord: "token", meaning: "term: the node's term" };
import { engineDefaults, formatTimer, type TimerValue } from "./engine-defaults.ts";
import type { CardLine, RulesCard } from "./cards.ts";
import "./rules.css";

/** "{retryPeriod+renewDeadline}" in a card's words, as the value it names: the run's when the
 *  card was opened from one, else the default (a run's 10 s TTL, not the default 60 s). */
function fillTimers(text: string, values: Record<string, TimerValue>): string {
  return text.replace(/\{([A-Za-z]+(?:\+[A-Za-z]+)*)\}/g, (whole, expr: string) => {
    const parts = expr.split("+").map((k) => values[k]);
    if (parts.some((v) => typeof v !== "number")) return whole;
    return formatTimer((parts as number[]).reduce((a, b) => a + b, 0));
  });
}

/** One line: its plain words, then the real system's names, smaller, as the detail. */
function Line({ line, values }: { line: string | CardLine; values: Record<string, TimerValue> }) {
  if (typeof line === "string") return <>{fillTimers(line, values)}</>;
  return (
    <>
      {fillTimers(line.say, values)}
      {line.api && (
        <span className="rules-card-api">
          In the code: <code>{line.api}</code>
        </span>
      )}
    </>
  );
}
const lineKey = (l: string | CardLine) => (typeof l === "string" ? l : l.say);

export function RulesCardView({
  card,
  lessonLink,
  sandboxLink,
  run,
}: {
  card: RulesCard;
  lessonLink: ReactNode;
  sandboxLink: ReactNode;
  /** a run's own timer values (the card opened from the sandbox): shown beside the defaults */
  run?: Record<string, TimerValue>;
}) {
  const d = engineDefaults(card.protocol);
  const token = termLabel(card.protocol, { fencing: d.fencing }).meaning;
  // A slot says a timer as the run lives it: a keepalive due at TTL/3 but sent on a loop's next
  // pass reads as that pass ("about every 3.5 s"), the number the table and the sandbox show.
  const set = { ...d.timing, ...run };
  // "{renewDue}": the setting itself, beside the cadence it gives (the URL's renew=3000 and the
  // card's "about every 3.5 s" once read as a contradiction: review 10b #11).
  const values = Object.fromEntries(
    Object.entries(set).flatMap(([k, v]) => [
      [k, sentEvery(v, card.timers[k]?.sentOnLoopMs)],
      [`${k}Due`, v],
    ]),
  );
  return (
    <article className="rules-card" aria-labelledby="rules-card-title">
      <header className="rules-card-head">
        <h1 id="rules-card-title">Rules card: {card.title}</h1>
        {card.gist && <p className="rules-card-gist">{card.gist}</p>}
        <p className="rules-card-links no-print">
          {lessonLink} · {sandboxLink} ·{" "}
          <button type="button" className="button" onClick={() => window.print()}>
            Print this card
          </button>
        </p>
      </header>
      <div className="rules-card-grid">
        <section aria-labelledby="rc-state">
          <h2 id="rc-state">State</h2>
          <ul>
            {card.state.map((s) => (
              <li key={lineKey(s)}>
                <Line line={s} values={values} />
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="rc-messages">
          <h2 id="rc-messages">Messages</h2>
          <ul>
            {card.messages.map((s) => (
              <li key={lineKey(s)}>
                <Line line={s} values={values} />
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="rc-rules" className="rules-card-wide">
          <h2 id="rc-rules">Rules</h2>
          {run && <p className="rules-card-run">The times below are your run&apos;s.</p>}
          <ol>
            {card.rules.map((s) => (
              <li key={lineKey(s)}>
                <Line line={s} values={values} />
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="rc-timers">
          <h2 id="rc-timers">Timers and their defaults</h2>
          {/* A narrow screen scrolls the table inside its own named frame, never the page. */}
          <div
            className="table-scroll"
            tabIndex={0}
            role="region"
            // Not the section's own name again: two regions of one name are one landmark too many.
            aria-label="Table of the timers"
            style={{ overflowX: "auto", maxWidth: "100%" }}
          >
            <table className="rules-card-timers">
              <caption className="visually-hidden">
                Timers, their defaults in the simulator, and what each one does
              </caption>
              <thead>
                <tr>
                  <th scope="col">Timer</th>
                  <th scope="col">Default</th>
                  {run && <th scope="col">Your run</th>}
                  <th scope="col">What it does</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(card.timers).map(([key, t]) => (
                  <tr key={key}>
                    {/* The timer's name in words only: its setting's field name (ttl, renew) is
                        the simulator's, not something a learner types or reads anywhere else. */}
                    <th scope="row">{t.label}</th>
                    <td>{formatTimer(sentEvery(d.timing[key], t.sentOnLoopMs), t.unit)}</td>
                    {run && (
                      <td>
                        {run[key] !== undefined ? (
                          <RunTimer value={run[key]} loopMs={t.sentOnLoopMs} unit={t.unit} />
                        ) : (
                          "—"
                        )}
                      </td>
                    )}
                    <td>{t.meaning}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section aria-labelledby="rc-token">
          <h2 id="rc-token">The token</h2>
          <p>{card.token ? <Line line={card.token} values={values} /> : token}</p>
        </section>
      </div>
      <footer className="rules-card-sources">
        <p>
          Sources: {card.sources.join("; ")}. Defaults are the simulator&apos;s, read from its configuration.
        </p>
      </footer>
    </article>
  );
}

/** A run's timer as the sandbox says it ("about 3.5 s"), and, when the run's setting is a
 *  different number (a renewal due 3 s after each answer), one line on why the two differ. */
function RunTimer({ value, loopMs, unit }: { value: TimerValue; loopMs?: number; unit?: "ms" | "ticks" }) {
  const sent = sentEvery(value, loopMs);
  if (sent === value || !loopMs) return <>{formatTimer(value, unit)}</>;
  return (
    <>
      about {formatTimer(sent, unit)}
      <span className="rules-card-api">
        Set to fall due {formatTimer(value, unit)} after each answer; it goes out on the client&apos;s next
        pass, every {formatTimer(loopMs)}, so about {formatTimer(sent, unit)} apart.
      </span>
    </>
  );
}

/** A timer that only makes a send fall due, sent on a loop's first pass after it (etcd's
 *  keepalive: due at TTL/3, sent on the next 500 ms pass, so 3.5 s at TTL 10 s). The reply that
 *  sets it arrives just after a pass, so the send is the first pass strictly after the due time. */
function sentEvery(v: TimerValue, loopMs?: number): TimerValue {
  if (!loopMs || typeof v !== "number") return v;
  return (Math.floor(v / loopMs) + 1) * loopMs;
}
