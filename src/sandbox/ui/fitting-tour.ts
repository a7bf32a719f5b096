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

/** The fitting tour, loaded; null while it loads or when none fits. */
export function useFittingTour(preset: string | null, protocol: string | null): Tour | null {
  const name = fittingTourPreset(preset, protocol);
  const [tour, setTour] = useState<{ name: string; tour: Tour } | null>(null);
  useEffect(() => {
    let live = true;
    if (name) void loadTour(name).then((t) => live && t && setTour({ name, tour: t }));
    return () => {
      live = false;
    };
  }, [name]);
  return tour && tour.name === name ? tour.tour : null;
}
