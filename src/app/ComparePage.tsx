// /compare: two configurations on the same fault script, side by side, held in step by one
// scrubber and one play button, with their metrics in one table: at the scrubber's moment (from
// each run's live frame) and over the whole run (from the lab worker).
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { ControllerOptions, SandboxController } from "../sandbox/controller.ts";
import { COMPARISONS, describeFault, type Comparison } from "../practice/comparisons.ts";
import { LabClient, type LabWorkerLike } from "../practice/lab-client.ts";
import type { RunFacts } from "../practice/lab-jobs.ts";
import { LiveSandbox } from "./LiveSandbox.tsx";
import { BothAt, SharedControls } from "./CompareControls.tsx";
import { MetricsTable } from "./CompareMetricsTable.tsx";
import { DiffStrip } from "./CompareDiffStrip.tsx";
import "./compare.css";
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
      {a && b && <DiffStrip cmp={cmp} a={a} b={b} facts={facts} />}
      {/* On a phone both runs show, stacked and drawn small enough to share the screen (review 10b
          #13: an A/B switch showed one at a time, and "side by side" was lost). */}
      <div className="pr-sides" ref={sidesRef}>
        {a && b && <BothAt a={a} cmp={cmp} />}
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
              fitScreen
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
