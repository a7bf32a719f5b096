// The tour that fits the run on screen, for the head's "Take a tour": the example's own tour, or
// else the first tour of a run of the same protocol (the default run, the billing job on an etcd
// lease, gets "The billing job, end to end"). "Take a tour" opened a list of nine tours in the
// left column instead of starting one (review 16b #6); the list stays one press away.
import { useEffect, useState } from "react";
import { presets } from "../../engine/index.ts";
import { loadTour, tourPresets } from "../tour-files.ts";
import type { Tour } from "../tour-rules.ts";

/** The preset whose tour fits a run of `preset` (null: not an example) and `protocol`. */
export function fittingTourPreset(preset: string | null, protocol: string | null): string | null {
  const all = tourPresets();
  if (preset && all.includes(preset)) return preset;
  if (!protocol) return null;
  return all.find((p) => presets[p]?.scenario.protocol === protocol) ?? null;
}

/**
 * The fitting tour: its preset's name at once (so the head's buttons are there from the first
 * frame, not once a chunk has loaded) and the tour itself once loaded. `start` hands the tour to
 * `go` now, or as soon as it has loaded: a press made while it loads is kept, not turned into
 * "open the list" (the Bully tour walk pressed before the chunk came and met the list, CI of
 * session 12).
 */
export function useFittingTour(
  preset: string | null,
  protocol: string | null,
): { name: string | null; tour: Tour | null; start: (go: (t: Tour) => void) => void } {
  const name = fittingTourPreset(preset, protocol);
  const [tour, setTour] = useState<{ name: string; tour: Tour } | null>(null);
  useEffect(() => {
    let live = true;
    if (name) void loadTour(name).then((t) => live && t && setTour({ name, tour: t }));
    return () => {
      live = false;
    };
  }, [name]);
  const ready = tour && tour.name === name ? tour.tour : null;
  const start = (go: (t: Tour) => void) => {
    if (ready) return go(ready);
    if (name) void loadTour(name).then((t) => t && go(t));
  };
  return { name, tour: ready, start };
}
