// A challenge's code in a link (`?code=`): UTF-8 in base64url, so a link carries the learner's
// code exactly. Decoding never throws; a link too long or not ours opens the learner's own code.
import { MAX_CODE_CHARS } from "../progress/sections/elector";

export function encodeCode(code: string): string {
  const bytes = new TextEncoder().encode(code);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeCode(text: string): string | null {
  if (text.length > (MAX_CODE_CHARS * 4) / 3 + 4 || !/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
