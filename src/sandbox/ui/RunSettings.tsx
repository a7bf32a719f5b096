// A new run: pick a preset, or the protocol, node count, seed, length, timings and fencing.
// Everything protocol-specific (which fields, their labels, units, help and defaults, the node
// rule, the starting scenario, whether sequencers are possible) comes from the protocol's spec
// in the engine. The form is checked by the engine's own parseScenario, so its refusals read
// exactly like an imported file's, and name the field.
import { useId, useState, type FormEvent } from "react";
import {
  BUILT_IN_PROTOCOLS as PROTOCOLS,
  SPECS,
  parseScenario,
  presets,
  type FieldSpec,
  type ProtocolSpec,
  type Scenario,
} from "../../engine/index.ts";
import { checkScenario, presetScenario, type RawScenario } from "../scenarios.ts";
import { useController, useSandbox } from "./context.ts";
import { loadedExample } from "./example-run.ts";

export interface FormValues {
  protocol: string;
  nodes: string;
  seed: string;
  until: string;
  fencing: boolean;
  keep: boolean;
  /** one string per input: `key` for a field, `key.0` / `key.1` for a range */
  t: Record<string, string>;
  /** boolean options, by key */
  flags: Record<string, boolean>;
}

const specFor = (protocol: string): ProtocolSpec => SPECS[protocol as keyof typeof SPECS] ?? SPECS.etcd;

/** A duration in ms as the form shows it, in the field's unit. */
const show = (f: FieldSpec, ms: number) => String(f.unit === "s" ? ms / 1000 : ms);

/** The inputs of a field: one, or two for a range. */
export function inputKeys(f: FieldSpec): string[] {
  return f.kind === "range" ? [`${f.key}.0`, `${f.key}.1`] : f.kind === "boolean" ? [] : [f.key];
}

/** The form's values for a normalised scenario. */
export function valuesOf(p: Scenario, faults: number): FormValues {
  const spec = specFor(p.protocol);
  const timing = p.timing as unknown as Record<string, unknown>;
  const options = p.options as unknown as Record<string, unknown>;
  const t: Record<string, string> = {};
  const flags: Record<string, boolean> = {};
  for (const f of spec.fields) {
    const v = (f.group === "timing" ? timing : options)[f.key];
    if (f.kind === "boolean") flags[f.key] = v === true;
    else if (f.kind === "range") {
      const [a, b] = v as [number, number];
      t[`${f.key}.0`] = show(f, a);
      t[`${f.key}.1`] = show(f, b);
    } else if (f.kind === "count") t[f.key] = String(v);
    else t[f.key] = show(f, v as number);
  }
  return {
    protocol: p.protocol,
    nodes: String(p.nodes),
    seed: String(p.seed),
    until: String(p.until / 1000),
    fencing: p.fencing !== "none",
    keep: faults > 0,
    t,
    flags,
  };
}

/** The form's values when a learner picks a protocol: its spec's starting scenario. */
export function startValues(protocol: string): FormValues {
  return valuesOf(parseScenario(specFor(protocol).sandbox), 0);
}

const num = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : Number(v));
/** A form number back into the scenario's JSON: seconds as a "…s" string, ms as a number. */
const dur = (f: FieldSpec, v: string | undefined) => {
  const x = num(v);
  return x === undefined ? undefined : f.unit === "s" ? `${x}s` : x;
};

/** The scenario a filled-in form asks for. Another protocol starts from its own spec's scenario,
 *  never from what the previous one ran (its boot stagger, its options, its timings). */
export function buildScenario(
  v: FormValues,
  current: { scenario: RawScenario; parsed: Scenario | null },
): RawScenario {
  const spec = specFor(v.protocol);
  const same = current.parsed?.protocol === v.protocol;
  const base: RawScenario = same ? structuredClone(current.scenario) : structuredClone(spec.sandbox);
  const timing: Record<string, unknown> = { ...((base.timing as Record<string, unknown> | undefined) ?? {}) };
  const options: Record<string, unknown> = {
    ...((base.options as Record<string, unknown> | undefined) ?? {}),
  };
  for (const f of spec.fields) {
    const into = f.group === "timing" ? timing : options;
    if (f.kind === "boolean") into[f.key] = v.flags[f.key] === true;
    else if (f.kind === "range") into[f.key] = [dur(f, v.t[`${f.key}.0`]), dur(f, v.t[`${f.key}.1`])];
    else if (f.kind === "count") into[f.key] = num(v.t[f.key]);
    else into[f.key] = dur(f, v.t[f.key]);
  }
  // Sequencer fencing is kept for a lock service when the run already used it.
  const fencing = !v.fencing
    ? "none"
    : current.parsed?.fencing === "sequencer" && spec.lockService
      ? "sequencer"
      : "token";
  const out: RawScenario = {
    ...base,
    protocol: v.protocol,
    nodes: spec.nodes.fixed ?? num(v.nodes),
    seed: num(v.seed),
    until: `${num(v.until)}s`,
    timing,
    fencing,
    faults: v.keep ? (current.scenario.faults ?? []) : [],
  };
  if (Object.keys(options).length > 0) out.options = options;
  else delete out.options;
  return out;
}

/** The input a ScenarioError path points at. */
function fieldOf(path: string): string {
  const m = /^timing\.(\w+)\[(\d)\]/.exec(path);
  if (m) return `${m[1]}.${m[2]}`;
  if (path.startsWith("timing.") || path.startsWith("options.")) return path.split(".")[1];
  if (path.startsWith("faults")) return "keep";
  return path.split(".")[0];
}

/** `onStart`: what the layout does once a run is started from here (the full sandbox shows it). */
export function RunSettings({ onStart }: { onStart?: () => void }) {
  const parsed = useSandbox((s) => s.parsed);
  const scenario = useSandbox((s) => s.scenario);
  const source = useSandbox((s) => s.source);
  // A new scenario on screen resets the form to it.
  return (
    <RunSettingsForm
      key={JSON.stringify(scenario)}
      parsed={parsed}
      scenario={scenario}
      example={loadedExample(source, scenario)}
      onStart={onStart}
    />
  );
}

function RunSettingsForm({
  parsed,
  scenario,
  example,
  onStart,
}: {
  parsed: Scenario | null;
  scenario: RawScenario;
  /** the example loaded now, or "" when the run is none of them */
  example: string;
  onStart?: () => void;
}) {
  const ctl = useController();
  const id = useId();
  const faults = Array.isArray(scenario.faults) ? scenario.faults.length : 0;
  const [v, setV] = useState<FormValues>(() => (parsed ? valuesOf(parsed, faults) : startValues("etcd")));
  const [error, setError] = useState<{ message: string; field: string } | null>(null);
  const [preset, setPreset] = useState(example);

  const set = (patch: Partial<FormValues>) => setV((old) => ({ ...old, ...patch }));
  // Changing the protocol starts from its own starting scenario, with a node count it accepts.
  const setProtocol = (protocol: string) =>
    setV((old) => ({ ...startValues(protocol), keep: old.keep && faults > 0 }));
  const spec = specFor(v.protocol);
  const rule = spec.nodes;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const raw = buildScenario(v, { scenario, parsed });
    const checked = checkScenario(raw);
    if (!checked.ok) {
      setError({ message: checked.message, field: fieldOf(checked.path) });
      return;
    }
    setError(null);
    ctl.dispatch({
      type: "load",
      scenario: raw,
      source: { kind: "custom" },
      title: `${spec.title}, ${raw.nodes} nodes, seed ${v.seed}`,
      at: 0,
      playing: true,
    });
    onStart?.();
  };

  const errFor = (field: string) =>
    error && error.field === field
      ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` }
      : {};
  const numbers: Record<string, number | undefined> = Object.fromEntries(
    Object.entries(v.t).map(([k, x]) => [k, num(x)]),
  );

  return (
    <div className="sb-settings">
      <form
        className="sb-preset-form"
        onSubmit={(e) => {
          e.preventDefault();
          const sc = preset ? presetScenario(preset) : null;
          if (!sc) return;
          ctl.dispatch({
            type: "load",
            scenario: sc,
            source: { kind: "preset", name: preset },
            title: presets[preset].title,
            at: 0,
            playing: false,
          });
          onStart?.();
        }}
      >
        <label htmlFor={`${id}-preset`}>Example run</label>
        <select id={`${id}-preset`} value={preset} onChange={(e) => setPreset(e.target.value)}>
          <option value="" disabled>
            Choose an example…
          </option>
          {PROTOCOLS.map((p) => (
            <optgroup key={p} label={SPECS[p].title}>
              {SPECS[p].presets.map((n) => (
                <option key={n.name} value={n.name}>
                  {n.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <button type="submit" className="sb-btn" disabled={!preset}>
          Open example
        </button>
      </form>
      <form className="sb-run-form" onSubmit={submit} noValidate>
        <div className="sb-fields">
          {/* its own row, its summary under it in the form's width */}
          <div className="sb-field sb-field-wide">
            <label htmlFor={`${id}-protocol`}>Protocol</label>
            <select
              id={`${id}-protocol`}
              value={v.protocol}
              onChange={(e) => setProtocol(e.target.value)}
              aria-describedby={`${id}-protocol-summary`}
              {...errFor("protocol")}
            >
              {PROTOCOLS.map((p) => (
                <option key={p} value={p}>
                  {SPECS[p].title}
                </option>
              ))}
            </select>
            <span id={`${id}-protocol-summary`} className="sb-hint">
              {spec.summary}
            </span>
          </div>
          <div className="sb-field">
            <label htmlFor={`${id}-nodes`}>{rule.fixed ? "Nodes (fixed)" : "Nodes (2 to 25)"}</label>
            {rule.fixed ? (
              <input
                id={`${id}-nodes`}
                type="number"
                value={rule.fixed}
                readOnly
                aria-describedby={`${id}-nodes-why`}
              />
            ) : (
              <input
                id={`${id}-nodes`}
                type="number"
                min={2}
                max={25}
                step={1}
                value={v.nodes}
                onChange={(e) => set({ nodes: e.target.value })}
                {...errFor("nodes")}
              />
            )}
            {rule.why && (
              <span id={`${id}-nodes-why`} className="sb-hint">
                {rule.why}
              </span>
            )}
          </div>
          <label className="sb-field">
            <span>Seed</span>
            <input
              type="number"
              step={1}
              value={v.seed}
              onChange={(e) => set({ seed: e.target.value })}
              {...errFor("seed")}
            />
          </label>
          <label className="sb-field">
            <span>Run length (s)</span>
            <input
              type="number"
              min={1}
              step="any"
              value={v.until}
              onChange={(e) => set({ until: e.target.value })}
              {...errFor("until")}
            />
          </label>
          {spec.fields
            .filter((f) => f.kind !== "boolean")
            .map((f) => {
              const hint = f.hint?.(numbers) ?? null;
              const keys = inputKeys(f);
              return keys.map((k, i) => {
                const label =
                  keys.length === 2
                    ? `${f.label.replace(/ \((\w+)\)$/, "")}, ${i === 0 ? "shortest" : "longest"}${f.unit ? ` (${f.unit})` : ""}`
                    : f.label;
                const described = [
                  `${id}-t-${f.key}-help`,
                  hint ? `${id}-t-${f.key}-hint` : "",
                  error && error.field === k ? `${id}-error` : "",
                ]
                  .filter(Boolean)
                  .join(" ");
                return (
                  <div className="sb-field" key={k}>
                    <label htmlFor={`${id}-t-${k}`}>{label}</label>
                    <input
                      id={`${id}-t-${k}`}
                      type="number"
                      step={f.kind === "count" ? 1 : "any"}
                      min={0}
                      value={v.t[k] ?? ""}
                      onChange={(e) => set({ t: { ...v.t, [k]: e.target.value } })}
                      {...errFor(k)}
                      aria-describedby={described}
                    />
                    {i === keys.length - 1 && (
                      <span id={`${id}-t-${f.key}-help`} className="sb-hint">
                        {f.help}
                      </span>
                    )}
                    {hint && i === keys.length - 1 && (
                      <span id={`${id}-t-${f.key}-hint`} className="sb-hint">
                        {hint}
                      </span>
                    )}
                  </div>
                );
              });
            })}
        </div>
        {spec.fields
          .filter((f) => f.kind === "boolean")
          .map((f) => (
            <label className="sb-check" key={f.key}>
              <input
                type="checkbox"
                checked={v.flags[f.key] === true}
                onChange={(e) => set({ flags: { ...v.flags, [f.key]: e.target.checked } })}
                {...errFor(f.key)}
              />{" "}
              {f.label}: {f.help}
            </label>
          ))}
        <label className="sb-check">
          <input type="checkbox" checked={v.fencing} onChange={(e) => set({ fencing: e.target.checked })} />{" "}
          Fencing tokens (the resource refuses older tokens)
        </label>
        <label className="sb-check">
          <input
            type="checkbox"
            checked={v.keep}
            disabled={faults === 0}
            onChange={(e) => set({ keep: e.target.checked })}
            {...errFor("keep")}
          />{" "}
          Keep this run&apos;s {faults} action{faults === 1 ? "" : "s"}
        </label>
        {error && (
          <p id={`${id}-error`} className="sb-field-error" role="alert">
            {error.message}
          </p>
        )}
        <button type="submit" className="sb-btn primary">
          Start new run
        </button>
      </form>
    </div>
  );
}
