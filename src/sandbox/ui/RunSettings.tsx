// A new run: pick a preset, or the protocol, node count (2 to 25), seed, length, timings and
// fencing. The form is checked by the engine's own parseScenario, so its refusals read exactly
// like an imported file's, and name the field.
import { useId, useState, type FormEvent } from "react";
import { LOCK_SERVICES, PROTOCOLS, presetNames, presets, type Scenario } from "../../engine/index.ts";
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

type TimingField = { key: string; label: string; unit: "ms" | "s"; hint?: (t: Record<string, string>) => string | null };

const TIMING_FIELDS: Record<string, TimingField[]> = {
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
  zookeeper: [
    { key: "tickTime", label: "Server tick (s)", unit: "s" },
    {
      key: "sessionTimeout",
      label: "Session timeout asked for (s)",
      unit: "s",
      hint: (t) => {
        const tick = Number(t.tickTime);
        const asked = Number(t.sessionTimeout);
        if (!(tick > 0) || !(asked > 0)) return "The server negotiates it into 2 to 20 ticks.";
        const got = Math.min(Math.max(asked, 2 * tick), 20 * tick);
        return `The server negotiates it into 2 to 20 ticks (${2 * tick} to ${20 * tick} s)${got !== asked ? `: this run gets ${got} s` : ""}.`;
      },
    },
  ],
  database: [
    { key: "ttl", label: "Row lease ttl (s)", unit: "s" },
    { key: "renew", label: "Renew every (s)", unit: "s" },
    { key: "poll", label: "Candidates poll every (s)", unit: "s" },
  ],
  heartbeat: [
    { key: "heartbeat", label: "Heartbeat every (s)", unit: "s" },
    { key: "timeout", label: "Deadtime (s)", unit: "s" },
    { key: "fence", label: "Power switch takes (s)", unit: "s" },
  ],
};

const DEFAULT_TIMING: Record<string, Record<string, string>> = {
  raft: { etMin: "150", etMax: "300", heartbeat: "50" },
  etcd: { ttl: "10", renew: "3" },
  kubernetes: { leaseDuration: "15", renewDeadline: "10", retryPeriod: "2" },
  zookeeper: { tickTime: "2", sessionTimeout: "10" },
  database: { ttl: "15", renew: "5", poll: "2" },
  heartbeat: { heartbeat: "2", timeout: "30", fence: "2" },
};

/** How many nodes a protocol starts with, and the protocols whose node count is fixed. */
const NODE_RULES: Record<string, { initial: number; fixed?: number; why?: string }> = {
  raft: { initial: 5 },
  zab: { initial: 5 },
  bully: { initial: 5 },
  ring: { initial: 5 },
  heartbeat: {
    initial: 2,
    fixed: 2,
    why: "A heartbeat failover pair is exactly two nodes: one active, one standby watching it, each able to shoot the other.",
  },
};
const nodeRule = (protocol: string) => NODE_RULES[protocol] ?? { initial: 3 };

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
  return { protocol: p.protocol, nodes: String(p.nodes), seed: String(p.seed), until: String(p.until / 1000), fencing: p.fencing !== "none", keep: faults > 0, t };
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
  // Changing the protocol starts from its own defaults, with a node count it accepts.
  const setProtocol = (protocol: string) => set({ protocol, t: { ...(DEFAULT_TIMING[protocol] ?? {}) }, nodes: String(nodeRule(protocol).initial) });
  const rule = nodeRule(v.protocol);

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
    // Sequencer fencing is kept for a lock service when the run already used it.
    const fencing = !v.fencing ? "none" : parsed?.fencing === "sequencer" && (LOCK_SERVICES as readonly string[]).includes(v.protocol) ? "sequencer" : "token";
    return {
      ...base,
      protocol: v.protocol,
      nodes: rule.fixed ?? num(v.nodes),
      seed: num(v.seed),
      until: `${num(v.until)}s`,
      timing,
      fencing,
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
    ctl.dispatch({ type: "load", scenario: raw, source: { kind: "custom" }, title: `${v.protocol}, ${raw.nodes} nodes, seed ${v.seed}`, at: 0, playing: true });
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
          <div className="sb-field">
            <label htmlFor={`${id}-nodes`}>{rule.fixed ? "Nodes (fixed)" : "Nodes (2 to 25)"}</label>
            {rule.fixed ? (
              <input id={`${id}-nodes`} type="number" value={rule.fixed} readOnly aria-describedby={`${id}-nodes-why`} />
            ) : (
              <input id={`${id}-nodes`} type="number" min={2} max={25} step={1} value={v.nodes} onChange={(e) => set({ nodes: e.target.value })} {...errFor("nodes")} />
            )}
            {rule.why && (
              <span id={`${id}-nodes-why`} className="sb-hint">
                {rule.why}
              </span>
            )}
          </div>
          <label className="sb-field">
            <span>Seed</span>
            <input type="number" step={1} value={v.seed} onChange={(e) => set({ seed: e.target.value })} {...errFor("seed")} />
          </label>
          <label className="sb-field">
            <span>Run length (s)</span>
            <input type="number" min={1} step="any" value={v.until} onChange={(e) => set({ until: e.target.value })} {...errFor("until")} />
          </label>
          {fields.map((f) => {
            const hint = f.hint?.(v.t) ?? null;
            return (
              <div className="sb-field" key={f.key}>
                <label htmlFor={`${id}-t-${f.key}`}>{f.label}</label>
                <input
                  id={`${id}-t-${f.key}`}
                  type="number"
                  step="any"
                  min={0}
                  value={v.t[f.key] ?? ""}
                  onChange={(e) => set({ t: { ...v.t, [f.key]: e.target.value } })}
                  {...errFor(f.key)}
                  aria-describedby={[hint ? `${id}-t-${f.key}-hint` : "", error && error.field === f.key ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
                />
                {hint && (
                  <span id={`${id}-t-${f.key}-hint`} className="sb-hint">
                    {hint}
                  </span>
                )}
              </div>
            );
          })}
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
