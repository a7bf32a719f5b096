// Time controls: play and pause, step (to the next event that matters, or one raw event), back
// and forward, speed from 0.1x to 100x, the scrubber, and Extend once a run has ended. The time
// bar (play, step, the clock, the scrubber) stays on screen while the page scrolls; the rest sits
// beside it. The clock readout and the scrubber follow frames by direct DOM updates, so time
// passing never re-renders React.
import { useId, useState } from "react";
import { formatSeconds } from "../format-seconds.ts";
import { SPEEDS } from "../store.ts";
import { SpeedSelect, TimeScrubber, useFrameClock } from "../../ui/TimeControls.tsx";
import { ActionButton } from "./ActionButton.tsx";
import { useController, useSandbox } from "./context.ts";
import "./phone-run-controls.css";

/** How much an ended run grows when the learner extends it. */
export const EXTEND_MS = 30_000;

export function ExtendButton() {
  const ctl = useController();
  const ended = useSandbox((s) => s.ended);
  if (!ended) return null;
  return (
    <button
      type="button"
      className="sb-btn sb-extend"
      onClick={() => ctl.dispatch({ type: "extend", by: EXTEND_MS })}
    >
      {/* Says what it does (review 5a #5: "Run ended: extend by 30 s" read as a puzzle). */}
      <span>Keep running for {EXTEND_MS / 1000} s more</span>
    </button>
  );
}

/** At a run's end: play it again from the start, as /start's guided run offers, so an ended
 *  run is never a dead end with only "extend" on offer. Play waits for the rewind to land:
 *  the controller refuses to play a run that is still marked ended. */
export function PlayAgainButton() {
  const ctl = useController();
  const ended = useSandbox((s) => s.ended);
  if (!ended) return null;
  const again = () => {
    const off = ctl.store.subscribe((s) => {
      if (s.ended) return;
      off();
      ctl.dispatch({ type: "play" });
    });
    ctl.dispatch({ type: "seek", t: 0 });
  };
  return (
    <button type="button" className="sb-btn primary sb-play sb-play-again" onClick={again}>
      <span aria-hidden="true">▶</span> Play again
    </button>
  );
}

/** After the learner acts on a paused run (a lesson's example stops at its end, the full sandbox
 *  when paused), nothing moves until Play: the cue says so beside the time controls, and goes
 *  once the run plays on (review 15a #3: Crash at the end of lesson 1's example did nothing
 *  visible, with no cue). Quiz's Show me says the same, "Press Play to see what follows". */
function ActCue() {
  const show = useSandbox(
    (s) => !s.playing && !s.ended && s.lastActAt !== null && s.frame !== null && s.frame.t <= s.lastActAt,
  );
  return (
    <p className="sb-hint sb-act-cue" role="status">
      {show ? "Press Play to see what happens next." : ""}
    </p>
  );
}

export function Toolbar({ compact = false }: { compact?: boolean }) {
  const ctl = useController();
  const id = useId();
  const speed = useSandbox((s) => s.speed);
  const until = useSandbox((s) => s.frame?.until ?? s.parsed?.until ?? 60_000);
  const ready = useSandbox((s) => s.status === "ready" && s.frame !== null);
  const ended = useSandbox((s) => s.ended);
  const { timeRef, rangeRef, scrubbingRef } = useFrameClock(ctl.store, formatSeconds);

  const keys = !compact;
  const [more, setMore] = useState(false);
  const moreId = useId();
  // One row beside the picture's top: Play, Next event, the clock, the scrubber and the speed.
  // The rarer controls (one raw event, back, forward, to start, go to) wait behind "More".
  return (
    <>
      <div
        className={`sb-timebar${compact ? " compact" : ""}${ended ? " sb-ended" : ""}`}
        role="group"
        aria-label="Time controls"
      >
        <div className="sb-toolbar-buttons">
          {/* At the end, Play again and Extend take Play's and Next event's places (both would be
              greyed): no new row, and never a dead end. */}
          {ended ? (
            <>
              <PlayAgainButton />
              <ExtendButton />
            </>
          ) : (
            <>
              <ActionButton name="toggle-play" className="primary sb-play" showKey={keys} />
              <ActionButton name="step" showKey={keys} />
            </>
          )}
          <output className="sb-time" ref={timeRef} aria-label="Simulated time" aria-live="off">
            0.00 s
          </output>
        </div>
        <TimeScrubber
          rangeRef={rangeRef}
          scrubbingRef={scrubbingRef}
          id={`${id}-t`}
          label="Time"
          className="sb-scrubber"
          until={until}
          disabled={!ready}
          onSeek={(t) => ctl.dispatch({ type: "seek", t })}
        />
        <SpeedSelect
          id={`${id}-speed`}
          speeds={SPEEDS}
          value={speed}
          disabled={!ready}
          onChange={(v) => ctl.dispatch({ type: "speed", speed: v })}
        />
        <button
          type="button"
          className="sb-btn sb-btn-quiet sb-more-time"
          aria-expanded={more}
          aria-controls={moreId}
          onClick={() => setMore(!more)}
        >
          {/* One visible name at every width (review 10a #5: "More time controls" on a desktop,
              "More ▾" on a phone): the words after "More" are read, not shown; the arrow says it
              opens here. */}
          <span>
            {more ? "Fewer" : "More"}
            <span className="visually-hidden"> time controls</span>
            <span aria-hidden="true">{more ? " ▴" : " ▾"}</span>
          </span>
        </button>
      </div>
      <ActCue />
      <div
        id={moreId}
        className={`sb-time-more${compact ? " compact" : ""}`}
        role="group"
        aria-label="More time controls"
        hidden={!more}
      >
        <ActionButton name="step-event" showKey={keys} />
        <ActionButton name="back" showKey={keys} />
        <ActionButton name="forward" showKey={keys} />
        <ActionButton name="restart-run" showKey={keys} />
        {!compact && (
          <form
            className="sb-goto"
            onSubmit={(e) => {
              e.preventDefault();
              const v = Number(new FormData(e.currentTarget).get("goto"));
              if (Number.isFinite(v) && v >= 0) ctl.dispatch({ type: "seek", t: Math.round(v * 1000) });
            }}
          >
            <label htmlFor={`${id}-goto`}>Go to (s)</label>
            <input
              id={`${id}-goto`}
              name="goto"
              type="number"
              min={0}
              max={until / 1000}
              step="any"
              inputMode="decimal"
              required
            />
            <button type="submit" className="sb-btn" disabled={!ready}>
              Go
            </button>
          </form>
        )}
        <p className="sb-hint sb-step-hint">
          Next event runs to the next thing worth seeing; Smallest step runs exactly one event, even one the
          picture does not show.
        </p>
      </div>
    </>
  );
}
