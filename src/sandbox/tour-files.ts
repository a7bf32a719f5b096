// Tours live in content/tours/<preset>.json; each is loaded only when its preset is on screen.
import { tourSchema, type Tour } from "./tour-rules.ts";

const files = import.meta.glob<unknown>("../../content/tours/*.json", { import: "default" });

export function hasTour(preset: string): boolean {
  return `../../content/tours/${preset}.json` in files;
}

export async function loadTour(preset: string): Promise<Tour | null> {
  const load = files[`../../content/tours/${preset}.json`];
  if (!load) return null;
  const r = tourSchema.safeParse(await load());
  return r.success ? r.data : null;
}

/** The presets that have a tour, in a stable order (the file names). */
export function tourPresets(): string[] {
  return Object.keys(files)
    .map((k) => k.replace(/^.*\//, "").replace(/\.json$/, ""))
    .sort();
}
