// The guided run's frame on /start: its boxes, its buttons and its words, drawn at once, with the
// live run (GuidedRun.tsx, a lazy chunk) put in the picture's place when it arrives. Play, Next
// event and the screen's fault are drawn HERE, outside the run's lazy boundary, so each is one
// element from the first paint to the run's end (guided-bridge.ts says why): a press before the
// run is here is kept (guided-intent.ts), and a learner's focus on Play stays on it. It imports
// nothing of the sandbox but these small modules, so /start's first load stays small.
import { useState, useSyncExternalStore, type ReactNode } from "react";
import { askToPlay, askToStep } from "./guided-intent.ts";
import { createGuidedBridge, type GuidedBridge, type GuidedView } from "./guided-bridge.ts";
import { GuidedStill, STILLS } from "./GuidedStill.tsx";
import { faultButton, faultHint, type FaultState } from "./guided-fault.ts";
import { TimesBadge } from "./ui/TimesBadge.tsx";
import { formatTenths } from "./format-seconds.ts";

/** The run before it has loaded: not playing, no leader, nothing done. */
const before: FaultState = {
  ready: false,
  ended: false,
  acted: false,
  until: 0,
  frozen: null,
  frozenNow: false,
  leader: null,
  started: false,
};

/** What the buttons say before the run is here: Play and Next event take a press (kept, and done
 *  once the run is here: never shown disabled while the worker starts; review 15a #7). */
const waiting: GuidedView = {
  playing: false,
  playText: "Play",
  canStep: true,
  clock: "",
  fault: faultButton(before),
  faultWhy: faultHint(before),
  lines: [],
  playedOnce: false,
};

/** What the empty list says after a press kept while the run loads (guided-intent.ts). */
const EARLY_WORDS = {
  play: "Loading the run: it plays as soon as it is here.",
  step: "Loading the run: its first event shows as soon as it is here.",
} as const;

/** The picture before the run has drawn: a still drawing of its first frame, at its size (the
 *  first thing /start shows is the picture, not an empty box saying it loads; review 10a #7). */
export function GuidedStillBox({ preset }: { preset: string }) {
  return (
    <div className="gr-picture gr-picture-empty">
      <GuidedStill preset={preset} />
      <p className="visually-hidden" role="status">
        Loading the live example…
      </p>
    </div>
  );
}

export function GuidedShell({
  preset,
  fault,
  nav,
  watch,
  then,
  children,
}: {
  /** the run this frame holds: a Play pressed before it is here starts it once it is */
  preset: string;
  /** the screen hands the learner a fault: it shows in Next event's place */
  fault?: boolean;
  nav?: ReactNode;
  watch?: ReactNode;
  then?: ReactNode;
  /** the picture's place: the live run (with the still box as its fallback), given the bridge
   *  it reports to and the list its legend goes in */
  children: (bridge: GuidedBridge, legend: HTMLUListElement | null) => ReactNode;
}) {
  const [bridge] = useState(createGuidedBridge);
  const [legend, setLegend] = useState<HTMLUListElement | null>(null);
  const live = useSyncExternalStore(bridge.subscribe, bridge.get);
  const view = live ?? waiting;
  const writes = STILLS[preset]?.resource ?? true;
  // A press kept while the run loads says so where its effect will show: it was done a second or
  // two later with nothing on screen in between, so the learner's first press in the course
  // seemed to do nothing (review 18a #4).
  const [early, setEarly] = useState<"play" | "step" | null>(null);
  const play = () => {
    const acts = bridge.acts();
    if (acts) acts.play();
    else {
      askToPlay(preset);
      setEarly("play");
    }
  };
  return (
    <div className={`sb gr${writes ? "" : " gr-no-resource"}${fault ? " gr-fault" : ""}`}>
      <div className="gr-main">
        {children(bridge, legend)}
        <div className="gr-controls">
          <div className="gr-run-buttons" role="group" aria-label="Run">
            <button type="button" className="sb-btn primary gr-play" onClick={play}>
              <span aria-hidden="true" className="gr-icon">
                {view.playing ? "■" : "▶"}
              </span>
              {view.playText}
            </button>
            {/* The learner's own turn needs Play and the fault, not stepping: the fault takes
                the place of Next event, so on a phone it shares Play's row. "Next event" is the
                sandbox's name for it (review 10a #5); Next screen moves between screens. */}
            {!fault && (
              <button
                type="button"
                className="sb-btn"
                onClick={() => {
                  const acts = bridge.acts();
                  if (acts) acts.next();
                  else {
                    askToStep(preset);
                    setEarly("step");
                  }
                }}
                disabled={!view.canStep}
              >
                Next event
              </button>
            )}
            {fault && (
              <button
                type="button"
                className="sb-btn gr-fault-btn"
                onClick={() => bridge.acts()?.pauseLeader()}
                // aria-disabled, not disabled: pressing it pauses the leader, so the button turns
                // off under the learner's finger, and a disabled button would drop keyboard focus
                // to the page (and let the browser scroll). It keeps focus; the line below says why.
                aria-disabled={view.fault.off}
                aria-describedby="gr-fault-why"
              >
                {/* An hourglass, not "‖": beside the clock's "■ Pause" a pause sign on the fault
                    read as a second pause of the playback (review 17a #11). The fault stops the
                    leader for a while, the run goes on. */}
                <svg
                  className="gr-icon gr-fault-icon"
                  viewBox="0 0 10 12"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d="M1 0.5h8M1 11.5h8M2 0.5c0 3 2.2 4 3 5.5c0.8-1.5 3-2.5 3-5.5M2 11.5c0-3 2.2-4 3-5.5c0.8 1.5 3 2.5 3 5.5" />
                </svg>
                <span>
                  {view.fault.label}
                  {view.fault.detail && <span className="gr-fault-for">{view.fault.detail}</span>}
                </span>
              </button>
            )}
            {view.clock && (
              <output className="gr-clock" aria-label="Time in the run">
                {view.clock}
              </output>
            )}
          </div>
        </div>
        {fault && (
          <p className="sb-hint gr-fault-why" id="gr-fault-why">
            {view.faultWhy}
          </p>
        )}
        {/* The screen's own way on, a row apart from the run's buttons (after what just
            happened on a phone, guided-run.css). */}
        {nav && <div className="gr-screen-nav">{nav}</div>}
      </div>
      <div className="gr-side">
        {/* What just happened first: after a run its result is on the first screen, above
            the longer words about what to watch (before Play it is one short line). */}
        <section className="gr-latest" aria-label="What just happened">
          <p className="gr-latest-title" aria-hidden="true">
            What just happened
          </p>
          {view.lines.length === 0 ? (
            <p className="sb-hint gr-latest-empty">
              {!live && early ? EARLY_WORDS[early] : "Nothing yet: press Play."}
            </p>
          ) : (
            <ol className="gr-lines">
              {view.lines.map((l) => (
                <li key={l.key}>
                  <span className="gr-t">{formatTenths(l.t)}</span> <TimesBadge times={l.times} />
                  {l.text}
                </li>
              ))}
            </ol>
          )}
        </section>
        {watch}
        {/* Its own box, so a phone's one column can put it after the buttons (guided-run.css). */}
        {view.playedOnce && then && <div className="gr-then">{then}</div>}
        {/* The key to the shapes: the run puts its entries here (they follow its picture). */}
        <ul className="gr-legend" aria-label="Shapes in the picture" ref={setLegend} />
      </div>
    </div>
  );
}
