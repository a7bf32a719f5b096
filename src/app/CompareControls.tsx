// /compare's shared controls: the moment both runs are at (a phone), and the one scrubber, play button, speed and moments list that drive both runs.
import { useEffect, useId, useState, type RefObject } from "react";
import { useStore } from "zustand";
import type { SandboxController } from "../sandbox/controller.ts";
import { formatSeconds } from "../sandbox/format-seconds.ts";
import { SPEEDS } from "../sandbox/store.ts";
import type { Comparison } from "../practice/comparisons.ts";
import { SpeedSelect, TimeScrubber, useFrameClock } from "../ui/TimeControls.tsx";

/** The moment of `moments` that run A's clock is at ("" at none): the list keeps showing the
 *  moment the learner chose while the runs stay there (it snapped back to its placeholder). */
function useAtMoment(a: SandboxController, moments: Comparison["moments"]): string {
  return useStore(a.store, (s) => {
    const t = s.frame?.t;
    const m = t === undefined ? undefined : moments.find((x) => Math.abs(x.at - t) < 50);
    return m ? String(m.at) : "";
  });
}

/** The moment both runs are at, named, over the two pictures on a phone (a wide screen's
 *  moment buttons sit right above them and say it). */
export function BothAt({ a, cmp }: { a: SandboxController; cmp: Comparison }) {
  const at = useAtMoment(a, cmp.moments);
  const moment = cmp.moments.find((m) => String(m.at) === at);
  return (
    <p className="pr-ab-moment" aria-live="polite">
      {moment ? `Both at ${formatSeconds(moment.at)}: ${moment.label}` : ""}
    </p>
  );
}

export function SharedControls({
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
      </div>
      <div className="pr-moments" role="group" aria-labelledby={`${id}-differ`}>
        <span id={`${id}-differ`}>Where they differ:</span>
        {moments.map((m) => (
          <button
            key={m.at}
            type="button"
            className="sb-btn sb-btn-quiet"
            disabled={!ready}
            onClick={() => {
              if (playing) both((c) => c.dispatch({ type: "pause" }));
              seek(m.at);
              // A jump brings both pictures into view (review 3b: they stayed below the screen).
              // On a phone they are stacked under the list: the pair goes to the screen's top.
              const el = sides.current;
              if (!el) return;
              if (typeof window.matchMedia === "function" && window.matchMedia("(max-width: 520px)").matches)
                window.scrollBy({ top: el.getBoundingClientRect().top - 8 });
              else el.scrollIntoView?.({ block: "nearest" });
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
