// The folded legend's short line under the full sandbox's picture: the marks the frame shows now,
// one or two words each, their long forms behind "More about these marks" (Legend.tsx).
//
// Its height never changes while the run plays. It used to be two lines at 0 s ("booting: not
// started yet (nodes start one by one)" beside the roles) and one line at 12 s, so the legend's
// foot and the tab row under it moved 25 px up during play (cand8's full run,
// sandbox-picture-stick). Now every entry is short, and an invisible copy of every entry the line
// can ever hold shares its grid cell: the cell is as tall as the fullest line would be at this
// width, whichever entries show now. The copy's words are drawn by CSS from data attributes, so
// they are neither in the page's text nor in the accessibility tree.
import { BELIEVER_WORDS, ROLES } from "./RoleKeys.tsx";

/** The long forms of the entries that are not a role: each entry's hover title here, and its
 *  words behind "More about these marks" (Legend.tsx). */
export const LONG_WORDS = {
  booting: "booting: not started yet (nodes start one by one)",
  stopped: "stopped: shut down",
  cut: "cut link: dashed and crossed (arrow: one way)",
} as const;

type Entry = { key: string; className: string; words: string; title?: string };

/** Every entry the short line can hold, in its order; `key` is what Legend names in `now`. The
 *  lease rings, the picture's most visible mark, are named here while a node wears them (review
 *  18b #5: they were named only behind "More about these marks"). */
const EVERY: Entry[] = [
  ...ROLES.map(([role, shape]) => ({
    key: role,
    className: `sb-key role-${role} shape-${shape}`,
    words: role,
  })),
  {
    key: "believer",
    className: "sb-key role-paused believer",
    words: "green outline: thinks it leads",
    title: BELIEVER_WORDS,
  },
  {
    key: "rings",
    className: "sb-key arc-store",
    words: "rings: lease left",
    title: "inner ring: lease left as the leader counts it; outer ring: as the store counts it",
  },
  {
    key: "booting",
    className: "sb-key role-booting shape-circle",
    words: "booting",
    title: LONG_WORDS.booting,
  },
  {
    key: "stopped",
    className: "sb-key role-stopped shape-circle",
    words: "stopped",
    title: LONG_WORDS.stopped,
  },
  { key: "cut", className: "sb-key cut", words: "cut link", title: LONG_WORDS.cut },
];

/** What a run can show at some moment, so the line's room is kept for it from the start: the
 *  roles, the outline, a stopped node (Shut down) and a cut link follow from a learner's actions
 *  in any run; rings and booting nodes from the run itself. */
export type ShortLinePossible = { rings: boolean; booting: boolean };

export function ShortLine({ now, possible }: { now: ReadonlySet<string>; possible: ShortLinePossible }) {
  const on = (e: Entry) => now.has(e.key);
  const can = (e: Entry) =>
    (e.key !== "rings" || possible.rings) && (e.key !== "booting" || possible.booting);
  return (
    <li className="sb-legend-now">
      <ul className="sb-legend-row" aria-label="Marks shown now">
        {EVERY.filter(on).map((e) => (
          <li key={e.key} title={e.title}>
            <span className={e.className} aria-hidden="true" /> {e.words}
          </li>
        ))}
      </ul>
      <ul className="sb-legend-row sb-legend-ghost" aria-hidden="true">
        {EVERY.filter((e) => can(e) || on(e)).map((e) => (
          <li key={e.key}>
            <span className={e.className} />
            <span className="sb-legend-ghost-words" data-words={e.words} />
          </li>
        ))}
      </ul>
    </li>
  );
}
