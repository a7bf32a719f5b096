// Named scenarios the lessons, tours and quizzes open, gathered from every protocol's spec
// (protocols/<name>/presets.ts), grouped by protocol in the registry's order. Names are
// referenced by content and must not change (presets.test.ts checks they are unique and valid).
import { SPECS } from "../protocols/registry.ts";
import type { Preset } from "../protocols/spec.ts";

export type { Preset };

const list: Preset[] = Object.values(SPECS).flatMap((s) => s.presets);

export const presets: Record<string, Preset> = Object.fromEntries(list.map((p) => [p.name, p]));
export const presetNames: string[] = list.map((p) => p.name);
