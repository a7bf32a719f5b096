// The one table of size limits on scenario input, shared by everything that makes a scenario or a
// link (the sandbox's share panel, lesson links, the CLI) and everything that reads one (share
// links, imported files, parseScenario). A maker checks what it made against the same numbers the
// reader will apply, so the app never hands out a link it would then refuse. No imports: the
// share-link codec uses it on the home page's path without pulling in the engine.

/** A share link made here is at most this many characters (browsers and chat tools keep far
 *  longer URLs, but a run that needs more is better carried as a file). */
export const MAX_LINK_CHARS = 64_000;
/** A share link's data unpacks to at most this many bytes of JSON; an imported scenario file is
 *  at most this large too. */
export const MAX_SCENARIO_BYTES = 1_000_000;

/** Characters a free-text field may hold, by field; every other string is an id, a duration, a
 *  version or a path, and gets MAX_STRING_CHARS. */
export const FIELD_CHARS: Readonly<Record<string, number>> = { title: 200, description: 2_000 };
/** Characters a field of `options` may hold, by field: a learner's elector carries its source
 *  and its compiled module there (protocols/learner/config.ts). */
export const OPTION_CHARS: Readonly<Record<string, number>> = { source: 30_000, code: 60_000 };
/** Any other string in a scenario (node ids, versions, znode paths, key prefixes): the longest
 *  any preset uses is 12 characters. */
export const MAX_STRING_CHARS = 100;
/** A duration string such as "1.5s": checked before the string is scanned at all. */
export const MAX_DURATION_CHARS = 64;
/** A field name or a record key (a node id in `clocks`, `options.versions`). */
export const MAX_KEY_CHARS = 64;

/** "1 000 000" for messages. */
export function spaced(n: number): string {
  const s = String(Math.round(n));
  let out = "";
  for (let i = 0; i < s.length; i++)
    out += (i > 0 && (s.length - i) % 3 === 0 && s[i - 1] !== "-" ? " " : "") + s[i];
  return out;
}
