// The time controls every run's page shares (the sandbox's time bar, and /compare's shared
// controls over two runs): the scrubber and its clock readout, which follow the frames by direct
// DOM updates so time passing never re-renders React (while the learner drags, the drag wins),
// and the speed select.
import { useEffect, useRef, type MutableRefObject, type RefObject } from "react";

/** A store whose state has the latest frame (the sandbox's store is one as it is). */
export interface FrameStore {
  getState(): { frame: { t: number; until: number } | null };
  subscribe(listener: () => void): () => void;
}

export interface FrameClock {
  timeRef: RefObject<HTMLOutputElement>;
  rangeRef: RefObject<HTMLInputElement>;
  /** true while the learner drags the range */
  scrubbingRef: MutableRefObject<boolean>;
}

/** Keeps an <output> (timeRef: "1.20 s / 30 s") and a range input (rangeRef) on the store's
 *  latest frame; `format` writes a moment for the range's aria-valuetext and the clock's end. */
export function useFrameClock(store: FrameStore, format: (ms: number) => string): FrameClock {
  const timeRef = useRef<HTMLOutputElement>(null);
  const rangeRef = useRef<HTMLInputElement>(null);
  const scrubbingRef = useRef(false);
  useEffect(() => {
    let lastText = "";
    const update = () => {
      const f = store.getState().frame;
      if (!f) return;
      const text = `${(f.t / 1000).toFixed(2)} s / ${format(f.until)}`;
      if (text !== lastText && timeRef.current) {
        timeRef.current.textContent = text;
        lastText = text;
      }
      const r = rangeRef.current;
      if (r && !scrubbingRef.current) {
        const v = String(Math.round(f.t));
        if (r.value !== v) r.value = v;
        r.setAttribute("aria-valuetext", `${format(f.t)} of ${format(f.until)}`);
      }
    };
    update();
    return store.subscribe(update);
  }, [store, format]);
  return { timeRef, rangeRef, scrubbingRef };
}

/** The range input, in 100 ms steps from 0 to `until`, named by its visible label. */
export function TimeScrubber({
  rangeRef,
  scrubbingRef,
  id,
  label,
  className,
  until,
  disabled,
  onSeek,
}: {
  rangeRef: FrameClock["rangeRef"];
  scrubbingRef: FrameClock["scrubbingRef"];
  id: string;
  label: string;
  className: string;
  until: number;
  disabled: boolean;
  onSeek: (t: number) => void;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={rangeRef}
        type="range"
        min={0}
        max={until}
        step={100}
        defaultValue={0}
        disabled={disabled}
        onPointerDown={() => (scrubbingRef.current = true)}
        onPointerUp={() => (scrubbingRef.current = false)}
        onBlur={() => (scrubbingRef.current = false)}
        onChange={(e) => onSeek(Number(e.target.value))}
      />
    </div>
  );
}

/** The playback speed, from the speeds a run offers ("10x"), named by its visible label. */
export function SpeedSelect({
  id,
  speeds,
  value,
  disabled = false,
  onChange,
}: {
  id: string;
  speeds: readonly number[];
  value: number;
  disabled?: boolean;
  onChange: (speed: number) => void;
}) {
  return (
    <span className="sb-speed">
      <label htmlFor={id}>Speed</label>
      <select
        id={id}
        value={String(value)}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {speeds.map((x) => (
          <option key={x} value={String(x)}>
            {x}x
          </option>
        ))}
      </select>
    </span>
  );
}
