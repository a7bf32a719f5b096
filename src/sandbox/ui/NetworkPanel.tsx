// Breaking the network and the store: partitions drawn as groups (optionally one-way), a single
// cut link, heal, a store outage, and delay, jitter and loss from now on.
import { useId, useState } from "react";
import { ActionButton } from "./ActionButton.tsx";
import { useController, useSandbox } from "./context.ts";
import { NumberField, useParams } from "./NodePanel.tsx";

const GROUPS = ["A", "B", "C"] as const;

export function NetworkPanel() {
  const ctl = useController();
  const [params, setParams] = useParams();
  const count = useSandbox((s) => s.frame?.nodes.length ?? 0);
  const hasStore = useSandbox((s) => (s.frame ? s.frame.store !== null : false));
  const canAct = useSandbox((s) => s.status === "ready" && s.frame !== null && !s.ended);
  const id = useId();
  const procs = [...Array.from({ length: count }, (_, i) => `n${i + 1}`), ...(hasStore ? ["store"] : []), "resource"];
  const [groupOf, setGroupOf] = useState<Record<string, string>>({});
  const [oneWay, setOneWay] = useState(false);
  const [partFor, setPartFor] = useState<number | null>(null);
  const [cutFrom, setCutFrom] = useState("n1");
  const [cutTo, setCutTo] = useState(hasStore ? "store" : "n2");
  const [cutOneWay, setCutOneWay] = useState(false);
  const [error, setError] = useState("");

  const group = (p: string) => groupOf[p] ?? (p === "store" || p === "resource" ? "" : "A");
  const partition = () => {
    const groups = GROUPS.map((g) => procs.filter((p) => group(p) === g)).filter((g) => g.length > 0);
    if (groups.length < 2) {
      setError("Put at least one node in each of two groups.");
      return;
    }
    setError("");
    ctl.dispatch({ type: "act", fault: { do: "partition", groups, ...(oneWay ? { oneWay: true } : {}), ...(partFor ? { for: Math.round(partFor * 1000) } : {}) } });
  };
  const cut = () => {
    if (cutFrom === cutTo) {
      setError("Choose two different ends for the link.");
      return;
    }
    setError("");
    ctl.dispatch({ type: "act", fault: { do: "partition", groups: [[cutFrom], [cutTo]], ...(cutOneWay ? { oneWay: true } : {}) } });
  };

  return (
    <div className="sb-network">
      <div className="sb-action-grid">
        <ActionButton name="heal" />
        {hasStore && <ActionButton name="store-outage" />}
      </div>
      {hasStore && (
        <div className="sb-fields">
          <NumberField label="Store outage (s)" value={params.outageSeconds} min={0.1} blankable placeholder="until the end" onChange={(v) => setParams({ outageSeconds: v })} />
        </div>
      )}
      <fieldset className="sb-fieldset">
        <legend>Partition into groups</legend>
        <div className="sb-groups">
          {procs.map((p) => (
            <label key={p} className="sb-group-pick">
              <span>{p}</span>
              <select value={group(p)} onChange={(e) => setGroupOf({ ...groupOf, [p]: e.target.value })}>
                <option value="">no group</option>
                {GROUPS.map((g) => (
                  <option key={g} value={g}>
                    group {g}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        <label className="sb-check">
          <input type="checkbox" checked={oneWay} onChange={(e) => setOneWay(e.target.checked)} /> One-way: earlier groups cannot reach later ones
        </label>
        <NumberField label="For (s)" value={partFor} min={0.1} blankable onChange={setPartFor} />
        <button type="button" className="sb-btn" disabled={!canAct} onClick={partition}>
          Partition
        </button>
      </fieldset>
      <fieldset className="sb-fieldset">
        <legend>Cut one link</legend>
        <div className="sb-fields">
          <label className="sb-field" htmlFor={`${id}-from`}>
            <span>From</span>
            <select id={`${id}-from`} value={cutFrom} onChange={(e) => setCutFrom(e.target.value)}>
              {procs.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </select>
          </label>
          <label className="sb-field" htmlFor={`${id}-to`}>
            <span>To</span>
            <select id={`${id}-to`} value={cutTo} onChange={(e) => setCutTo(e.target.value)}>
              {procs.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </select>
          </label>
        </div>
        <label className="sb-check">
          <input type="checkbox" checked={cutOneWay} onChange={(e) => setCutOneWay(e.target.checked)} /> Only this direction
        </label>
        <button type="button" className="sb-btn" disabled={!canAct} onClick={cut}>
          Cut link
        </button>
      </fieldset>
      <fieldset className="sb-fieldset">
        <legend>Network from now on</legend>
        <div className="sb-fields">
          <NumberField label="Delay (ms)" value={params.delayMs} min={0} onChange={(v) => v !== null && v >= 0 && setParams({ delayMs: v })} />
          <NumberField label="Jitter (ms)" value={params.jitterMs} min={0} onChange={(v) => v !== null && v >= 0 && setParams({ jitterMs: v })} />
          <NumberField label="Loss (%)" value={params.lossPercent} min={0} max={99} onChange={(v) => v !== null && v >= 0 && v <= 99 && setParams({ lossPercent: v })} />
        </div>
        <ActionButton name="network" label="Apply network settings" />
      </fieldset>
      {error && (
        <p className="sb-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
