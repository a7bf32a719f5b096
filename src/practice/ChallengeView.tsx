// /practice?challenge=ID: one challenge on a live sandbox. The learner changes the settings the
// challenge allows and acts in the sandbox; "Check my run" plays their run to its end in the lab
// worker and judges it by the engine's data. A pass is kept in the progress store.
import { Link } from "@tanstack/react-router";
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useProgress, progressStore } from "../progress/react";
import { readChallengeRecord, recordCheck } from "../progress/sections/practice";
import type { Challenge } from "./challenge-schema.ts";
import type { ChallengeRun, ChallengeSandbox, SearchSetup } from "./challenge-run.ts";
import { ChallengeBrief } from "./ChallengeBrief.tsx";
import { fmtS, type Verdict } from "./goals.ts";
import { KnobForm } from "./KnobForm.tsx";
import { CancelledError, LabClient, type LabWorkerLike } from "./lab-client.ts";
import { solutionScenario, startingScenario, type RawScenario } from "./scenario-tools.ts";
import { VerdictView } from "./VerdictView.tsx";
import "./practice.css";
import "./challenge.css";

export function ChallengeView({
  challenge: ch,
  sandbox,
  createWorker,
}: {
  challenge: Challenge;
  sandbox: ChallengeSandbox;
  createWorker?: () => LabWorkerLike;
}) {
  const section = useProgress((s) => s.data.practice);
  const rec = useMemo(() => readChallengeRecord(section, ch.id), [section, ch.id]);
  const [runKey, setRunKey] = useState(0);
  const [ctl, setCtl] = useState<ChallengeRun | null>(null);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  // Where the learner had the run when they checked it: the verdict moves the picture to the run's
  // end, and offers the way back to act on from there.
  const [left, setLeft] = useState<number | null>(null);
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
    // Focus without the browser's minimal scroll (it left the verdict at the screen's bottom
    // edge), then bring the verdict's start into view (review 3b).
    if (!verdict) return;
    const h = verdictHeading.current;
    h?.focus({ preventScroll: true });
    h?.scrollIntoView?.({ block: "start" });
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
      if (ctl.store.getState().pending > 0)
        throw new Error(
          "the simulation stopped before your last action reached it; restart it and check again",
        );
      const raw = structuredClone(ctl.store.getState().scenario);
      const leftAt = ctl.store.getState().frame?.t ?? 0;
      const v = await lab.current.run({ kind: "judge", challenge: ch, scenario: raw }, (done, total) =>
        setChecked({ done, total }),
      ).promise;
      setVerdict(v);
      setLeft(leftAt < v.end ? leftAt : null);
      // The picture shows the run the verdict speaks of, at its end (it stayed where the learner
      // left it, often at 0 s with "no writes yet" beside "10 writes accepted": review 4b #7).
      ctl.dispatch({ type: "pause" });
      ctl.dispatch({ type: "seek", t: v.end });
      progressStore
        .getState()
        .updateSection("practice", (prev) =>
          recordCheck(prev, ch.id, { passed: v.passed, usedSolution, at: new Date().toISOString() }),
        );
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

  const settings = ch.knobs.length > 0 && (
    <section className="pr-settings" aria-labelledby="pr-settings-h">
      <h3 id="pr-settings-h">Settings you may change</h3>
      {ch.rules.actions.length === 0 && (
        <p className="pr-hint">
          This challenge is settings only: change them here, apply, then press Play and watch.
        </p>
      )}
      <KnobForm
        key={settingsKey}
        challenge={ch}
        scenario={current}
        check={sandbox.check}
        onApply={(raw) => {
          load(raw, `${ch.title}: your settings`, false);
          // The restarted run is what the learner must watch: bring its picture into view.
          if (ctl) sandbox.reveal(ctl);
        }}
      />
    </section>
  );

  const brief = (
    <ChallengeBrief
      challenge={ch}
      rec={rec}
      hints={hints}
      onHint={() => setHints((n) => n + 1)}
      canRun={ctl !== null}
      checking={checking}
      onCheck={() => void check()}
      onReset={reset}
      onSolution={() => {
        setUsedSolution(true);
        setSettingsKey((k) => k + 1);
        load(solutionScenario(ch), `Solution: ${ch.title}`, true);
      }}
      until={untilOf(current, sandbox.check)}
    />
  );

  return (
    <div className="page pr-page pr-challenge">
      <p className="pr-back">
        <Link to="/practice">All challenges</Link>
      </p>
      <h1>{ch.title}</h1>
      {/* The goal in a line or two, then the picture (review 5b #3); the checklist, the check and
          the folded hints sit in a card beside the picture (under it on a phone). */}
      <p className="pr-goal-line">
        <strong>Goal:</strong> {ch.goal.text}
      </p>
      <div aria-live="polite" className="pr-verdict-slot">
        {error && (
          <p className="pr-error" role="alert">
            {error}
          </p>
        )}
        {checking && checked && checked.total > 1 && (
          <p className="pr-hint">
            Checking: {checked.done.toLocaleString("en-US")} of {checked.total.toLocaleString("en-US")}{" "}
            schedules of faults tried on your settings.
          </p>
        )}
        {verdict && (
          <VerdictView
            verdict={verdict}
            headingRef={verdictHeading}
            backTo={left}
            onBack={(t) => {
              ctl?.dispatch({ type: "seek", t });
              setLeft(null);
            }}
            onReplay={(sc, at) => {
              ctl?.dispatch({
                type: "load",
                scenario: sc,
                source: { kind: "custom" },
                title: "The smallest schedule that broke your settings",
                at,
                playing: false,
              });
              if (ctl) sandbox.reveal(ctl);
            }}
          />
        )}
      </div>
      <Fragment key={runKey}>
        {sandbox.render({
          scenario: structuredClone(start),
          title: ch.title,
          label: `Sandbox for the challenge: ${ch.title}`,
          onReady: setCtl,
          search: searchSetup(ch),
          allowed: ch.rules.actions,
          settings,
          brief,
        })}
      </Fragment>
    </div>
  );
}

/** A challenge judged by a search sets the "Try to break it" panel up with that same search, so
 *  the learner can try their settings before checking them. */
function searchSetup(ch: Challenge): SearchSetup | undefined {
  const c = ch.goal.checks.find((x) => x.type === "search");
  return c && { property: c.property, faults: c.faults, schedules: c.schedules, maxFaults: c.maxFaults };
}

function untilOf(raw: RawScenario, check: ChallengeSandbox["check"]): string {
  const c = check(raw);
  return c.ok ? ` (${fmtS(c.scenario.until)})` : "";
}
