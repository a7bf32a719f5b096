// What every mark on the timeline means, by its shape or pattern and in words: the lanes' bars
// (one per role a node can hold), the two-leaders stripes, the no-leader band, a fault's triangle
// and the moment's line. The embed's strip once said only "stripes: two leaders at once", and a
// crashed lane's cross-hatch read as those stripes while the grey no-leader bands went unexplained
// (review 15a #8): every mark the timeline draws has an entry here, and no two look alike.
import type { ReactNode } from "react";

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

/** The timeline's key: every mark it can draw, each with a swatch of that mark and words. */
export function TimelineKey({ compact = false }: { compact?: boolean }) {
  return (
    <ul className={`sb-legend sb-tl-legend${compact ? " compact" : ""}`} aria-label="Timeline key">
      {ENTRIES.map((e) => (
        <li key={e.key} data-mark={e.key}>
          <span className={`sb-key ${e.key}`} aria-hidden="true" /> {compact ? e.short : e.words}
        </li>
      ))}
    </ul>
  );
}
