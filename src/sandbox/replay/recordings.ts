// The committed recordings of real-server runs (npm run reality), loaded only when a learner
// asks to replay one: each file holds every trial of one scenario at one timing.
import type { RecordedTrial } from "./recorded-frames.ts";

export interface RecordingFile {
  scenario: string;
  timing: string;
  recordedAt: string;
  trials: RecordedTrial[];
}

const files = import.meta.glob<RecordingFile>("../../../reality/recordings/*/*.json", { import: "default" });

/** The real side's trial number `n` (0-based, as in the strip) of a scenario at a timing. */
export async function loadRealTrial(
  scenario: string,
  timing: string,
  n: number,
): Promise<{ trial: RecordedTrial; recordedAt: string } | null> {
  const load = files[`../../../reality/recordings/${timing}/${scenario}.json`];
  if (!load) return null;
  const rec = await load();
  const trial = rec.trials.filter((t) => t.side === "real")[n];
  return trial ? { trial, recordedAt: rec.recordedAt } : null;
}

/** The scenario the replay runs under: the simulated run's, ending where the recording ends,
 *  with the recorded faults as its plan (so the timeline marks them where they struck). */
export function replayScenario(sim: Record<string, unknown>, tr: RecordedTrial): Record<string, unknown> {
  const secs = (ms: number) => `${Math.round(ms) / 1000}s`;
  return {
    ...sim,
    until: secs(Math.ceil(tr.end)),
    faults: tr.faults.map((f) => ({
      at: secs(f.at),
      do: f.do,
      node: f.node,
      ...(f.for !== undefined ? { for: secs(f.for) } : {}),
    })),
  };
}
