// /practice: the challenges, and /practice?challenge=ID: one challenge on a live sandbox. The
// learner changes the settings the challenge allows and acts in the sandbox; "Check my run" plays
// their run to its end in the lab worker and judges it by the engine's data. A pass is kept in
// the progress store.
import { Link } from "@tanstack/react-router";
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { useProgress, progressStore } from "../progress/react";
import { readChallengeRecord, recordCheck, type ChallengeRecord } from "../progress/sections/practice";
import type { ControllerOptions, SandboxController } from "../sandbox/controller.ts";
import { checkScenario } from "../sandbox/scenarios.ts";
import type { Challenge, Knob } from "../practice/challenge-schema.ts";
import { challenges, findChallenge, lessonTitle } from "../practice/challenges.ts";
import { fmtMs, fmtS, type Verdict } from "../practice/goals.ts";
import { CancelledError, LabClient, type LabWorkerLike } from "../practice/lab-client.ts";
import { LiveSandbox } from "./LiveSandbox.tsx";
import { revealStage } from "../sandbox/ui/reveal.ts";
import { BreakItPanel } from "../sandbox/ui/BreakItPanel.tsx";
import { knobStored, knobValue, solutionScenario, startingScenario, withSettings, type RawScenario } from "../practice/scenario-tools.ts";
import "../practice/practice.css";
import { RuleText } from "../ui/RuleText.tsx";
import { ElectorList } from "../elector-ui/ElectorList.tsx";

export interface PracticeProps {
  challenge?: string;
  /** tests: run checks without a Worker */
  createWorker?: () => LabWorkerLike;
  /** tests: the sandbox's controller options (an in-process simulation worker) */
  sandboxOptions?: Partial<ControllerOptions>;
}

const DIFFICULTY_TEXT = { starter: "Starter", intermediate: "Intermediate", advanced: "Advanced" } as const;

function StatusOf({ rec }: { rec: ChallengeRecord | null }) {
  if (rec?.solvedAt)
    return (
      <span className="status status-done pr-status">
        <span aria-hidden="true">●</span> Done{rec.usedSolution ? " (with the solution)" : ""}
      </span>
    );
  if (rec && rec.attempts > 0)
    return (
      <span className="status status-in-progress pr-status">
        <span aria-hidden="true">◐</span> Tried {rec.attempts} time{rec.attempts === 1 ? "" : "s"}
      </span>
    );
  return (
    <span className="status pr-status">
      <span aria-hidden="true">○</span> Not tried
    </span>
  );
}

export function PracticePage({ challenge, createWorker, sandboxOptions }: PracticeProps) {
  if (challenge === undefined) return <ChallengeList />;
  const ch = findChallenge(challenge);
  if (!ch) return <ChallengeList missing={challenge} />;
  return <ChallengeView key={ch.id} challenge={ch} createWorker={createWorker} sandboxOptions={sandboxOptions} />;
}

function ChallengeList({ missing }: { missing?: string }) {
  const section = useProgress((s) => s.data.practice);
  const done = challenges.filter((c) => readChallengeRecord(section, c.id)?.solvedAt).length;
  return (
    <div className="page pr-page">
      <h1>Practice</h1>
      {missing !== undefined && (
        <p className="pr-alert" role="alert">
          There is no challenge called “{missing}”. Pick one from the list below.
        </p>
      )}
      <p className="lede">
        Problems to solve in a live cluster. Each starts from a scenario; you change what the challenge lets you change, act
        in the sandbox, then check your run. The check plays your run to its end and checks it against
        the rules the protocol promises, whatever buttons you pressed.
      </p>
      <p className="hero-meta">
        {challenges.length} challenges · {done} done
      </p>
      <p className="pr-also">
        Also: <Link to="/experiments">run the experiments</Link> behind the lessons&apos; claims,{" "}
        <Link to="/compare">compare two configurations</Link> side by side, or <a href="#el-list-title">write your own elector</a> and let the judge try to break it.
      </p>
      <ul className="pr-cards">
        {challenges.map((c) => (
          <li key={c.id} className="pr-card">
            <h2 className="pr-card-title">
              <Link to="/practice" search={{ challenge: c.id }}>
                {c.title}
              </Link>
            </h2>
            <p className="pr-card-meta">
              <StatusOf rec={readChallengeRecord(section, c.id)} /> · {DIFFICULTY_TEXT[c.difficulty]} · {c.lessons.map(lessonTitle).join(", ")}
            </p>
            <p>{c.summary}</p>
          </li>
        ))}
      </ul>
      <ElectorList />
    </div>
  );
}

function KnobField({ knob, value, onChange, id }: { knob: Knob; value: unknown; onChange: (v: unknown) => void; id: string }) {
  if (knob.type === "boolean")
    return (
      <label className="pr-check">
        <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} /> {knob.label}
      </label>
    );
  if (knob.type === "choice")
    return (
      <div className="pr-field">
        <label htmlFor={id}>{knob.label}</label>
        <select id={id} value={String(value)} onChange={(e) => onChange(knob.choices.find((c) => String(c.value) === e.target.value)?.value)}>
          {knob.choices.map((c) => (
            <option key={String(c.value)} value={String(c.value)}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
    );
  return (
    <div className="pr-field">
      <label htmlFor={id}>{knob.label}</label>
      <input id={id} type="number" inputMode="decimal" min={knob.min} max={knob.max} step={knob.step} value={value === null || value === undefined ? "" : String(value)} onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))} />
    </div>
  );
}

function KnobForm({ challenge, scenario, onApply }: { challenge: Challenge; scenario: RawScenario; onApply: (raw: RawScenario) => void }) {
  const id = useId();
  const [values, setValues] = useState<unknown[]>(() => challenge.knobs.map((k) => knobValue(scenario, k)));
  const [error, setError] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bad = challenge.knobs.findIndex((k, i) => (k.type === "duration" || k.type === "number") && (values[i] === null || !Number.isFinite(values[i] as number) || (values[i] as number) < k.min || (values[i] as number) > k.max));
    if (bad >= 0) {
      const k = challenge.knobs[bad] as Extract<Knob, { min: number }>;
      setError(`${k.label}: enter a number from ${k.min} to ${k.max}.`);
      return;
    }
    const settings = Object.fromEntries(challenge.knobs.map((k, i) => [k.path, knobStored(k, values[i])]));
    const raw = withSettings(scenario, settings);
    const checked = checkScenario(raw);
    if (!checked.ok) {
      setError(`These settings cannot run: ${checked.message}`);
      return;
    }
    setError("");
    onApply(raw);
  };
  return (
    <form className="pr-knobs" onSubmit={submit} noValidate aria-describedby={error ? `${id}-err` : undefined}>
      <div className="pr-fields">
        {challenge.knobs.map((k, i) => (
          <KnobField key={k.path} id={`${id}-${i}`} knob={k} value={values[i]} onChange={(v) => setValues((old) => old.map((x, j) => (j === i ? v : x)))} />
        ))}
      </div>
      {error && (
        <p id={`${id}-err`} className="pr-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button primary">
        Apply settings and restart the run
      </button>
    </form>
  );
}

function VerdictView({ verdict, headingRef, onReplay }: { verdict: Verdict; headingRef: React.RefObject<HTMLHeadingElement>; onReplay: (scenario: RawScenario, at: number) => void }) {
  const s = verdict.summary;
  return (
    <div className={`pr-verdict ${verdict.passed ? "pass" : "fail"}`}>
      <h3 ref={headingRef} tabIndex={-1}>
        {verdict.passed ? "Solved: your run meets the goal" : "Not yet: your run misses the goal"}
      </h3>
      {verdict.problems.length > 0 && (
        <ul className="pr-problems">
          {verdict.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <ul className="pr-checks" aria-label="Goal checks">
        {verdict.checks.map((c) => (
          <li key={c.label} className={c.passed ? "ok" : "bad"}>
            <span className="pr-mark" aria-hidden="true">
              {c.passed ? "✓" : "✗"}
            </span>
            <span>
              <strong>
                <span className="visually-hidden">{c.passed ? "Met: " : "Missed: "}</span>
                {c.label}.
              </strong>{" "}
              {c.detail}
              {c.counterexample && (
                <>
                  {" "}
                  <button type="button" className="button" onClick={() => onReplay(c.counterexample!.scenario, c.counterexample!.at)}>
                    Replay the schedule that broke it
                  </button>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
      {s && (
        <p className="pr-hint">
          Your run, played to its end at {fmtS(verdict.end)}: {s.leaderChanges} change{s.leaderChanges === 1 ? "" : "s"} of leader, {fmtMs(s.leaderless)} without a leader, {fmtMs(s.overlap)} with two or more, {s.writes.accepted} writes accepted, {s.writes.rejected} refused, {s.writes.staleAccepted} stale.
        </p>
      )}
    </div>
  );
}

function ChallengeView({ challenge: ch, createWorker, sandboxOptions }: { challenge: Challenge; createWorker?: () => LabWorkerLike; sandboxOptions?: Partial<ControllerOptions> }) {
  const section = useProgress((s) => s.data.practice);
  const rec = useMemo(() => readChallengeRecord(section, ch.id), [section, ch.id]);
  const [runKey, setRunKey] = useState(0);
  const [ctl, setCtl] = useState<SandboxController | null>(null);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState("");
  const [hints, setHints] = useState(0);
  const [usedSolution, setUsedSolution] = useState(false);
  const [settingsKey, setSettingsKey] = useState(0);
  const lab = useRef<LabClient | null>(null);
  const verdictHeading = useRef<HTMLHeadingElement>(null);
  const [start] = useState(() => startingScenario(ch));
  // The run's scenario as it is now (settings applied, actions taken), for the settings form.
  const current = useSyncExternalStore(
    useCallback((cb: () => void) => (ctl ? ctl.store.subscribe(cb) : () => {}), [ctl]),
    () => ctl?.store.getState().scenario ?? start,
  );

  useEffect(() => {
    lab.current = new LabClient(createWorker);
    return () => lab.current?.dispose();
  }, [createWorker]);
  useEffect(() => {
    if (verdict) verdictHeading.current?.focus();
  }, [verdict]);
  const load = (raw: RawScenario, title: string, playing: boolean) => {
    ctl?.dispatch({ type: "load", scenario: raw, source: { kind: "custom" }, title, at: 0, playing });
    setVerdict(null);
  };

  const check = async () => {
    if (!ctl || !lab.current) return;
    setChecking(true);
    setError("");
    try {
      // Actions still on their way to the simulation belong to the run: wait for them, on a
      // condition, never a clock (a busy machine can take seconds). A worker restart re-sends
      // them; only a simulation that failed for good ends the wait, and then nothing is judged.
      const settled = (s: { pending: number; status: string }) => s.pending === 0 || s.status === "failed";
      if (!settled(ctl.store.getState()))
        await new Promise<void>((resolve) => {
          const stop = ctl.store.subscribe((s) => {
            if (settled(s)) {
              stop();
              resolve();
            }
          });
        });
      if (ctl.store.getState().pending > 0) throw new Error("the simulation stopped before your last action reached it; restart it and check again");
      const raw = structuredClone(ctl.store.getState().scenario);
      const v = await lab.current.run({ kind: "judge", challenge: ch, scenario: raw }, (done, total) => setChecked({ done, total })).promise;
      setVerdict(v);
      progressStore.getState().updateSection("practice", (prev) => recordCheck(prev, ch.id, { passed: v.passed, usedSolution, at: new Date().toISOString() }));
    } catch (err) {
      if (!(err instanceof CancelledError)) setError(`The check could not run: ${(err as Error).message}`);
    } finally {
      setChecking(false);
      setChecked(null);
    }
  };

  const reset = () => {
    setRunKey((k) => k + 1);
    setSettingsKey((k) => k + 1);
    setCtl(null);
    setVerdict(null);
    setUsedSolution(false);
  };

  return (
    <div className="page pr-page pr-challenge">
      <p className="pr-back">
        <Link to="/practice">All challenges</Link>
      </p>
      <h1>{ch.title}</h1>
      <p className="pr-card-meta">
        <StatusOf rec={rec} /> · {DIFFICULTY_TEXT[ch.difficulty]} · practises{" "}
        {ch.lessons.map((l, i) => (
          <span key={l}>
            {i > 0 && ", "}
            <Link to="/learn/$lesson" params={{ lesson: l }}>
              {lessonTitle(l)}
            </Link>
          </span>
        ))}
      </p>
      <p className="lede">{ch.summary}</p>

      <div className="pr-brief">
        <section className="pr-goal" aria-labelledby="pr-goal-h">
          <h2 id="pr-goal-h">Goal</h2>
          <p>{ch.goal.text}</p>
          <ul>
            {ch.goal.checks.map((c) => (
              <li key={c.label}>{c.label}</li>
            ))}
          </ul>
          <p className="pr-hint">
            {ch.rules.note ?? (ch.rules.actions.length ? `Allowed actions: ${ch.rules.actions.join(", ")}.` : "Settings only.")} The check plays your run to its end
            {untilOf(current)} and judges what happened in it, whatever you clicked.
          </p>
          {ch.model && (
            <details className="pr-model">
              <summary>How this is modelled</summary>
              <p>{ch.model}</p>
            </details>
          )}
        </section>
        {ch.knobs.length > 0 && (
          <section className="pr-settings" aria-labelledby="pr-settings-h">
            <h2 id="pr-settings-h">Settings you may change</h2>
            <KnobForm key={settingsKey} challenge={ch} scenario={current} onApply={(raw) => load(raw, `${ch.title}: your settings`, false)} />
          </section>
        )}
      </div>

      <section className="pr-run" aria-labelledby="pr-run-h">
        <div className="pr-run-head">
          <h2 id="pr-run-h">Your run</h2>
          <div className="button-row">
            <button type="button" className="button primary" onClick={() => void check()} disabled={!ctl || checking}>
              {checking ? "Checking…" : "Check my run"}
            </button>
            <button type="button" className="button" onClick={reset}>
              Reset the challenge
            </button>
          </div>
        </div>
        <div aria-live="polite" className="pr-verdict-slot">
          {error && (
            <p className="pr-error" role="alert">
              {error}
            </p>
          )}
          {checking && checked && checked.total > 1 && (
            <p className="pr-hint">
              Checking: {checked.done.toLocaleString("en-US")} of {checked.total.toLocaleString("en-US")} schedules of faults tried on your settings.
            </p>
          )}
          {verdict && (
            <VerdictView
              verdict={verdict}
              headingRef={verdictHeading}
              onReplay={(sc, at) => {
                ctl?.dispatch({ type: "load", scenario: sc, source: { kind: "custom" }, title: "The smallest schedule that broke your settings", at, playing: false });
                if (ctl) revealStage(ctl);
              }}
            />
          )}
        </div>
        <LiveSandbox
          key={runKey} scenario={structuredClone(start)} title={ch.title} label={`Sandbox for the challenge: ${ch.title}`} onReady={setCtl} options={sandboxOptions}
          panels={<BreakItPanel initial={searchSetup(ch)} />}
          allowed={ch.rules.actions}
        />
      </section>

      <section className="pr-help" aria-labelledby="pr-hints-h">
        <h2 id="pr-hints-h">Hints</h2>
        {hints > 0 && (
          <ol className="pr-hints">
            {ch.hints.slice(0, hints).map((h) => (
              <li key={h}><RuleText text={h} /></li>
            ))}
          </ol>
        )}
        {hints < ch.hints.length ? (
          <button type="button" className="button" onClick={() => setHints((n) => n + 1)}>
            {hints === 0 ? "Show a hint" : `Show hint ${hints + 1} of ${ch.hints.length}`}
          </button>
        ) : (
          <p className="pr-hint">That is every hint.</p>
        )}
        <details className="pr-solution">
          <summary>Solution</summary>
          <p>{ch.solution.explanation}</p>
          <p className="pr-hint">{describeSolution(ch)}</p>
          <button
            type="button"
            className="button"
            disabled={!ctl}
            onClick={() => {
              setUsedSolution(true);
              setSettingsKey((k) => k + 1);
              load(solutionScenario(ch), `Solution: ${ch.title}`, true);
            }}
          >
            Play the solution
          </button>
        </details>
      </section>
    </div>
  );
}

/** A challenge judged by a search sets the "Try to break it" panel up with that same search, so
 *  the learner can try their settings before checking them. */
function searchSetup(ch: Challenge) {
  const c = ch.goal.checks.find((x) => x.type === "search");
  return c && { property: c.property, faults: c.faults, schedules: c.schedules, maxFaults: c.maxFaults };
}

function untilOf(raw: RawScenario): string {
  const c = checkScenario(raw);
  return c.ok ? ` (${fmtS(c.scenario.until)})` : "";
}

function describeSolution(ch: Challenge): string {
  const parts: string[] = [];
  for (const [path, v] of Object.entries(ch.solution.settings)) {
    const k = ch.knobs.find((x) => x.path === path);
    const shown = k?.type === "duration" ? `${k.unit === "s" ? Number(v) / 1000 : Number(v)} ${k.unit}` : k?.type === "choice" ? (k.choices.find((c) => c.value === v)?.label ?? String(v)) : String(v);
    parts.push(`${k?.label ?? path}: ${shown}`);
  }
  for (const f of ch.solution.actions) {
    const { at, do: what, ...rest } = f as Record<string, unknown>;
    const detail = Object.entries(rest)
      .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
      .join(", ");
    parts.push(`at ${String(at)}: ${String(what)}${detail ? ` (${detail})` : ""}`);
  }
  return `It plays as a replay: ${parts.join("; ")}.`;
}
