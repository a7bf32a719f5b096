// The selected node's actions: crash, restart, pause (GC or mid-write), isolate, slow down,
// clock drift or step, graceful shutdown. The settings beside them (how long, how much) are
// shared with the keyboard shortcuts.
import { useId } from "react";
import { nodeRoleLabel } from "../views/ClusterView.ts";
import type { Params } from "../store.ts";
import { ActionButton } from "./ActionButton.tsx";
import { PanelHeading } from "./PanelHeading.tsx";
import { useController, useSandbox } from "./context.ts";

export function NumberField({ label, value, onChange, min, max, step, blankable = false, hint }: {
  label: string; value: number | null; onChange: (v: number | null) => void; min?: number; max?: number; step?: number | "any"; blankable?: boolean; hint?: string;
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
        placeholder={blankable ? "until healed" : undefined}
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
    return `${n.id}|${nodeRoleLabel(n)}|${n.term}|${n.token ?? ""}|${n.detail}|${n.believesLeader}`;
  });
  const ctl = useController();
  const headingId = useId();
  if (!summary) {
    return (
      <section className="sb-panel sb-node-panel" aria-labelledby={headingId}>
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
    <section className="sb-panel sb-node-panel" aria-labelledby={headingId}>
      <div className="sb-panel-head">
        <PanelHeading id={headingId}>
          Actions for {id}
        </PanelHeading>
        <button type="button" className="sb-btn sb-btn-quiet" onClick={() => ctl.dispatch({ type: "select", node: null })}>
          Deselect
        </button>
      </div>
      <p className="sb-node-state">
        <span className={`sb-role-chip role-${role}`}>{role}</span> term {term}
        {token && <> · token {token}</>}
        {detail && detail !== role && <> · {detail}</>}
        {believes === "true" && role !== "leader" && <> · still believes it leads</>}
      </p>
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
        <NumberField label="Isolate for (s)" value={params.isolateSeconds} min={0.1} blankable hint="Blank: until healed" onChange={(v) => setParams({ isolateSeconds: v })} />
        {!compact && <NumberField label="Slow-down factor" value={params.slowFactor} min={1} step="any" onChange={(v) => v !== null && v >= 1 && setParams({ slowFactor: v })} />}
        {!compact && (
          <NumberField
            label="Clock drift (%)"
            value={params.driftPpm / 10_000}
            min={-99}
            step="any"
            hint="+50 runs 50% fast; 0 resets"
            onChange={(v) => v !== null && v > -100 && setParams({ driftPpm: Math.round(v * 10_000) })}
          />
        )}
        {!compact && <NumberField label="Clock step (s)" value={params.stepMs / 1000} step="any" hint="Wall clock only" onChange={(v) => v !== null && setParams({ stepMs: Math.round(v * 1000) })} />}
      </div>
    </section>
  );
}
