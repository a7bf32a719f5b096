// The selected node's actions: crash, restart, pause (GC or mid-write), isolate, slow down,
// clock drift or step, graceful shutdown. The settings beside them (how long, how much) are
// shared with the keyboard shortcuts.
import { useEffect, useId, useRef } from "react";
import type { FrameNode, LeaseView } from "../../engine/index.ts";
import { formatSeconds } from "../narration.ts";
import { nodeRoleLabel } from "../views/ClusterView.ts";
import { formatToken, termLabelOf, termText } from "../labels.ts";
import type { Params } from "../store.ts";
import { ActionButton } from "./ActionButton.tsx";
import { PanelHeading } from "./PanelHeading.tsx";
import { useController, useSandbox } from "./context.ts";

export function NumberField({ label, value, onChange, min, max, step, blankable = false, hint, placeholder }: {
  label: string; value: number | null; onChange: (v: number | null) => void; min?: number; max?: number; step?: number | "any"; blankable?: boolean; hint?: string; placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="sb-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        value={value === null ? "" : String(value)}
        min={min}
        max={max}
        step={step ?? "any"}
        placeholder={placeholder ?? (blankable ? "until healed" : undefined)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => {
          const raw = e.target.value;
          if (raw === "") return onChange(blankable ? null : value);
          const v = Number(raw);
          if (Number.isFinite(v)) onChange(v);
        }}
      />
      {hint && (
        <span id={`${id}-hint`} className="sb-hint">
          {hint}
        </span>
      )}
    </div>
  );
}

export function useParams(): [Params, (p: Partial<Params>) => void] {
  const ctl = useController();
  const params = useSandbox((s) => s.params);
  return [params, (p) => ctl.dispatch({ type: "params", params: p })];
}

export function NodePanel({ compact = false }: { compact?: boolean }) {
  const [params, setParams] = useParams();
  const summary = useSandbox((s) => {
    const n = s.selected ? s.frame?.nodes.find((x) => x.id === s.selected) : undefined;
    if (!n) return null;
    // One vocabulary: the spec's own words for the number and the token ("rev 6", never "term 6").
    const label = termLabelOf(s.parsed, s.frame?.protocol);
    const tok = n.token !== null && n.token !== n.term ? `${label.tokenWord} ${formatToken(s.frame?.protocol ?? "", n.token)}` : "";
    return `${n.id}|${nodeRoleLabel(n)}|${termText(label, n)}|${tok}|${n.detail}|${n.believesLeader}`;
  });
  const ctl = useController();
  const headingId = useId();
  // A lesson can show two embeds at once: each names its regions by its run, so no two landmarks
  // share a name (axe landmark-unique).
  const runTitle = useSandbox((s) => s.title);
  const regionName = (visible: string) =>
    compact ? { "aria-label": `${visible}: ${runTitle}` } : { "aria-labelledby": headingId };
  if (!summary) {
    return (
      <section className="sb-panel sb-node-panel" {...regionName("Node actions")}>
        <PanelHeading id={headingId}>
          Node actions
        </PanelHeading>
        <p className="sb-hint">
          Select a node to break it: click or tap it, or Tab to the cluster and use the arrow keys and Enter.
        </p>
      </section>
    );
  }
  const [id, role, term, token, detail, believes] = summary.split("|");
  return (
    <section className="sb-panel sb-node-panel" {...regionName(`Actions for ${id}`)}>
      <div className="sb-panel-head">
        <PanelHeading id={headingId}>
          Actions for {id}
        </PanelHeading>
        <button type="button" className="sb-btn sb-btn-quiet" onClick={() => ctl.dispatch({ type: "select", node: null })}>
          Deselect
        </button>
      </div>
      <p className="sb-node-state">
        <span className={`sb-role-chip role-${role}`}>{role}</span> {term}
        {token && <> · {token}</>}
        {detail && detail !== role && <> · {detail}</>}
        {believes === "true" && role !== "leader" && <> · still believes it leads</>}
      </p>
      <LiveReadout id={id} />
      <div className="sb-action-grid">
        <ActionButton name="crash" showKey={!compact} />
        <ActionButton name="restart" showKey={!compact} />
        <ActionButton name="pause" showKey={!compact} />
        <ActionButton name="pause-write" showKey={!compact} />
        <ActionButton name="isolate" showKey={!compact} />
        <ActionButton name="shutdown" showKey={!compact} />
        {!compact && <ActionButton name="slow" />}
        {!compact && <ActionButton name="drift" />}
        {!compact && <ActionButton name="clock-step" />}
      </div>
      <div className="sb-fields">
        <NumberField label="Pause length (s)" value={params.pauseSeconds} min={0.1} step="any" onChange={(v) => v !== null && v > 0 && setParams({ pauseSeconds: v })} />
        <NumberField label="Isolate for (s)" value={params.isolateSeconds} min={0.1} blankable onChange={(v) => setParams({ isolateSeconds: v })} />
        {!compact && <NumberField label="Slow-down factor" value={params.slowFactor} min={1} step="any" onChange={(v) => v !== null && v >= 1 && setParams({ slowFactor: v })} />}
        {!compact && (
          <NumberField
            label="Clock drift (%)"
            value={params.driftPpm / 10_000}
            min={-99}
            step="any"
            onChange={(v) => v !== null && v > -100 && setParams({ driftPpm: Math.round(v * 10_000) })}
          />
        )}
        {!compact && <NumberField label="Wall-clock step (s)" value={params.stepMs / 1000} step="any" onChange={(v) => v !== null && setParams({ stepMs: Math.round(v * 1000) })} />}
      </div>
    </section>
  );
}

const left = (v: LeaseView | null | undefined) => (v && v.remainingMs !== null ? (v.remainingMs > 0 ? `${formatSeconds(v.remainingMs)} left` : "expired") : "none");

/** The node's clock and both views of its lease, as text, updated in place as time moves. */
function readout(n: FrameNode): string {
  const drift = n.driftPpm !== 0 ? ` (${n.driftPpm > 0 ? "+" : "−"}${Math.abs(n.driftPpm) / 10_000}%)` : "";
  const wall = Math.abs(n.wallClockMs - n.localClockMs) >= 1 ? `, wall clock ${formatSeconds(n.wallClockMs)}` : "";
  const lease = n.lease ? ` · lease: its own view ${left(n.lease.holder)}, the store's ${left(n.lease.store)}` : "";
  return `Local clock ${formatSeconds(n.localClockMs)}${drift}${wall}${lease}`;
}

function LiveReadout({ id }: { id: string }) {
  const ctl = useController();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    let last = 0;
    const update = () => {
      const now = performance.now();
      if (now - last < 100) return;
      last = now;
      const n = ctl.store.getState().frame?.nodes.find((x) => x.id === id);
      if (n && ref.current) ref.current.textContent = readout(n);
    };
    last = -Infinity;
    update();
    return ctl.store.subscribe(update);
  }, [ctl, id]);
  return <p className="sb-readout" ref={ref} />;
}
