// A share link carries the whole run: the scenario (with every fault the learner added) and the
// moment being viewed. The engine is deterministic, so that is enough to replay it exactly.
// Format: "1." + base64url(deflate-raw(JSON)). Decoding never throws; a damaged or tampered
// link yields a message that says what is wrong. The limits are input-limits.ts's, the same
// ones make-link.ts checks a new link against before the learner is told it was copied.

import { MAX_LINK_CHARS, MAX_SCENARIO_BYTES as MAX_JSON_BYTES } from "../engine/validate/input-limits.ts";

export const SHARE_VERSION = "1";

export type SharedRun = { scenario: unknown; at: number };
export type DecodeResult = { ok: true; value: SharedRun } | { ok: false; error: string };

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  try {
    const binary = atob(padded);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

class TooLarge extends Error {}

async function pipe(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  limit: number,
): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined);
  void writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    // A tiny link must not be able to inflate into gigabytes.
    if (size > limit) {
      await reader.cancel();
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

/** The bytes a link's data unpacks to (what decodeRun measures against MAX_SCENARIO_BYTES). */
export function runBytes(run: SharedRun): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ s: run.scenario, t: Math.round(run.at) }));
}

export async function encodeRun(run: SharedRun): Promise<string> {
  const json = runBytes(run);
  const packed = await pipe(json, new CompressionStream("deflate-raw"), Number.POSITIVE_INFINITY);
  return `${SHARE_VERSION}.${toBase64Url(packed)}`;
}

export async function decodeRun(code: string): Promise<DecodeResult> {
  if (typeof code !== "string" || code.length === 0) return { ok: false, error: "The link holds no run." };
  if (code.length > MAX_LINK_CHARS) {
    return {
      ok: false,
      error: `The link is ${code.length} characters long; a run link made here is at most ${MAX_LINK_CHARS}, so this one was not made here or has been altered.`,
    };
  }
  const dot = code.indexOf(".");
  const version = dot < 0 ? "" : code.slice(0, dot);
  if (version !== SHARE_VERSION)
    return {
      ok: false,
      error: `The link's format "${version || "none"}" is not one this version of Election Lab reads.`,
    };
  const bytes = fromBase64Url(code.slice(dot + 1));
  if (!bytes)
    return {
      ok: false,
      error: "The link has been cut short or altered: it contains characters a run link never has.",
    };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(
      await pipe(bytes, new DecompressionStream("deflate-raw"), MAX_JSON_BYTES),
    );
  } catch (err) {
    if (err instanceof TooLarge) {
      return {
        ok: false,
        error: `The link's data unpacks to more than ${MAX_JSON_BYTES / 1_000_000} MB; a run made here is far smaller, so it was not opened.`,
      };
    }
    return { ok: false, error: "The link has been cut short or altered: its data does not unpack." };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: "The link's data is not a run: it is not valid JSON." };
  }
  if (typeof parsed !== "object" || parsed === null || !("s" in parsed) || !("t" in parsed))
    return { ok: false, error: "The link's data is not a run: the scenario or the time is missing." };
  const { s, t } = parsed as { s: unknown; t: unknown };
  if (typeof t !== "number" || !Number.isFinite(t) || t < 0)
    return { ok: false, error: "The link's time is not a valid moment of the run." };
  return { ok: true, value: { scenario: s, at: t } };
}
