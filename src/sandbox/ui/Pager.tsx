// A list that grows with the run (the timeline's marks, every refused write) shows one page of
// rows at a time, so a four-hour run's page holds no more elements than a ten-minute one's
// (issue 40: 1,441 marks and 498 write rows took the page from 2,424 to 9,484 elements). Every
// row stays reachable: "Earlier" and "Later" move a page at a time, and the count says where
// the page sits in the whole list.
import { useState } from "react";

/** `first` is the page's first row's place in the whole list (a stable key: lists only grow). */
export type Paged<T> = { rows: readonly T[]; first: number; pager: JSX.Element | null };

/** One page of a list in time order. Until the learner pages back it follows the newest page
 *  (the run plays on); a page chosen stays put as rows are added, and a list that shrinks (a
 *  rewind) clamps it. */
export function usePage<T>(items: readonly T[], size: number, label: string): Paged<T> {
  const [asked, setAsked] = useState<number | null>(null);
  const pages = Math.max(1, Math.ceil(items.length / size));
  const page = asked === null ? pages - 1 : Math.min(asked, pages - 1);
  const first = page * size;
  const rows = items.slice(first, first + size);
  const go = (p: number) => setAsked(p >= pages - 1 ? null : p);
  const pager =
    pages <= 1 ? null : (
      <div className="sb-pager" role="group" aria-label={`${label}: pages`}>
        <button type="button" disabled={page === 0} onClick={() => go(page - 1)}>
          Earlier
        </button>
        <span>
          {first + 1}–{first + rows.length} of {items.length}
        </span>
        <button type="button" disabled={page >= pages - 1} onClick={() => go(page + 1)}>
          Later
        </button>
      </div>
    );
  return { rows, first, pager };
}
