// Breaking the network and the store: partitions drawn as groups (optionally one-way), a single
// cut link, heal, a store outage, and delay, jitter and loss from now on. The editors' choices
// live in the store, so the G and U shortcuts act on them too.
import { useId } from "react";
import { storeLabel, storeLabelCap } from "../labels.ts";
import { GROUPS } from "../store.ts";
import { ActionButton } from "./ActionButton.tsx";
import { useSandbox } from "./context.ts";
import { NumberField, useParams } from "./NumberField.tsx";

export function NetworkPanel() {
  const [params, setParams] = useParams();
  const count = useSandbox((s) => s.frame?.nodes.length ?? 0);
  const hasStore = useSandbox((s) => (s.frame ? s.frame.store !== null : false));
  const storeKind = useSandbox((s) => s.frame?.store?.kind ?? null);
  // The process is "store" in scenarios; on screen it is named for what it stands for.
  const name = (p: string) => (p === "store" ? `store (${storeLabel(storeKind)})` : p);
  const id = useId();
  const procs = [
    ...Array.from({ length: count }, (_, i) => `n${i + 1}`),
    ...(hasStore ? ["store"] : []),
    "resource",
  ];
  const group = (p: string) => params.groups[p] ?? (p === "store" || p === "resource" ? "" : "A");

  return (
    <div className="sb-network">
      <div className="sb-action-grid">
        <ActionButton name="heal" />
        {hasStore && <ActionButton name="store-outage" />}
      </div>
      {hasStore && (
        <div className="sb-fields">
          <NumberField
            label={`${storeLabelCap(storeKind)} outage (s)`}
            value={params.outageSeconds}
            min={0.1}
            blankable
            placeholder="until the end"
            onChange={(v) => setParams({ outageSeconds: v })}
          />
        </div>
      )}
      <fieldset className="sb-fieldset">
        <legend>Split into groups</legend>
        <div className="sb-groups">
          {procs.map((p) => (
            <div key={p} className="sb-group-pick">
              <label htmlFor={`${id}-g-${p}`}>{name(p)}</label>
              <select
                id={`${id}-g-${p}`}
                value={group(p)}
                onChange={(e) => setParams({ groups: { ...params.groups, [p]: e.target.value } })}
              >
                <option value="">no group</option>
                {GROUPS.map((g) => (
                  <option key={g} value={g}>
                    group {g}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
        <label className="sb-check">
          <input
            type="checkbox"
            checked={params.partitionOneWay}
            onChange={(e) => setParams({ partitionOneWay: e.target.checked })}
          />{" "}
          One-way: earlier groups cannot reach later ones
        </label>
        <div className="sb-fields">
          <NumberField
            label="Split for (s)"
            value={params.partitionSeconds}
            min={0.1}
            blankable
            onChange={(v) => setParams({ partitionSeconds: v })}
          />
        </div>
        <ActionButton name="partition" />
      </fieldset>
      <fieldset className="sb-fieldset">
        <legend>Cut one link</legend>
        <div className="sb-fields">
          <div className="sb-field">
            <label htmlFor={`${id}-from`}>Link from</label>
            <select
              id={`${id}-from`}
              value={params.cutFrom}
              onChange={(e) => setParams({ cutFrom: e.target.value })}
            >
              {procs.map((p) => (
                <option key={p} value={p}>
                  {name(p)}
                </option>
              ))}
            </select>
          </div>
          <div className="sb-field">
            <label htmlFor={`${id}-to`}>Link to</label>
            <select
              id={`${id}-to`}
              value={params.cutTo}
              onChange={(e) => setParams({ cutTo: e.target.value })}
            >
              {procs.map((p) => (
                <option key={p} value={p}>
                  {name(p)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <label className="sb-check">
          <input
            type="checkbox"
            checked={params.cutOneWay}
            onChange={(e) => setParams({ cutOneWay: e.target.checked })}
          />{" "}
          Only this direction
        </label>
        <ActionButton name="cut-link" />
      </fieldset>
      <fieldset className="sb-fieldset">
        <legend>Network from now on</legend>
        <div className="sb-fields">
          <NumberField
            label="Delay (ms)"
            value={params.delayMs}
            min={0}
            onChange={(v) => v !== null && v >= 0 && setParams({ delayMs: v })}
          />
          <NumberField
            label="Jitter (ms)"
            value={params.jitterMs}
            min={0}
            onChange={(v) => v !== null && v >= 0 && setParams({ jitterMs: v })}
          />
          <NumberField
            label="Loss (%)"
            value={params.lossPercent}
            min={0}
            max={99}
            onChange={(v) => v !== null && v >= 0 && v <= 99 && setParams({ lossPercent: v })}
          />
        </div>
        <ActionButton name="network" label="Apply network settings" />
      </fieldset>
    </div>
  );
}
