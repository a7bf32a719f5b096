// Making a share link the app will open: the run is packed, measured against the same limits
// the reader applies (input-limits.ts), and then opened exactly as a learner's browser will open
// it (decoded and validated in the check worker). Only a link that passes is handed out; for a
// run too big for a link the learner is told why and offered a file, which holds far more.
import { MAX_LINK_CHARS, MAX_SCENARIO_BYTES, spaced } from "../engine/validate/input-limits.ts";
import { encodeRun, runBytes, type SharedRun } from "./share-link.ts";

/** How a link is opened: the check worker's answer (worker/check-client.ts checkOffPage). */
export type OpenLink = (code: string) => Promise<{ ok: true } | { ok: false; message: string }>;

export type MadeLink = { ok: true; code: string } | { ok: false; reason: string };

/** The whole round trip; `open` is how a browser will open the link (the page passes the check
 *  worker; src/links imports no worker). */
export async function makeShareLink(run: SharedRun, open: OpenLink): Promise<MadeLink> {
  const bytes = runBytes(run).length;
  if (bytes > MAX_SCENARIO_BYTES) {
    return {
      ok: false,
      reason: `this run's scenario is ${spaced(bytes)} bytes, and a link can carry at most ${spaced(MAX_SCENARIO_BYTES)}`,
    };
  }
  const code = await encodeRun(run);
  if (code.length > MAX_LINK_CHARS) {
    return {
      ok: false,
      reason: `its link would be ${spaced(code.length)} characters long, and a link made here is at most ${spaced(MAX_LINK_CHARS)}`,
    };
  }
  const opened = await open(code);
  if (!opened.ok) return { ok: false, reason: `the link would not open: ${opened.message}` };
  return { ok: true, code };
}
