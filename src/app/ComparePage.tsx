// /compare: two configurations on the same fault script, side by side, held in step by one
// scrubber and one play button, with their metrics in one table: at the scrubber's moment (from
// each run's live frame) and over the whole run (from the lab worker).
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { useStore } from "zustand";
import type { Frame } from "../engine/index.ts";
import type { ControllerOptions, SandboxController } from "../sandbox/controller.ts";
import { formatSeconds } from "../sandbox/format-seconds.ts";
import { SPEEDS } from "../sandbox/store.ts";
import { COMPARISONS, describeFault, type Comparison } from "../practice/comparisons.ts";
import { fmtMs } from "../practice/goals.ts";
import { LabClient, type LabWorkerLike } from "../practice/lab-client.ts";
import type { RunFacts } from "../practice/lab-jobs.ts";
import { SpeedSelect, TimeScrubber, useFrameClock } from "../ui/TimeControls.tsx";
import { LiveSandbox } from "./LiveSandbox.tsx";
import "../practice/practice.css";

export interface CompareProps {
  pair: string;
  linkTo: (id: string, children: ReactNode, current: boolean) => ReactNode;
  /** opens another comparison (the phone's select; the links do it on a wide screen) */
  onPick?: (id: string) => void;
  createWorker?: () => LabWorkerLike;
  /** tests: the sandboxes' controller options (an in-process simulation worker) */
  sandboxOptions?: Partial<ControllerOptions>;
}

export function ComparePage({ pair, linkTo, onPick, createWorker, sandboxOptions }: CompareProps) {
  const cmp = COMPARISONS.find((c) => c.id === pair) ?? COMPARISONS[0];
  return (
    <div className="page pr-page pr-compare">
      <h1>Compare</h1>
      <p className="lede">Two configurations, the same faults, one clock: one scrubber moves both runs.</p>
      <nav aria-label="Comparisons" className="pr-tabs">
        <ul>
          {COMPARISONS.map((c) => (
            <li key={c.id}>{linkTo(c.id, c.title, c.id === cmp.id)}</li>
          ))}
        </ul>
      </nav>
      {/* On a phone one select instead of the row of pills, which was clipped mid-word with no
          cue that it scrolled (review 5b #19), and takes one line on the way to the pictures. */}
      {onPick && (
        <p className="pr-pick">
          <label htmlFor="pr-pick">Comparison</label>
          <select id="pr-pick" value={cmp.id} onChange={(e) => onPick(e.target.value)}>
            {COMPARISONS.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </p>
      )}
      <ComparisonView key={cmp.id} cmp={cmp} createWorker={createWorker} sandboxOptions={sandboxOptions} />
    </div>
  );
}

/** Numbers of one run at its current frame, as a stable string key (few re-renders). */
function nowKey(f: Frame | null, messages: number): string {
  if (!f) return "";
  const leaders =
    f.nodes
      .filter((n) => n.believesLeader)
      .map((n) => n.id)
      .join(" and ") || "nobody";
  const m = f.monitors;
  const r = f.resource;
  const tenth = (x: number) => Math.round(x / 100) * 100;
  return [
    leaders,
    m.leaderChanges,
    tenth(m.leaderlessMs),
    tenth(m.overlapMs),
    r.accepted,
    r.rejected,
    r.staleAccepted,
    Math.round(messages / 10) * 10,
  ].join("|");
}

const NOW_ROWS = [
  "Believes it leads",
  "Changes of leader so far",
  "Time without a leader so far",
  "Time with two or more leaders so far",
  "Writes accepted so far",
  "Writes refused so far",
  "Stale writes accepted so far",
  "Messages sent so far (to the nearest 10)",
];
const fmtNow = (i: number, v: string) => (i === 2 || i === 3 ? fmtMs(Number(v)) : v);

function ComparisonView({
  cmp,
  createWorker,
  sandboxOptions,
}: {
  cmp: Comparison;
  createWorker?: () => LabWorkerLike;
  sandboxOptions?: Partial<ControllerOptions>;
}) {
  const id = useId();
  const [a, setA] = useState<SandboxController | null>(null);
  const [b, setB] = useState<SandboxController | null>(null);
  const [facts, setFacts] = useState<[RunFacts, RunFacts] | null>(null);
  const [factsError, setFactsError] = useState("");
  // On a phone one run shows at a time, in one place, and a switch flips between them at the
  // same moment: stacked, run B sat screens below run A and the two were never seen together.
  const [shown, setShown] = useState<0 | 1>(0);
  const sidesRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const lab = new LabClient(createWorker);
    Promise.all([
      lab.run({ kind: "facts", scenario: cmp.a.scenario }).promise,
      lab.run({ kind: "facts", scenario: cmp.b.scenario }).promise,
    ]).then(
      (r) => setFacts(r),
      (err: Error) => {
        if (err.name !== "CancelledError") setFactsError(err.message);
      },
    );
    return () => lab.dispose();
  }, [cmp, createWorker]);

  return (
    <div className="pr-compare-pair">
      <h2>{cmp.title}</h2>
      {/* The two pictures come first (on a laptop they start on the first screen); what the pair
          shows and its faults follow them. */}
      {a && b ? (
        <SharedControls a={a} b={b} moments={cmp.moments} sides={sidesRef} />
      ) : (
        <p className="pr-hint">Starting both simulations…</p>
      )}
      <div className="pr-sides" data-shown={shown === 0 ? "a" : "b"} ref={sidesRef}>
        {a && b && <RunSwitch a={a} cmp={cmp} shown={shown} onShow={setShown} />}
        {[cmp.a, cmp.b].map((side, i) => (
          <section key={side.label} className="pr-side" aria-labelledby={`${id}-s${i}`}>
            <h3 id={`${id}-s${i}`}>
              <span className="pr-side-tag" aria-hidden="true">
                {i === 0 ? "A" : "B"}
              </span>{" "}
              {side.label}
            </h3>
            <LiveSandbox
              variant="view"
              scenario={side.scenario}
              title={side.label}
              label={`Run ${i === 0 ? "A" : "B"}: ${side.label}`}
              onReady={i === 0 ? setA : setB}
              options={sandboxOptions}
            />
          </section>
        ))}
      </div>
      <p>{cmp.summary}</p>
      <p className="pr-hint">The same faults in both runs: {cmp.script.map(describeFault).join("; ")}.</p>
      {a && b && <MetricsTable cmp={cmp} a={a} b={b} facts={facts} factsError={factsError} />}
    </div>
  );
}

/** The moment of `moments` that run A's clock is at ("" at none): the list keeps showing the
 *  moment the learner chose while the runs stay there (it snapped back to its placeholder). */
function useAtMoment(a: SandboxController, moments: Comparison["moments"]): string {
  return useStore(a.store, (s) => {
    const t = s.frame?.t;
    const m = t === undefined ? undefined : moments.find((x) => Math.abs(x.at - t) < 50);
    return m ? String(m.at) : "";
  });
}

/** The phone's switch between the two runs (hidden on wider screens, where both show side by
 *  side), with the moment both are at, so a flip compares the same instant in the same place. */
function RunSwitch({
  a,
  cmp,
  shown,
  onShow,
}: {
  a: SandboxController;
  cmp: Comparison;
  shown: 0 | 1;
  onShow: (i: 0 | 1) => void;
}) {
  const at = useAtMoment(a, cmp.moments);
  const moment = cmp.moments.find((m) => String(m.at) === at);
  return (
    <div className="pr-ab" role="group" aria-label="Run on screen">
      {[cmp.a, cmp.b].map((side, i) => (
        <button
          key={side.label}
          type="button"
          className="sb-btn"
          aria-pressed={shown === i}
          onClick={() => onShow(i === 0 ? 0 : 1)}
        >
          <span className="pr-side-tag" aria-hidden="true">
            {i === 0 ? "A" : "B"}
          </span>{" "}
          {side.label}
        </button>
      ))}
      {moment && (
        <p className="pr-ab-moment">
          Both at {formatSeconds(moment.at)}: {moment.label}
        </p>
      )}
    </div>
  );
}

function SharedControls({
  a,
  b,
  moments,
  sides,
}: {
  a: SandboxController;
  b: SandboxController;
  moments: Comparison["moments"];
  sides: RefObject<HTMLDivElement>;
}) {
  const id = useId();
  const playing = useStore(a.store, (s) => s.playing);
  const bPlaying = useStore(b.store, (s) => s.playing);
  const until = useStore(a.store, (s) => s.frame?.until ?? s.parsed?.until ?? 0);
  const aReady = useStore(a.store, (s) => s.frame !== null);
  const bReady = useStore(b.store, (s) => s.frame !== null);
  const ready = aReady && bReady;
  const [speed, setSpeed] = useState(1);
  // The scrubber and the clock follow run A's frames.
  const { timeRef, rangeRef, scrubbingRef } = useFrameClock(a.store, formatSeconds);
  const atMoment = useAtMoment(a, moments);
  // The moment just chosen, until run A's clock gets there (the seek lands a frame later).
  const [picked, setPicked] = useState("");
  if (picked !== "" && atMoment === picked) setPicked("");

  // When one run reaches its end, stop the other too (both scripts end at the same moment).
  const aEnded = useStore(a.store, (s) => s.ended);
  const bEnded = useStore(b.store, (s) => s.ended);
  useEffect(() => {
    if (aEnded && bPlaying) b.dispatch({ type: "pause" });
    if (bEnded && playing) a.dispatch({ type: "pause" });
  }, [aEnded, bEnded, playing, bPlaying, a, b]);

  const both = (f: (c: SandboxController) => void) => {
    f(a);
    f(b);
  };
  const seek = (t: number) =>
    both((c) => c.dispatch({ type: "seek", t: Math.max(0, Math.min(until, Math.round(t))) }));
  const now = () => a.store.getState().frame?.t ?? 0;
  const toggle = () => {
    if (playing) {
      both((c) => c.dispatch({ type: "pause" }));
      // Pausing lands both on the same instant.
      seek(Math.min(now(), b.store.getState().frame?.t ?? 0));
    } else {
      // Both are paused on the same instant (every seek and pause puts them there).
      both((c) => c.dispatch({ type: "play" }));
    }
  };

  return (
    <div className="sb pr-shared" role="group" aria-label="Shared time controls for both runs">
      <div className="pr-shared-buttons">
        <button
          type="button"
          className="sb-btn primary"
          onClick={toggle}
          disabled={!ready || (aEnded && !playing)}
        >
          {playing ? "Pause both" : "Play both"}
        </button>
        <button
          type="button"
          className="sb-btn pr-secondary"
          onClick={() => seek(now() - 1000)}
          disabled={!ready}
        >
          Back 1 s
        </button>
        <button
          type="button"
          className="sb-btn pr-secondary"
          onClick={() => seek(now() + 1000)}
          disabled={!ready}
        >
          Forward 1 s
        </button>
        <button type="button" className="sb-btn pr-secondary" onClick={() => seek(0)} disabled={!ready}>
          To start
        </button>
        <SpeedSelect
          id={`${id}-speed`}
          speeds={SPEEDS}
          value={speed}
          onChange={(v) => {
            setSpeed(v);
            both((c) => c.dispatch({ type: "speed", speed: v }));
          }}
        />
        <output className="sb-time" ref={timeRef} aria-label="Shared clock">
          0.00 s
        </output>
        {/* On a phone the row of moment buttons below is hidden (it pushed the runs off the first
            screen); the same moments stay one tap away in this list beside the clock. */}
        <select
          className="pr-moments-pick"
          aria-label="Where they differ"
          value={picked || atMoment}
          disabled={!ready || moments.length === 0}
          onChange={(e) => {
            const at = Number(e.target.value);
            if (e.target.value === "" || !Number.isFinite(at)) return;
            if (playing) both((c) => c.dispatch({ type: "pause" }));
            setPicked(e.target.value);
            seek(at);
            // The run on screen (and its switch) to the top of the screen, the list just above.
            const el = sides.current;
            if (el) window.scrollBy({ top: el.getBoundingClientRect().top - 8 });
          }}
        >
          <option value="">Where they differ…</option>
          {moments.map((m) => (
            <option key={m.at} value={String(m.at)}>
              {formatSeconds(m.at)}: {m.label}
            </option>
          ))}
        </select>
      </div>
      <div className="pr-moments pr-secondary">
        <span>Where they differ:</span>
        {moments.map((m) => (
          <button
            key={m.at}
            type="button"
            className="sb-btn sb-btn-quiet"
            disabled={!ready}
            onClick={(e) => {
              if (playing) both((c) => c.dispatch({ type: "pause" }));
              seek(m.at);
              // On a wide screen a jump brings both pictures into view (review 3b: they stayed
              // below the screen); the phone's layout keeps its own behaviour.
              if (
                typeof window.matchMedia === "function" &&
                window.matchMedia("(min-width: 761px)").matches
              ) {
                e.currentTarget
                  .closest(".pr-compare-pair")
                  ?.querySelector(".pr-sides")
                  ?.scrollIntoView?.({ block: "nearest" });
              }
            }}
          >
            {formatSeconds(m.at)}: {m.label}
          </button>
        ))}
      </div>
      <TimeScrubber
        rangeRef={rangeRef}
        scrubbingRef={scrubbingRef}
        id={`${id}-t`}
        label="Time in both runs"
        className="sb-scrubber pr-scrubber"
        until={until}
        disabled={!ready}
        onSeek={(t) => {
          if (playing) both((c) => c.dispatch({ type: "pause" }));
          seek(t);
        }}
      />
    </div>
  );
}

function MetricsTable({
  cmp,
  a,
  b,
  facts,
  factsError,
}: {
  cmp: Comparison;
  a: SandboxController;
  b: SandboxController;
  facts: [RunFacts, RunFacts] | null;
  factsError: string;
}) {
  const ka = useStore(a.store, (s) => nowKey(s.frame, s.messages));
  const kb = useStore(b.store, (s) => nowKey(s.frame, s.messages));
  const t = useStore(a.store, (s) => Math.round((s.frame?.t ?? 0) / 100) * 100);
  const va = ka.split("|");
  const vb = kb.split("|");
  const whole = (f: RunFacts) => {
    const s = f.summary;
    const by = Object.entries(s.electionMessages.byKind)
      .filter(([k]) => !k.endsWith("Resp"))
      .map(([k, v]) => `${k} ${v}`)
      .join(", ");
    return [
      ...f.failovers.map((x) =>
        x.nextLeaderMs === null ? "no new leader" : `new leader after ${fmtMs(x.nextLeaderMs)}`,
      ),
      String(s.leaderChanges),
      fmtMs(s.leaderless),
      fmtMs(s.overlap),
      `${s.writes.accepted} / ${s.writes.rejected} / ${s.writes.staleAccepted}`,
      `${s.electionMessages.total}${by ? ` (${by})` : ""}`,
      String(s.messages),
    ];
  };
  const wholeRows = [
    ...cmp.script.map((f) => `After the planned fault ${describeFault(f)}`),
    "Changes of leader",
    "Time without a leader",
    "Time with two or more leaders",
    "Writes accepted / refused / stale",
    "Election messages (total; requests by kind)",
    "Messages sent",
  ];
  const wa = facts ? whole(facts[0]) : null;
  const wb = facts ? whole(facts[1]) : null;
  return (
    <section aria-labelledby="pr-metrics-h" className="pr-metrics">
      <h2 id="pr-metrics-h">Metrics</h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Metrics of both runs">
        <table className="pr-table pr-compare-table">
          <caption>Both runs at {formatSeconds(t)}, and over the whole run</caption>
          <thead>
            <tr>
              <th scope="col">Metric</th>
              <th scope="col">A: {cmp.a.label}</th>
              <th scope="col">B: {cmp.b.label}</th>
            </tr>
          </thead>
          <tbody>
            <tr className="pr-group-row">
              <th scope="colgroup" colSpan={3}>
                At {formatSeconds(t)} (moves with the scrubber)
              </th>
            </tr>
            {NOW_ROWS.map((label, i) => (
              <tr key={label} className={va[i] !== vb[i] ? "pr-differs" : undefined}>
                <th scope="row">{label}</th>
                <td>{va[i] === undefined ? "…" : fmtNow(i, va[i])}</td>
                <td>{vb[i] === undefined ? "…" : fmtNow(i, vb[i])}</td>
              </tr>
            ))}
            <tr className="pr-group-row">
              <th scope="colgroup" colSpan={3}>
                Over the whole run
              </th>
            </tr>
            {wholeRows.map((label, i) => (
              <tr key={label} className={wa && wb && wa[i] !== wb[i] ? "pr-differs" : undefined}>
                <th scope="row">{label}</th>
                <td className="pr-wrap">{wa ? wa[i] : factsError ? "–" : "working…"}</td>
                <td className="pr-wrap">{wb ? wb[i] : factsError ? "–" : "working…"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {factsError && (
        <p className="pr-error" role="alert">
          The whole-run figures could not be computed: {factsError}
        </p>
      )}
      <p className="pr-hint">Rows where the two runs differ are marked with a bar at the left.</p>
    </section>
  );
}
