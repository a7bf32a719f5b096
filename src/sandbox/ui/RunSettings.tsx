// A new run: pick a preset, or the protocol, node count (2 to 25), seed, length, timings and
// fencing. The form is checked by the engine's own parseScenario, so its refusals read exactly
// like an imported file's, and name the field.
import { useId, useState, type FormEvent } from "react";
import { PROTOCOLS, presetNames, presets, type Scenario } from "../../engine/index.ts";
import { checkScenario, presetScenario, type RawScenario } from "../scenarios.ts";
import { useController, useSandbox } from "./context.ts";

interface FormValues {
  protocol: string;
  nodes: string;
  seed: string;
  until: string;
  fencing: boolean;
  keep: boolean;
  t: Record<string, string>;
}

const TIMING_FIELDS: Record<string, Array<{ key: string; label: string; unit: "ms" | "s" }>> = {
  raft: [
    { key: "etMin", label: "Election timeout, shortest (ms)", unit: "ms" },
    { key: "etMax", label: "Election timeout, longest (ms)", unit: "ms" },
    { key: "heartbeat", label: "Heartbeat every (ms)", unit: "ms" },
  ],
  etcd: [
    { key: "ttl", label: "Lease TTL (s)", unit: "s" },
    { key: "renew", label: "Renew every (s)", unit: "s" },
  ],
  kubernetes: [
    { key: "leaseDuration", label: "Lease duration (s)", unit: "s" },
    { key: "renewDeadline", label: "Renew deadline (s)", unit: "s" },
    { key: "retryPeriod", label: "Retry period (s)", unit: "s" },
  ],
};

const DEFAULT_TIMING: Record<string, Record<string, string>> = {
  raft: { etMin: "150", etMax: "300", heartbeat: "50" },
  etcd: { ttl: "10", renew: "3" },
  kubernetes: { leaseDuration: "15", renewDeadline: "10", retryPeriod: "2" },
};

function valuesOf(p: Scenario | null, faults: number): FormValues {
  if (!p) return { protocol: "etcd", nodes: "3", seed: "1", until: "60", fencing: true, keep: faults > 0, t: { ...DEFAULT_TIMING.etcd } };
  const t: Record<string, string> = {};
  const timing = p.timing as unknown as Record<string, unknown>;
  if (p.protocol === "raft") {
    const et = timing.electionTimeout as [number, number];
    t.etMin = String(et[0]);
    t.etMax = String(et[1]);
    t.heartbeat = String(timing.heartbeat);
  } else {
    for (const f of TIMING_FIELDS[p.protocol] ?? []) t[f.key] = String((timing[f.key] as number) / 1000);
  }
  return { protocol: p.protocol, nodes: String(p.nodes), seed: String(p.seed), until: String(p.until / 1000), fencing: p.fencing === "token", keep: faults > 0, t };
}

const num = (v: string) => (v.trim() === "" ? undefined : Number(v));

/** The field a ScenarioError path points at. */
function fieldOf(path: string): string {
  if (path.startsWith("timing.electionTimeout[0]")) return "etMin";
  if (path.startsWith("timing.electionTimeout[1]")) return "etMax";
  if (path.startsWith("timing.")) return path.slice(7);
  if (path.startsWith("faults")) return "keep";
  return path.split(".")[0];
}

export function RunSettings() {
  const parsed = useSandbox((s) => s.parsed);
  const scenario = useSandbox((s) => s.scenario);
  // A new scenario on screen resets the form to it.
  return <RunSettingsForm key={JSON.stringify(scenario)} parsed={parsed} scenario={scenario} />;
}

function RunSettingsForm({ parsed, scenario }: { parsed: Scenario | null; scenario: RawScenario }) {
  const ctl = useController();
  const id = useId();
  const faults = Array.isArray(scenario.faults) ? scenario.faults.length : 0;
  const [v, setV] = useState<FormValues>(() => valuesOf(parsed, faults));
  const [error, setError] = useState<{ message: string; field: string } | null>(null);
  const [preset, setPreset] = useState(presetNames[0]);

  const set = (patch: Partial<FormValues>) => setV((old) => ({ ...old, ...patch }));
  const setProtocol = (protocol: string) => set({ protocol, t: { ...(DEFAULT_TIMING[protocol] ?? {}) }, nodes: protocol === "raft" ? "5" : "3" });

  const build = (): RawScenario => {
    const same = parsed?.protocol === v.protocol;
    const timing: Record<string, unknown> = {};
    if (v.protocol === "raft") {
      timing.electionTimeout = [num(v.t.etMin), num(v.t.etMax)];
      timing.heartbeat = num(v.t.heartbeat);
    } else {
      for (const f of TIMING_FIELDS[v.protocol] ?? []) {
        const x = num(v.t[f.key] ?? "");
        if (x !== undefined) timing[f.key] = `${x}s`;
      }
    }
    const base: RawScenario = same ? { ...scenario } : { boot: scenario.boot, network: scenario.network, work: scenario.work };
    delete base.timing;
    if (!same) delete base.options;
    return {
      ...base,
      protocol: v.protocol,
      nodes: num(v.nodes),
      seed: num(v.seed),
      until: `${num(v.until)}s`,
      timing,
      fencing: v.fencing ? "token" : "none",
      faults: v.keep ? (scenario.faults ?? []) : [],
    };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const raw = build();
    const checked = checkScenario(raw);
    if (!checked.ok) {
      setError({ message: checked.message, field: fieldOf(checked.path) });
      return;
    }
    setError(null);
    ctl.dispatch({ type: "load", scenario: raw, source: { kind: "custom" }, title: `${v.protocol}, ${v.nodes} nodes, seed ${v.seed}`, at: 0, playing: true });
  };

  const errFor = (field: string) => (error && error.field === field ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {});
  const fields = TIMING_FIELDS[v.protocol] ?? [];

  return (
    <div className="sb-settings">
      <form
        className="sb-preset-form"
        onSubmit={(e) => {
          e.preventDefault();
          const sc = presetScenario(preset);
          if (sc) ctl.dispatch({ type: "load", scenario: sc, source: { kind: "preset", name: preset }, title: presets[preset].title, at: 0, playing: false });
        }}
      >
        <label htmlFor={`${id}-preset`}>Preset</label>
        <select id={`${id}-preset`} value={preset} onChange={(e) => setPreset(e.target.value)}>
          {presetNames.map((n) => (
            <option key={n} value={n}>
              {presets[n].title}
            </option>
          ))}
        </select>
        <button type="submit" className="sb-btn">
          Open preset
        </button>
      </form>
      <form className="sb-run-form" onSubmit={submit} noValidate>
        <div className="sb-fields">
          <div className="sb-field">
            <label htmlFor={`${id}-protocol`}>Protocol</label>
            <select id={`${id}-protocol`} value={v.protocol} onChange={(e) => setProtocol(e.target.value)} {...errFor("protocol")}>
              {PROTOCOLS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </div>
          <label className="sb-field">
            <span>Nodes (2 to 25)</span>
            <input type="number" min={2} max={25} step={1} value={v.nodes} onChange={(e) => set({ nodes: e.target.value })} {...errFor("nodes")} />
          </label>
          <label className="sb-field">
            <span>Seed</span>
            <input type="number" step={1} value={v.seed} onChange={(e) => set({ seed: e.target.value })} {...errFor("seed")} />
          </label>
          <label className="sb-field">
            <span>Run length (s)</span>
            <input type="number" min={1} step="any" value={v.until} onChange={(e) => set({ until: e.target.value })} {...errFor("until")} />
          </label>
          {fields.map((f) => (
            <label className="sb-field" key={f.key}>
              <span>{f.label}</span>
              <input
                type="number"
                step="any"
                min={0}
                value={v.t[f.key] ?? ""}
                onChange={(e) => set({ t: { ...v.t, [f.key]: e.target.value } })}
                {...errFor(f.key)}
              />
            </label>
          ))}
        </div>
        <label className="sb-check">
          <input type="checkbox" checked={v.fencing} onChange={(e) => set({ fencing: e.target.checked })} /> Fencing tokens (the resource refuses older tokens)
        </label>
        <label className="sb-check">
          <input type="checkbox" checked={v.keep} disabled={faults === 0} onChange={(e) => set({ keep: e.target.checked })} {...errFor("keep")} /> Keep this run&apos;s{" "}
          {faults} action{faults === 1 ? "" : "s"}
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
