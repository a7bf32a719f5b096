// A guided tour, step by step: narration, the action to take (or to have taken for you), the
// condition that ends the step, and Back / Next.
import { useEffect, useId, useRef, useState } from "react";
import { describeCondition, type Tour } from "../tour-rules.ts";
import { hasTour, loadTour } from "../tour-files.ts";
import { PanelHeading } from "./PanelHeading.tsx";
import { useController, useSandbox } from "./context.ts";
import { keepStageAbove, revealStage } from "./reveal.ts";
import { useNarrow } from "./NodePanel.tsx";
import { RuleText } from "../../ui/RuleText.tsx";

export function TourOffer({ preset }: { preset: string | null }) {
  const ctl = useController();
  const active = useSandbox((s) => s.tour !== null);
  const [tour, setTour] = useState<Tour | null>(null);
  useEffect(() => {
    let live = true;
    if (preset && hasTour(preset)) void loadTour(preset).then((t) => live && setTour(t));
    return () => {
      live = false;
    };
  }, [preset]);
  if (active || !tour) return null;
  return (
    <section className="sb-panel sb-tour-offer" aria-label="Guided tour">
      <p>
        <strong>Guided tour: {tour.title}.</strong> {tour.summary}
      </p>
      <button
        type="button"
        className="sb-btn primary"
        onClick={() => {
          ctl.dispatch({ type: "tour-start", tour });
          revealStage(ctl);
        }}
      >
        Start the tour ({tour.steps.length} steps)
      </button>
    </section>
  );
}

export function TourPanel() {
  const ctl = useController();
  const tr = useSandbox((s) => s.tour);
  const headingId = useId();
  // On a phone the step is docked at the screen's foot, the picture above it: under the picture
  // (review 4b #1) the step and the picture it talks about never shared the screen.
  const narrow = useNarrow();
  const ref = useRef<HTMLElement>(null);
  const index = tr?.index ?? -1;
  useEffect(() => {
    if (narrow && index >= 0 && ref.current) keepStageAbove(ctl, ref.current);
  }, [narrow, index, ctl]);
  if (!tr) return null;
  const step = tr.tour.steps[tr.index];
  const last = tr.index === tr.tour.steps.length - 1;
  const phase = tr.phase;
  return (
    <section
      ref={ref}
      className={`sb-panel sb-tour${narrow ? " sb-tour-dock" : ""}`}
      aria-labelledby={headingId}
    >
      <p className="sb-tour-kicker">
        Guided tour · step {tr.index + 1} of {tr.tour.steps.length}
      </p>
      <PanelHeading id={headingId}>{step.title}</PanelHeading>
      <p>
        <RuleText text={step.narration} />
      </p>
      {step.watch && <p className="sb-hint">{step.watch}</p>}
      {step.action && phase === "waiting-action" && (
        <div className="sb-tour-action">
          <p>
            <strong>Your move:</strong> {step.action.label}.
          </p>
          {/* How to make the move oneself: "Do it for me" alone read as the only way. */}
          <p className="sb-hint">
            Use the picture&apos;s tools (select a node for its actions), or let the tour do it.
          </p>
          <button type="button" className="sb-btn primary" onClick={() => ctl.dispatch({ type: "tour-do" })}>
            Do it for me
          </button>
        </div>
      )}
      <p className="sb-tour-status" role="status">
        {phase === "running" && `Running ${step.until ? describeCondition(step.until) : ""}…`}
        {phase === "done" &&
          (tr.ended
            ? "The run ended before this happened."
            : last
              ? "Tour complete."
              : "Done. Go on when you are ready.")}
        {phase === "starting" && "Getting ready…"}
        {phase === "waiting-action" && !step.action && "Waiting…"}
      </p>
      <div className="sb-tour-nav">
        <button
          type="button"
          className="sb-btn"
          disabled={tr.index === 0}
          onClick={() => ctl.dispatch({ type: "tour-back" })}
        >
          Back
        </button>
        {!last && (
          <button
            type="button"
            className="sb-btn primary"
            disabled={phase !== "done"}
            onClick={() => ctl.dispatch({ type: "tour-next" })}
          >
            Next
          </button>
        )}
        <button
          type="button"
          className="sb-btn sb-btn-quiet"
          onClick={() => ctl.dispatch({ type: "tour-exit" })}
        >
          {last && phase === "done" ? "Finish tour" : "Leave tour"}
        </button>
      </div>
    </section>
  );
}
