// The "Try to break it" panel: runs the search and shows its progress and result.
// Search fault schedules on the current configuration for a run that breaks
// a property, in a pool of Web Workers, with progress and cancel; then replay the smallest
// schedule found (a load command, so it rewinds and shares like any run) or say that nothing
// within the budget broke it, and what was tried. BreakIt is the panel itself (tested without
// a sandbox); BreakItPanel wires it to the sandbox on screen.
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { HAS_STORE, runScenario, type ProtocolName } from "../../engine/index.ts";
import { describeBudget, prepare, type SearchOutcome } from "../../engine/search/index.ts";
import {
  startSearch,
  type SearchProgress,
  type SearchRun,
  type SearchWorkerLike,
} from "../../worker/search-pool.ts";
import { encodeRun } from "../../links/share-link.ts";
import type { RawScenario } from "../scenarios.ts";
import { useController, useSandbox } from "./context.ts";
import { termLabelOf } from "../labels.ts";
import { revealStage } from "./reveal.ts";
import { shareUrl } from "./SharePanel.tsx";
import { PanelHeading } from "./PanelHeading.tsx";
import { initialForm, specOf, type BreakItForm as Form, type BreakItSetup } from "../break-it-form.ts";
import { breakItProperties } from "./break-it-properties.ts";
import { BreakItFields } from "./break-it-fields.tsx";
import {
  BrokenResult,
  count,
  findingOf,
  momentAfter,
  replayTitle,
  type Finding,
} from "./break-it-result.tsx";

export type { BreakItSetup };

export interface BreakItProps {
  scenario: RawScenario;
  /** the run's length and protocol, from the parsed scenario */
  until: number;
  protocol: ProtocolName;
  /** `title`: what the replayed run is called (a lost property, or a hazard that may have held) */
  onReplay(scenario: RawScenario, at: number, title?: string): void;
  createWorker?: () => SearchWorkerLike;
  workers?: number;
  /** what the form starts with (a lesson's link or a challenge names the property and faults) */
  initial?: BreakItSetup;
  /** opened from a lesson's link: once drawn, "Start the search" comes whole into view */
  showStart?: boolean;
}

type Phase =
  | { kind: "idle" }
  | { kind: "running"; progress: SearchProgress }
  | { kind: "done"; outcome: SearchOutcome; schedules: number; tried: string; finding: Finding | null }
  | { kind: "cancelled"; ran: number }
  | { kind: "failed"; message: string };

/** What the smallest schedule's run shows: one run of it, read from its summary, so the result's
 *  words follow what happened (a stale write applied is not called a hazard). */
function findingIn(o: SearchOutcome): Finding | null {
  if (!o.found || !o.counterexample) return null;
  return findingOf(o.property, runScenario(o.counterexample, { trace: "roles" }).summary);
}

export function BreakIt({
  scenario,
  until,
  protocol,
  onReplay,
  createWorker,
  workers,
  initial,
  showStart = false,
}: BreakItProps) {
  const id = useId();
  const hasStore = HAS_STORE.includes(protocol);
  const [form, setForm] = useState<Form>(() => initialForm(until, initial));
  // Only what this protocol can break, in its words (etcd has no terms or votes).
  const [properties] = useState(() => breakItProperties(protocol, initial?.property));
  const [invalid, setInvalid] = useState<{ field: keyof Form; error: string } | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [share, setShare] = useState("");
  const run = useRef<SearchRun | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  useEffect(() => () => run.current?.cancel(), []);
  // A lesson's link lands on this form with its tab row at the screen's top: the button that
  // does what the link promised sat on the bottom edge at 1280x800 (review 17a #15). After the
  // page has placed the tab, scroll just enough to show it whole, with room under it.
  useEffect(() => {
    if (!showStart) return;
    const id = requestAnimationFrame(() => {
      const bottom = startRef.current?.getBoundingClientRect().bottom ?? 0;
      const room = 24;
      if (bottom > window.innerHeight - room) window.scrollBy(0, bottom - window.innerHeight + room);
    });
    return () => cancelAnimationFrame(id);
  }, [showStart]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));

  // Both the button and Enter in a field start it; the button's click does not also submit.
  const onSubmit = (e: FormEvent | MouseEvent) => {
    e.preventDefault();
    if (phase.kind === "running") return;
    const r = specOf(form, scenario, hasStore);
    if ("error" in r) {
      setInvalid(r);
      return;
    }
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
    const s = startSearch(r.spec, total, {
      createWorker,
      workers,
      onProgress: (progress) => setPhase({ kind: "running", progress }),
    });
    run.current = s;
    void s.done.then((end) => {
      if (run.current !== s) return;
      run.current = null;
      if (end.kind === "done")
        setPhase({
          kind: "done",
          outcome: end.outcome,
          schedules: total,
          tried,
          finding: findingIn(end.outcome),
        });
      else if (end.kind === "cancelled") setPhase({ kind: "cancelled", ran: end.ran });
      else setPhase({ kind: "failed", message: end.message });
    });
  };

  const cancel = () => run.current?.cancel();

  const copyLink = async (o: SearchOutcome, f: Finding) => {
    const at = momentAfter(o);
    const url = shareUrl(await encodeRun({ scenario: o.counterexample, at }), replayTitle(f));
    setShare(url);
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      /* the link is shown in the box */
    }
  };

  const err = (k: keyof Form) =>
    invalid?.field === k ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
  const running = phase.kind === "running";
  const finished = phase.kind === "done" || phase.kind === "cancelled" || phase.kind === "failed";
  // The search ended, its result and "Replay the smallest schedule" under the form, below the
  // screen (review 5b #12): bring them into view, no further than needed, and put the focus on
  // the result's heading so a keyboard or screen reader user carries on from it.
  useEffect(() => {
    if (!finished) return;
    headingRef.current?.focus({ preventScroll: true });
    resultRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [finished]);
  const label = properties.flatMap((g) => g.items).find(([v]) => v === form.property)?.[1] ?? form.property;

  return (
    <div className="sb-breakit">
      {/* What a schedule is comes before the controls that set one up (review 10b #10). */}
      <p className="sb-hint">
        A schedule is a list of faults at set times, such as &ldquo;pause n2 at 10 s, cut n1&ndash;n3 at 12
        s&rdquo;. The search replaces this run&apos;s own actions with schedules of faults drawn at random
        within the budget below, runs each one, and stops at the first that breaks the property. It then
        shrinks that schedule to the smallest one that still breaks it.
      </p>
      <form onSubmit={onSubmit} aria-label="Try to break it">
        <BreakItFields
          id={id}
          form={form}
          set={set}
          running={running}
          hasStore={hasStore}
          err={err}
          properties={properties}
        />
        {invalid && (
          <p id={`${id}-error`} className="sb-field-error" role="alert">
            {invalid.error}
          </p>
        )}
        <div className="sb-share-row">
          {/* Not "Try to break it", the tab's name: one label, two controls (review 8b #8). */}
          <button
            ref={startRef}
            type="submit"
            className="sb-btn primary"
            disabled={running}
            onClick={onSubmit}
          >
            Start the search
          </button>
          {/* Only while a search runs: a greyed "Cancel search" after it ended read as broken (review 6b #11). */}
          {running && (
            <button type="button" className="sb-btn" onClick={cancel}>
              Cancel search
            </button>
          )}
        </div>
      </form>
      {running && (
        <div className="sb-field">
          <label htmlFor={`${id}-progress`}>
            {phase.progress.phase === "shrinking" ? "Shrinking the schedule that broke it" : "Schedules run"}
          </label>
          <progress id={`${id}-progress`} max={phase.progress.total} value={phase.progress.ran} />
        </div>
      )}
      <div ref={resultRef} className="sb-breakit-result">
        {finished && <PanelHeading ref={headingRef}>Search result</PanelHeading>}
        <div role="status" aria-live="polite">
          {running && (
            <p>
              {phase.progress.phase === "shrinking"
                ? "Found one; shrinking it to the smallest schedule that still breaks it…"
                : `${count(phase.progress.ran)} of ${count(phase.progress.total)} schedules run.`}
            </p>
          )}
          {phase.kind === "cancelled" && (
            <p>Search cancelled after {count(phase.ran)} schedules; none of the finished ones broke it.</p>
          )}
          {phase.kind === "failed" && <p className="sb-field-error">The search stopped: {phase.message}</p>}
          {phase.kind === "done" && !phase.outcome.found && (
            <p>
              {count(phase.schedules)} schedules within this budget, none broke it. Tried: {phase.tried}.
            </p>
          )}
          {phase.kind === "done" && phase.finding && phase.outcome.shrunk && (
            <BrokenResult
              outcome={phase.outcome}
              schedules={phase.schedules}
              label={label}
              finding={phase.finding}
              tokenWord={termLabelOf(null, protocol).tokenWord}
            />
          )}
        </div>
        {phase.kind === "done" && phase.finding && phase.outcome.shrunk && (
          <div className="sb-share-row">
            <button
              type="button"
              className="sb-btn primary"
              onClick={() =>
                onReplay(
                  phase.outcome.counterexample as RawScenario,
                  momentAfter(phase.outcome),
                  replayTitle(phase.finding!),
                )
              }
            >
              Replay the smallest schedule
            </button>
            <button
              type="button"
              className="sb-btn"
              onClick={() => void copyLink(phase.outcome, phase.finding!)}
            >
              Copy a link to it
            </button>
          </div>
        )}
      </div>
      {share && (
        <div className="sb-field sb-link-field">
          <label htmlFor={`${id}-link`}>Link to the smallest schedule</label>
          <input
            id={`${id}-link`}
            type="text"
            readOnly
            value={share}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
    </div>
  );
}

/** The panel on the run on screen (the sandbox page, a challenge's sandbox): `initial` sets the
 *  form up, and a panel given one starts open, since the learner came here to run it. */
export function BreakItPanel({
  initial,
  reveal = false,
  bare = false,
}: {
  initial?: BreakItSetup;
  reveal?: boolean;
  bare?: boolean;
}) {
  const ctl = useController();
  const scenario = useSandbox((s) => s.scenario);
  const parsed = useSandbox((s) => s.parsed);
  const [el, setEl] = useState<HTMLDetailsElement | null>(null);
  // Opened from a lesson's link: bring the panel into view once (it sits under the run).
  const revealed = useRef(false);
  useEffect(() => {
    if (!reveal || !el || revealed.current) return;
    revealed.current = true;
    el.scrollIntoView?.({ block: "start" });
  }, [reveal, el]);
  if (!parsed) return null;
  const body = (
    <BreakIt
      key={`${parsed.protocol}-${parsed.until}`}
      scenario={scenario}
      until={parsed.until}
      protocol={parsed.protocol}
      initial={initial}
      showStart={bare && !!initial}
      onReplay={(sc, at, title) => {
        ctl.dispatch({
          type: "load",
          scenario: sc,
          source: { kind: "custom" },
          title: title ?? "The smallest schedule that breaks it",
          at,
          playing: false,
        });
        revealStage(ctl);
      }}
    />
  );
  // In a tab of its own (the sandbox page) it needs no disclosure of its own.
  if (bare) {
    return (
      <section className="sb-panel" aria-label="Try to break it">
        <p className="sb-panel-title">
          Try to break it: search for a schedule of faults that breaks a property
        </p>
        {body}
      </section>
    );
  }
  return (
    <details ref={setEl} className="sb-panel sb-details" open={initial ? true : undefined}>
      <summary>Try to break it: search for a schedule of faults that breaks a property</summary>
      {body}
    </details>
  );
}
