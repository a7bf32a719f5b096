// A guided tour, step by step: narration, the action to take (or to have taken for you), the
// condition that ends the step, and Back / Next.
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { presets } from "../../engine/index.ts";
import { describeCondition, tourRunAt, type Tour } from "../tour-rules.ts";
import { tourStuckWords } from "../tour-stuck-words.ts";
import { hasTour, loadTour } from "../tour-files.ts";
import { PanelHeading } from "./PanelHeading.tsx";
import { useController, useSandbox } from "./context.ts";
import { keepStageAbove, revealTour, scrollUnderBar } from "./reveal.ts";
import { useNarrow } from "./use-narrow.ts";
import { RuleText } from "../../ui/RuleText.tsx";
import { formatSeconds } from "../format-seconds.ts";
import "./tour-card.css";

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
          revealTour(ctl);
        }}
      >
        Start the tour ({tour.steps.length} steps)
      </button>
    </section>
  );
}

/** `foldForNode`: the /sandbox page, where a selected node's actions sit under the card. */
export function TourPanel({ foldForNode = false }: { foldForNode?: boolean } = {}) {
  const ctl = useController();
  const tr = useSandbox((s) => s.tour);
  const playing = useSandbox((s) => s.playing);
  const now = useSandbox((s) => s.frame?.t ?? 0);
  const headingId = useId();
  // On a phone the step is docked at the screen's foot, the picture above it: under the picture
  // (review 4b #1) the step and the picture it talks about never shared the screen.
  const narrow = useNarrow();
  const ref = useRef<HTMLElement>(null);
  const index = tr?.index ?? -1;
  useEffect(() => {
    if (narrow && index >= 0 && ref.current) keepStageAbove(ctl, ref.current);
  }, [narrow, index, ctl]);
  // Beside the picture (the /sandbox page), a new step (Next or Back) starts at its own top, and
  // the page lands with the card's title right under the time bar, every time: after the step
  // has rendered and the next paint has laid out what it changed, so the place never depends on
  // a layout still moving. Starting the tour is the start button's own jump (revealTour: the
  // run's title at the window's top).
  const shownIndex = useRef(-1);
  useLayoutEffect(() => {
    const prev = shownIndex.current;
    shownIndex.current = index;
    if (!foldForNode || narrow || index < 0 || prev < 0 || prev === index) return;
    if (ref.current) ref.current.scrollTop = 0;
    if (typeof window.requestAnimationFrame !== "function") scrollUnderBar(ctl);
    else window.requestAnimationFrame(() => scrollUnderBar(ctl));
  }, [foldForNode, narrow, index, ctl]);
  // Docked on a phone, or beside the picture on a wide screen, the step's text can be longer
  // than the card: it scrolls inside, above the pinned buttons, and a fade with "More below"
  // says so until its end is read (review 5b #6, 9b #3: the text was cut mid-line behind the
  // buttons with no cue).
  const [more, setMore] = useState(false);
  const measure = () => {
    const el = ref.current;
    setMore(!!el && el.scrollHeight - el.scrollTop - el.clientHeight > 4);
  };
  // Docked, after every render (as before); beside the picture only when the step or its state
  // changes: reading the card's height on every frame of a running tour forced a layout per
  // frame while the picture redrew, and slowed a 25x run enough to end before its step did.
  useEffect(() => {
    if (narrow) measure();
  });
  const phaseNow = tr?.phase;
  useEffect(() => {
    if (!narrow) measure();
  }, [narrow, index, phaseNow, playing]);
  const selected = useSandbox((s) => s.selected);
  // The step whose whole text the learner asked for while a node was selected.
  const [wholeAt, setWhole] = useState(-1);
  const whole = wholeAt === index;
  const [openAt, setOpenAt] = useState(-1);
  const touring = tr !== null;
  const expanded = openAt === index;
  // The page keeps room under its last line as tall as the docked step, so Latest and the rest
  // can be scrolled above it (body padding in sandbox.css reads this height).
  useEffect(() => {
    const el = ref.current;
    if (!narrow || !el || typeof ResizeObserver === "undefined") return;
    const set = () => document.body.style.setProperty("--sb-tour-dock-h", `${el.offsetHeight}px`);
    set();
    const ro = new ResizeObserver(set);
    ro.observe(el);
    return () => {
      ro.disconnect();
      document.body.style.removeProperty("--sb-tour-dock-h");
    };
  }, [narrow, index, touring]);
  if (!tr) return null;
  const step = tr.tour.steps[tr.index];
  const last = tr.index === tr.tour.steps.length - 1;
  const phase = tr.phase;
  const at = tourRunAt(tr.tour, tr.index);
  const runTitle = at.preset ? presets[at.preset]?.title : null;
  // The learner paused or stepped while the step runs (review 4b #2: "Next event" left the run
  // at 1.78 s, the status still "Running until 2.5 s…" and Next disabled, with no word why): the
  // step still ends where it said, once the run goes on; say so, with the button that does it.
  const stalled = phase === "running" && !playing;
  const goal = step.until ? ` ${describeCondition(step.until)}` : "";
  // On a phone the button the step asks for sits in the card's foot with Back, always on screen,
  // in Next's place while the step waits for the move (review 5b #6: it sat at y 803 of 812).
  const doIt = (
    <button type="button" className="sb-btn primary" onClick={() => ctl.dispatch({ type: "tour-do" })}>
      Do it for me
    </button>
  );
  // The run left the tour's path (a move the step did not ask for, or the run ended before the
  // step's event): say what happened and the two ways on (review 14b #1: stuck, Next disabled).
  const stuck = tourStuckWords(tr, now);
  const waitsForMove = !!step.action && phase === "waiting-action" && !stuck;
  // Beside the picture on a wide screen, a node selected while the step waits for the learner's
  // move: the card folds to the move itself, so the node's actions under it are on the first
  // screen (review 6b #1: "Actions for n2" opened under the card, below the fold). The whole
  // step is one press away, and comes back by itself once the move is made.
  if (foldForNode && !narrow && waitsForMove && selected && !whole) {
    return (
      <section className="sb-panel sb-tour sb-tour-folded" aria-label={step.title}>
        <p className="sb-tour-kicker">
          Tour · step {tr.index + 1} of {tr.tour.steps.length}
        </p>
        <p>
          <strong>Your move:</strong> {step.action!.label}, with {selected}&apos;s actions below.{" "}
          <button
            type="button"
            className="sb-btn sb-btn-quiet sb-tour-toggle"
            onClick={() => setWhole(index)}
          >
            Show the whole step
          </button>
        </p>
      </section>
    );
  }
  const move = step.action && phase === "waiting-action" && !stuck && (
    <div className="sb-tour-action">
      <p>
        <strong>Your move:</strong> {step.action.label}.
      </p>
      {/* How to make the move oneself: "Do it for me" alone read as the only way. */}
      <p className="sb-hint">
        Use the picture&apos;s tools (select a node for its actions), or let the tour do it.
      </p>
    </div>
  );
  // Docked on a phone the step is brief until asked (review 6b #15: a 300 px sheet covered
  // Latest): its heading, then the move to make or two lines of its text, and "More".
  const brief = narrow && !expanded;
  const moreToggle = narrow && (
    <button
      type="button"
      className="sb-btn sb-btn-quiet sb-tour-toggle"
      aria-expanded={expanded}
      onClick={() => setOpenAt(expanded ? -1 : index)}
    >
      {expanded ? "Less" : "More"}
    </button>
  );
  return (
    <section
      ref={ref}
      className={`sb-panel sb-tour${narrow ? " sb-tour-dock" : ""}${brief ? " sb-tour-brief" : ""}${more ? " sb-tour-more" : ""}`}
      aria-labelledby={headingId}
      onScroll={measure}
    >
      <p className="sb-tour-kicker">
        Guided tour · step {tr.index + 1} of {tr.tour.steps.length}
      </p>
      {!brief && <p className="sb-tour-title">{tr.tour.title}</p>}
      {!brief && at.runs > 1 && runTitle && (
        <p className="sb-tour-run">
          Run {at.run + 1} of {at.runs}: {runTitle}
        </p>
      )}
      {narrow ? (
        <div className="sb-tour-headrow">
          <PanelHeading id={headingId}>{step.title}</PanelHeading>
          {moreToggle}
        </div>
      ) : (
        <PanelHeading id={headingId}>{step.title}</PanelHeading>
      )}
      {/* Beside the picture the move comes before the step's text: under it, the narrow card's
          scroll hid it behind "More below" (review 10b #4: "Your move: Crash the …"). */}
      {!brief && !narrow && move}
      {brief && waitsForMove ? (
        <p className="sb-tour-text">
          <strong>Your move:</strong> {step.action!.label}.
        </p>
      ) : (
        <p className="sb-tour-text">
          <RuleText text={step.narration} />
        </p>
      )}
      {!brief && step.watch && <p className="sb-hint">{step.watch}</p>}
      {!brief && narrow && move}
      <p className={`sb-tour-status${stuck ? " sb-tour-stuck" : ""}`} role="status">
        {stuck?.text}
        {!stuck && phase === "running" && !stalled && `Running${goal}…`}
        {stalled && `Paused at ${formatSeconds(now)}: go on${goal} to finish this step.`}
        {phase === "done" && !stuck && (last ? "Tour complete." : "Done. Go on when you are ready.")}
        {phase === "starting" && "Getting ready…"}
        {!stuck && phase === "waiting-action" && !step.action && "Waiting…"}
      </p>
      {stalled && (
        <button type="button" className="sb-btn primary" onClick={() => ctl.dispatch({ type: "play" })}>
          Go on{goal}
        </button>
      )}
      <div className="sb-tour-nav">
        {more && (
          <p className="sb-tour-more-cue" aria-hidden="true">
            More below ↓
          </p>
        )}
        <button
          type="button"
          className="sb-btn"
          disabled={tr.index === 0}
          onClick={() => ctl.dispatch({ type: "tour-back" })}
        >
          Back
        </button>
        {/* In the card's foot at every width, pinned there on a wide screen while the step's text
            scrolls (review 8b #1: "Do it for me" and Next fell below the fold). */}
        {waitsForMove && doIt}
        {/* Off the tour's path: the two ways on, in the pinned foot where Next is (on a phone
            the docked card's foot; beside the picture, never under the fold). */}
        {stuck && (
          <button type="button" className="sb-btn" onClick={() => ctl.dispatch({ type: "tour-retry" })}>
            {stuck.retry}
          </button>
        )}
        {stuck && doIt}
        {/* The last step ends with the tour's own way out in Next's place, there (greyed) while
            the step still runs (review 18b #4: "Running for 2 s…" beside only Back and Leave
            tour read as a tour that was stuck). */}
        {!(narrow && (waitsForMove || stuck)) && (
          <button
            type="button"
            className="sb-btn primary"
            disabled={phase !== "done" || !!stuck}
            onClick={() => ctl.dispatch({ type: last ? "tour-exit" : "tour-next" })}
          >
            {last ? "Finish tour" : "Next"}
          </button>
        )}
        {!(last && phase === "done" && !stuck) && (
          <button
            type="button"
            className="sb-btn sb-btn-quiet"
            onClick={() => ctl.dispatch({ type: "tour-exit" })}
          >
            Leave tour
          </button>
        )}
      </div>
    </section>
  );
}
