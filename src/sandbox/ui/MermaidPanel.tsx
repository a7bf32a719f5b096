// A Mermaid sequence diagram of a chosen window of the real run, rendered in place (Mermaid is
// loaded on first use, in strict mode, by the course's Diagram component).
import { lazy, Suspense, useId, useState } from "react";
import { diagramLegend, sequenceDiagram } from "../mermaid.ts";
import { storeLabel } from "../labels.ts";
import { defaultDiagramWindow } from "../marks.ts";
import { formatSeconds } from "../format-seconds.ts";
import { useController } from "./context.ts";
import type { TraceEvent } from "../../engine/index.ts";

const Diagram = lazy(() => import("../../ui/Diagram.tsx").then((m) => ({ default: m.Diagram })));

const LIMIT = 160;

export function MermaidPanel() {
  const ctl = useController();
  const id = useId();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [chart, setChart] = useState<{
    text: string;
    caption: string;
    truncated: boolean;
    legend: Array<{ label: string; api: string }>;
    store: string;
  } | null>(null);
  const [error, setError] = useState("");

  const draw = async () => {
    const s = ctl.store.getState();
    const now = s.frame?.t ?? 0;
    // No window given: open on the last event that matters (a crash, a new leader, a refusal).
    const dflt = defaultDiagramWindow(s.history, now);
    const a = from.trim() === "" ? dflt.from : Number(from) * 1000;
    const b = to.trim() === "" ? (from.trim() === "" ? dflt.to : now) : Number(to) * 1000;
    if (!Number.isFinite(a) || !Number.isFinite(b) || b <= a) {
      setError("Choose a window whose end is after its start.");
      return;
    }
    if (b > now) {
      setError(`The run has only reached ${formatSeconds(now)}: play further or end the window earlier.`);
      return;
    }
    setError("");
    let window: { events: TraceEvent[]; truncated: boolean };
    try {
      window = await ctl.traceWindow(a, b, LIMIT);
    } catch (err) {
      setError(`The diagram could not be drawn: ${(err as Error).message}. Try again.`);
      return;
    }
    const { events, truncated } = window;
    const store = storeLabel(s.frame?.store?.kind);
    const text = sequenceDiagram(events, {
      from: a,
      to: b,
      protocol: s.frame?.protocol ?? "raft",
      storeName: store,
    });
    const legend = diagramLegend(events, { from: a, to: b });
    setChart({
      text,
      caption: `Sequence diagram of the run from ${formatSeconds(a)} to ${formatSeconds(b)}${truncated ? ` (first ${LIMIT} events)` : ""}`,
      truncated,
      legend,
      store,
    });
  };

  return (
    <div className="sb-mermaid">
      <form
        className="sb-fields"
        onSubmit={(e) => {
          e.preventDefault();
          void draw();
        }}
      >
        <div className="sb-field">
          <label htmlFor={`${id}-from`}>Window from (s)</label>
          <input
            id={`${id}-from`}
            type="number"
            min={0}
            step="any"
            placeholder="auto"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="sb-field">
          <label htmlFor={`${id}-to`}>Window to (s)</label>
          <input
            id={`${id}-to`}
            type="number"
            min={0}
            step="any"
            placeholder="auto"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        <button type="submit" className="sb-btn">
          Draw sequence diagram
        </button>
      </form>
      <p className="sb-hint">Leave both empty to draw the moments around the last event that matters.</p>
      {error && (
        <p className="sb-field-error" role="alert">
          {error}
        </p>
      )}
      {chart && (
        <>
          {chart.truncated && (
            <p className="sb-hint">
              The window holds more than {LIMIT} events; only the first are drawn. Narrow it to see the rest.
            </p>
          )}
          <Suspense fallback={<p className="sb-hint">Loading the diagram renderer…</p>}>
            <Diagram chart={chart.text} caption={chart.caption} />
          </Suspense>
          {chart.legend.length > 0 && (
            <div className="sb-mermaid-legend">
              <p className="sb-hint">
                What each arrow is called in the real system
                {chart.store === "store" ? "" : ` (${chart.store})`}:
              </p>
              <dl>
                {chart.legend.map((row) => (
                  <div key={row.api}>
                    <dt>{row.label}</dt>
                    <dd>
                      <code>{row.api}</code>
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
          <details className="sb-mermaid-source">
            <summary>Mermaid source</summary>
            <pre>{chart.text}</pre>
          </details>
        </>
      )}
    </div>
  );
}
