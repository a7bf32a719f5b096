// "Try to break it": search fault schedules on the current configuration for a run that breaks
// a property, in a pool of Web Workers, with progress and cancel; then replay the smallest
// schedule found (a load command, so it rewinds and shares like any run) or say that nothing
// within the budget broke it, and what was tried. BreakIt is the panel itself (tested without
// a sandbox); BreakItPanel wires it to the sandbox on screen.
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { HAS_STORE, type ProtocolName } from "../../engine/index.ts";
import {
  describeBudget, describeSchedule, parseFaultList, parseProperty, prepare, SEARCH_FAULTS,
  type FaultAllowance, type SearchFault, type SearchOutcome, type SearchSpec,
} from "../../engine/search/index.ts";
import { startSearch, type SearchProgress, type SearchRun, type SearchWorkerLike } from "../../worker/search-pool.ts";
import { encodeRun } from "../../links/share-link.ts";
import type { RawScenario } from "../scenarios.ts";
import { useController, useSandbox } from "./context.ts";
import { shareUrl } from "./SharePanel.tsx";

const PROPERTIES: Array<{ group: string; items: Array<[string, string]> }> = [
  { group: "Safety", items: [
    ["one-leader-per-term", "Two leaders in the same term or epoch"],
    ["one-vote-per-term", "A node votes twice in one term"],
    ["term-monotonic", "A node's term goes backwards"],
    ["token-monotonic", "The store hands out a token that does not grow"],
    ["fencing-monotonic", "The resource applies a lower token after a higher one"],
  ] },
  { group: "Hazards", items: [
    ["overlap", "Two nodes believe they lead at once"],
    ["stale-write", "A stale write is accepted"],
    ["leaderless", "Nobody leads for longer than a limit"],
  ] },
];

const KIND_LABEL: Record<SearchFault, string> = {
  crash: "Crash", restart: "Restart after a crash", pause: "Pause (stop the world)", partition: "Partition",
  "one-way": "One-way cut", clock: "Clock drift", slow: "Slow node", "store-outage": "Store outage",
};
const SPAN_KINDS: SearchFault[] = ["restart", "partition", "one-way", "slow", "store-outage"];

export interface BreakItProps {
  scenario: RawScenario;
  /** the run's length and protocol, from the parsed scenario */
  until: number;
  protocol: ProtocolName;
  onReplay(scenario: RawScenario, at: number): void;
  createWorker?: () => SearchWorkerLike;
  workers?: number;
  /** what the form starts with (a lesson's link or a challenge names the property and faults) */
  initial?: BreakItSetup;
}

/** A search to set up in the form: the property (a monitor's name or leaderless:SECONDS), the
 *  allowed faults in the CLI's list form ("pause:3s,partition"), and the budget. */
export interface BreakItSetup {
  property?: string;
  faults?: string;
  schedules?: number;
  maxFaults?: number;
}

interface Form {
  property: string;
  leaderlessS: string;
  schedules: string;
  maxFaults: string;
  kinds: Record<SearchFault, boolean>;
  pauseS: string;
  spanS: string;
  driftPct: string;
}

type Phase =
  | { kind: "idle" }
  | { kind: "running"; progress: SearchProgress }
  | { kind: "done"; outcome: SearchOutcome; schedules: number; tried: string }
  | { kind: "cancelled"; ran: number }
  | { kind: "failed"; message: string };

/** The whole millisecond just after the property broke: a run shown at t has processed every
 *  event strictly before t, so this is the first moment that shows it broken. */
const momentAfter = (o: SearchOutcome) => Math.floor(o.shrunk?.failure.at ?? 0) + 1;
const secs = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const count = (n: number) => n.toLocaleString("en-US");

function initialForm(until: number, setup: BreakItSetup = {}): Form {
  const span = String(Math.max(0.1, Math.min(20, Math.round(until / 3000))));
  const form: Form = {
    property: "overlap", leaderlessS: "10", schedules: "2000", maxFaults: "3",
    kinds: Object.fromEntries(SEARCH_FAULTS.map((k) => [k, true])) as Record<SearchFault, boolean>,
    pauseS: span, spanS: span, driftPct: "10",
  };
  if (setup.property) {
    const [name, limit] = setup.property.split(":");
    form.property = name;
    if (name === "leaderless" && limit) form.leaderlessS = limit;
  }
  if (setup.schedules) form.schedules = String(setup.schedules);
  if (setup.maxFaults) form.maxFaults = String(setup.maxFaults);
  if (setup.faults) {
    // A list that does not parse leaves every kind allowed; the content check refuses such lists.
    let list: FaultAllowance[] = [];
    try { list = parseFaultList(setup.faults); } catch { return form; }
    form.kinds = Object.fromEntries(SEARCH_FAULTS.map((k) => [k, list.some((f) => f.kind === k)])) as Record<SearchFault, boolean>;
    const sec = (ms: number) => String(Math.round(ms / 100) / 10);
    for (const f of list) {
      if (f.max === undefined) continue;
      if (f.kind === "pause") form.pauseS = sec(f.max);
      else if (f.kind === "clock") form.driftPct = String(f.max / 10_000);
      else if (SPAN_KINDS.includes(f.kind)) form.spanS = sec(f.max);
    }
  }
  return form;
}

/** The form as a search spec, or the first field that is wrong, in the learner's words. */
function specOf(f: Form, scenario: RawScenario, hasStore: boolean): { spec: SearchSpec } | { field: keyof Form; error: string } {
  const num = (v: string) => (v.trim() === "" ? NaN : Number(v));
  const schedules = num(f.schedules);
  if (!Number.isInteger(schedules) || schedules < 1 || schedules > 100_000) return { field: "schedules", error: "Schedules to try: a whole number from 1 to 100,000." };
  const maxFaults = num(f.maxFaults);
  if (!Number.isInteger(maxFaults) || maxFaults < 1 || maxFaults > 10) return { field: "maxFaults", error: "Faults per schedule: a whole number from 1 to 10." };
  let property = f.property;
  if (property === "leaderless") {
    const s = num(f.leaderlessS);
    if (!(s > 0)) return { field: "leaderlessS", error: "Longest time without a leader: a number of seconds above 0." };
    property = `leaderless:${s}`;
  }
  const pause = num(f.pauseS), span = num(f.spanS), drift = num(f.driftPct);
  if (!(pause > 0)) return { field: "pauseS", error: "Longest pause: a number of seconds above 0." };
  if (!(span > 0)) return { field: "spanS", error: "Longest partition, cut, slow spell or outage: a number of seconds above 0." };
  if (!(drift > 0 && drift < 100)) return { field: "driftPct", error: "Largest clock drift: a percentage above 0 and below 100." };
  const faults: FaultAllowance[] = [];
  for (const k of SEARCH_FAULTS) {
    if (!f.kinds[k] || (k === "store-outage" && !hasStore)) continue;
    if (k === "pause") faults.push({ kind: k, max: Math.round(pause * 1000) });
    else if (k === "clock") faults.push({ kind: k, max: Math.round(drift * 10_000) });
    else if (SPAN_KINDS.includes(k)) faults.push({ kind: k, max: Math.round(span * 1000) });
    else faults.push({ kind: k });
  }
  if (faults.length === 0) return { field: "kinds", error: "Allow at least one kind of fault." };
  return { spec: { scenario: scenario as Record<string, unknown>, property, budget: { schedules, maxFaults, faults }, seed: 1 } };
}

export function BreakIt({ scenario, until, protocol, onReplay, createWorker, workers, initial }: BreakItProps) {
  const id = useId();
  const hasStore = HAS_STORE.includes(protocol);
  const [form, setForm] = useState<Form>(() => initialForm(until, initial));
  const [invalid, setInvalid] = useState<{ field: keyof Form; error: string } | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [share, setShare] = useState("");
  const run = useRef<SearchRun | null>(null);
  useEffect(() => () => run.current?.cancel(), []);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));

  // Both the button and Enter in a field start it; the button's click does not also submit.
  const onSubmit = (e: FormEvent | MouseEvent) => {
    e.preventDefault();
    if (phase.kind === "running") return;
    const r = specOf(form, scenario, hasStore);
    if ("error" in r) { setInvalid(r); return; }
    let tried: string;
    try {
      tried = describeBudget(prepare(r.spec).budget);
    } catch (err) {
      setInvalid({ field: "schedules", error: (err as Error).message });
      return;
    }
    setInvalid(null);
    setShare("");
    const total = r.spec.budget?.schedules ?? 2000;
    setPhase({ kind: "running", progress: { phase: "searching", ran: 0, total } });
    const s = startSearch(r.spec, total, { createWorker, workers, onProgress: (progress) => setPhase({ kind: "running", progress }) });
    run.current = s;
    void s.done.then((end) => {
      if (run.current !== s) return;
      run.current = null;
      if (end.kind === "done") setPhase({ kind: "done", outcome: end.outcome, schedules: total, tried });
      else if (end.kind === "cancelled") setPhase({ kind: "cancelled", ran: end.ran });
      else setPhase({ kind: "failed", message: end.message });
    });
  };

  const cancel = () => run.current?.cancel();

  const copyLink = async (o: SearchOutcome) => {
    const at = momentAfter(o);
    const url = shareUrl(await encodeRun({ scenario: o.counterexample, at }));
    setShare(url);
    try { await navigator.clipboard.writeText(url); } catch { /* the link is shown in the box */ }
  };

  const err = (k: keyof Form) => (invalid?.field === k ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {});
  const running = phase.kind === "running";
  const label = PROPERTIES.flatMap((g) => g.items).find(([v]) => v === form.property)?.[1] ?? form.property;

  return (
    <div className="sb-breakit">
      <p className="sb-hint">
        The search replaces this run&apos;s own actions with schedules of faults drawn at random within the budget below, runs each one, and
        stops at the first that breaks the property. It then shrinks that schedule to the smallest one that still breaks it.
      </p>
      <form onSubmit={onSubmit} aria-label="Try to break it">
        <div className="sb-fields">
          <label className="sb-field" htmlFor={`${id}-prop`}>
            <span>Property to break</span>
            <select id={`${id}-prop`} value={form.property} disabled={running} onChange={(e) => set("property", e.target.value)}>
              {PROPERTIES.map((g) => (
                <optgroup key={g.group} label={g.group}>
                  {g.items.map(([v, t]) => <option key={v} value={v}>{t}</option>)}
                </optgroup>
              ))}
            </select>
          </label>
          {form.property === "leaderless" && (
            <label className="sb-field" htmlFor={`${id}-ll`}>
              <span>Longest time without a leader (s)</span>
              <input id={`${id}-ll`} type="number" min="0.1" step="0.1" inputMode="decimal" value={form.leaderlessS} disabled={running} onChange={(e) => set("leaderlessS", e.target.value)} {...err("leaderlessS")} />
            </label>
          )}
          <label className="sb-field" htmlFor={`${id}-n`}>
            <span>Schedules to try</span>
            <input id={`${id}-n`} type="number" min="1" max="100000" step="1" inputMode="numeric" value={form.schedules} disabled={running} onChange={(e) => set("schedules", e.target.value)} {...err("schedules")} />
          </label>
          <label className="sb-field" htmlFor={`${id}-k`}>
            <span>Faults per schedule, at most</span>
            <input id={`${id}-k`} type="number" min="1" max="10" step="1" inputMode="numeric" value={form.maxFaults} disabled={running} onChange={(e) => set("maxFaults", e.target.value)} {...err("maxFaults")} />
          </label>
        </div>
        <fieldset className="sb-fieldset" disabled={running} {...err("kinds")}>
          <legend>Faults the search may use</legend>
          <div className="sb-fields">
            {SEARCH_FAULTS.map((k) => {
              const off = k === "store-outage" && !hasStore;
              return (
                <label key={k} className="sb-check">
                  <input type="checkbox" checked={form.kinds[k] && !off} disabled={off} onChange={(e) => set("kinds", { ...form.kinds, [k]: e.target.checked })} />
                  {KIND_LABEL[k]}{off ? " (this protocol has no store)" : ""}
                </label>
              );
            })}
          </div>
          <div className="sb-fields">
            <label className="sb-field" htmlFor={`${id}-pause`}>
              <span>Longest pause (s)</span>
              <input id={`${id}-pause`} type="number" min="0.1" step="0.1" inputMode="decimal" value={form.pauseS} onChange={(e) => set("pauseS", e.target.value)} {...err("pauseS")} />
            </label>
            <label className="sb-field" htmlFor={`${id}-span`}>
              <span>Longest partition, cut, slow spell or outage (s)</span>
              <input id={`${id}-span`} type="number" min="0.1" step="0.1" inputMode="decimal" value={form.spanS} onChange={(e) => set("spanS", e.target.value)} {...err("spanS")} />
            </label>
            <label className="sb-field" htmlFor={`${id}-drift`}>
              <span>Largest clock drift (%)</span>
              <input id={`${id}-drift`} type="number" min="0.1" max="99" step="0.1" inputMode="decimal" value={form.driftPct} onChange={(e) => set("driftPct", e.target.value)} {...err("driftPct")} />
            </label>
          </div>
        </fieldset>
        {invalid && <p id={`${id}-error`} className="sb-field-error" role="alert">{invalid.error}</p>}
        <div className="sb-share-row">
          <button type="submit" className="sb-btn primary" disabled={running} onClick={onSubmit}>Try to break it</button>
          <button type="button" className="sb-btn" disabled={!running} onClick={cancel}>Cancel search</button>
        </div>
      </form>
      {running && (
        <div className="sb-field">
          <label htmlFor={`${id}-progress`}>{phase.progress.phase === "shrinking" ? "Shrinking the schedule that broke it" : "Schedules run"}</label>
          <progress id={`${id}-progress`} max={phase.progress.total} value={phase.progress.ran} />
        </div>
      )}
      <div role="status" aria-live="polite">
        {running && <p>{phase.progress.phase === "shrinking" ? "Found one; shrinking it to the smallest schedule that still breaks it…" : `${count(phase.progress.ran)} of ${count(phase.progress.total)} schedules run.`}</p>}
        {phase.kind === "cancelled" && <p>Search cancelled after {count(phase.ran)} schedules; none of the finished ones broke it.</p>}
        {phase.kind === "failed" && <p className="sb-field-error">The search stopped: {phase.message}</p>}
        {phase.kind === "done" && !phase.outcome.found && (
          <p>
            {count(phase.schedules)} schedules within this budget, none broke it. Tried: {phase.tried}.
          </p>
        )}
        {phase.kind === "done" && phase.outcome.found && phase.outcome.shrunk && (
          <BrokenResult outcome={phase.outcome} label={label} property={phase.outcome.property} />
        )}
      </div>
      {phase.kind === "done" && phase.outcome.found && phase.outcome.shrunk && (
        <div className="sb-share-row">
          <button type="button" className="sb-btn primary" onClick={() => onReplay(phase.outcome.counterexample as RawScenario, momentAfter(phase.outcome))}>
            Replay the smallest schedule
          </button>
          <button type="button" className="sb-btn" onClick={() => void copyLink(phase.outcome)}>
            Copy a link to it
          </button>
        </div>
      )}
      {share && (
        <div className="sb-field sb-link-field">
          <label htmlFor={`${id}-link`}>Link to the smallest schedule</label>
          <input id={`${id}-link`} type="text" readOnly value={share} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
    </div>
  );
}

function BrokenResult({ outcome, label, property }: { outcome: SearchOutcome; label: string; property: string }) {
  const shrunk = outcome.shrunk!;
  const kind = parseProperty(property).kind;
  return (
    <>
      <p>
        <strong>Broken</strong> ({kind === "safety" ? "a safety violation" : "a hazard"}: {label.toLowerCase()}), by schedule {count(outcome.tried)} of the budget.
      </p>
      <p>
        The smallest schedule found: {describeSchedule(shrunk.faults)}. At {secs(shrunk.failure.at)}: {shrunk.failure.detail}.
      </p>
      <p className="sb-hint">Shrinking it took {count(shrunk.steps)} more runs.</p>
    </>
  );
}

/** The panel on the run on screen (the sandbox page, a challenge's sandbox): `initial` sets the
 *  form up, and a panel given one starts open, since the learner came here to run it. */
export function BreakItPanel({ initial }: { initial?: BreakItSetup }) {
  const ctl = useController();
  const scenario = useSandbox((s) => s.scenario);
  const parsed = useSandbox((s) => s.parsed);
  if (!parsed) return null;
  return (
    <details className="sb-panel sb-details" open={initial ? true : undefined}>
      <summary>Try to break it: search for a schedule of faults that breaks a property</summary>
      <BreakIt
        key={`${parsed.protocol}-${parsed.until}`}
        scenario={scenario}
        until={parsed.until}
        protocol={parsed.protocol}
        initial={initial}
        onReplay={(sc, at) => ctl.dispatch({ type: "load", scenario: sc, source: { kind: "custom" }, title: "The smallest schedule that breaks it", at, playing: false })}
      />
    </details>
  );
}
