// What every mark on the timeline means, by its shape or pattern and in words: the lanes' bars
// (one per role a node can hold), the two-leaders stripes, the no-leader band, a fault's triangle
// and the moment's line. The embed's strip once said only "stripes: two leaders at once", and a
// crashed lane's cross-hatch read as those stripes while the grey no-leader bands went unexplained
// (review 15a #8): every mark the timeline draws has an entry here, and no two look alike.
import { type ReactNode, useState } from "react";

interface Entry {
  /** the swatch's class: the mark it copies */
  key: string;
  words: ReactNode;
  /** the embed's shorter words */
  short: ReactNode;
}

const ENTRIES: readonly Entry[] = [
  {
    key: "tl-follower",
    words: "thin grey line: following a leader (or none yet)",
    short: "thin line: following",
  },
  { key: "tl-candidate", words: "blue bar: a candidate asking for votes", short: "blue bar: candidate" },
  { key: "tl-leader", words: "green outlined bar: leading", short: "green outlined bar: leading" },
  { key: "tl-paused", words: "purple bar: paused (frozen, it does nothing)", short: "purple bar: paused" },
  {
    key: "tl-crashed",
    words: <>dark bar crossed with white, &ldquo;crashed&rdquo;: the node is down</>,
    short: <>dark crossed bar, &ldquo;crashed&rdquo;: down</>,
  },
  { key: "tl-stopped", words: "faint bar: shut down", short: "faint bar: shut down" },
  {
    key: "tl-split",
    words: (
      <>
        amber stripes across the lanes, &ldquo;two leaders&rdquo;: two nodes believe they lead at once (the
        lessons call it split brain); nothing newer was overwritten
      </>
    ),
    short: "amber stripes: two leaders at once",
  },
  {
    key: "tl-split-lost",
    words: (
      <>
        red stripes, &ldquo;✗ two leaders&rdquo;: an older write was applied after a newer one (safety lost)
      </>
    ),
    short: "red stripes: an older write applied after a newer one",
  },
  { key: "tl-leaderless", words: "light grey band: no leader", short: "light grey band: no leader" },
  {
    key: "tl-fault",
    words: "triangle and dashed line: a fault (a crash, a pause, a cut)",
    short: "triangle: a fault",
  },
  { key: "tl-now", words: "blue upright line: now; shaded: not played yet", short: "upright line: now" },
];

/** The marks every run's timeline draws: keyed in one short line under the full timeline. */
const ALWAYS = new Set(["tl-follower", "tl-leader", "tl-now"]);

/** The timeline's key: every mark it can draw, each with a swatch of that mark and words. Under
 *  the full sandbox's timeline (review 17b #10: six more lines of key under the picture's seven)
 *  one short line keys the marks every run draws, and the rest wait behind "More about the
 *  timeline's marks", open or shut as the learner left it while the run plays. */
export function TimelineKey({ compact = false }: { compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const item = (e: Entry, short: boolean) => (
    <li key={e.key} data-mark={e.key}>
      <span className={`sb-key ${e.key}`} aria-hidden="true" /> {short ? e.short : e.words}
    </li>
  );
  if (compact)
    return (
      <ul className="sb-legend sb-tl-legend compact" aria-label="Timeline key">
        {ENTRIES.map((e) => item(e, true))}
      </ul>
    );
  return (
    <ul className="sb-legend sb-tl-legend folded" aria-label="Timeline key">
      {ENTRIES.filter((e) => ALWAYS.has(e.key)).map((e) => item(e, true))}
      <li className="sb-legend-term sb-legend-more">
        <details open={open} onToggle={(ev) => setOpen(ev.currentTarget.open)}>
          <summary>More about the timeline&apos;s marks</summary>
          <ul>{ENTRIES.map((e) => item(e, false))}</ul>
        </details>
      </li>
    </ul>
  );
}
