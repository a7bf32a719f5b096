// Opening what a learner brings in (a share link, a scenario file): decode it and validate it
// with the engine's own rules. This runs in the check worker (check.worker.ts), never on the
// page, so no input can freeze a tab; check-client.ts ends the worker if it takes too long.
// Pure and synchronous apart from the link's decompression, so the hostile-input suite calls it
// directly and counts what it costs.
import { decodeRun } from "../links/share-link.ts";
import { MAX_SCENARIO_BYTES, spaced } from "../engine/validate/input-limits.ts";
import { parseScenario, type Scenario } from "../engine/index.ts";
import { sandboxSizeError } from "../engine/session/index.ts";

export type CheckJob = { kind: "link"; code: string } | { kind: "file"; name: string; text: string };

export type CheckResult =
  | {
      ok: true;
      scenario: Record<string, unknown>;
      at: number;
      /** the normalised scenario */ parsed: Scenario;
    }
  | { ok: false; message: string; path?: string; stage: "link" | "json" | "scenario" | "budget" };

/** A scenario file's text: JSON, an object, and within MAX_SCENARIO_BYTES (counted in UTF-16
 *  units here, which is never more than the UTF-8 bytes of ASCII JSON and never less than a
 *  third of them). */
export function readScenarioText(text: string): { ok: true; json: unknown } | { ok: false; message: string } {
  // Every character is at most 3 UTF-8 bytes; only a file near the limit is measured exactly.
  const bytes = text.length * 3 <= MAX_SCENARIO_BYTES ? text.length : new TextEncoder().encode(text).length;
  if (bytes > MAX_SCENARIO_BYTES) {
    return {
      ok: false,
      message: `it is ${spaced(bytes)} bytes; a scenario file is at most ${spaced(MAX_SCENARIO_BYTES)} bytes`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    return { ok: false, message: `it is not valid JSON (${String((err as Error).message).slice(0, 120)})` };
  }
  return { ok: true, json };
}

/** The sandbox's own check (sandbox/scenarios.ts checkScenario): the engine's rules and the
 *  sandbox's size limit, the one its session applies. */
function checkForSandbox(
  raw: unknown,
): { ok: true; parsed: Scenario } | { ok: false; message: string; path: string } {
  try {
    const parsed = parseScenario(raw);
    const tooBig = sandboxSizeError(parsed.nodes);
    if (tooBig) throw tooBig;
    return { ok: true, parsed };
  } catch (err) {
    const e = err as Error & { path?: string };
    return { ok: false, message: e.message, path: e.path ?? "" };
  }
}

export async function runCheckJob(job: CheckJob): Promise<CheckResult> {
  let raw: unknown;
  let at = 0;
  if (job.kind === "link") {
    const r = await decodeRun(job.code);
    if (!r.ok) return { ok: false, message: r.error, stage: "link" };
    raw = r.value.scenario;
    at = r.value.at;
  } else {
    const r = readScenarioText(job.text);
    if (!r.ok) return { ok: false, message: r.message, stage: "json" };
    raw = r.json;
  }
  const checked = checkForSandbox(raw);
  if (!checked.ok) return { ok: false, message: checked.message, path: checked.path, stage: "scenario" };
  return { ok: true, scenario: raw as Record<string, unknown>, at, parsed: checked.parsed };
}
