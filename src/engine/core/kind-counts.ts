// Messages sent per kind (the summary's election-message counts), counted on the hot path
// without a string-keyed object: each kind gets a small integer id the first time it is sent
// (stats.kindNames, in first-send order) and a slot in stats.kindCounts. The id lookup is a Map
// on the World (derived, never state), behind a one-entry cache, since a broadcast sends the
// same kind to every peer in a row. The record of names is only built when stats are read.
import type { World } from "./world.ts";
import type { SimState } from "./types.ts";

type Stats = SimState["stats"];

/** The kind-id index of a (possibly cloned) state; a state saved before the ids existed carries
 *  its counts as a record (stats.kinds), moved into the arrays here. */
export function bindKindIds(s: SimState): Map<string, number> {
  const st = s.stats;
  if (!st.kindNames) {
    const old = st.kinds ?? {};
    st.kindNames = Object.keys(old);
    st.kindCounts = st.kindNames.map((k) => old[k]);
    delete st.kinds;
  }
  const ids = new Map<string, number>();
  for (let i = 0; i < st.kindNames.length; i++) ids.set(st.kindNames[i], i);
  return ids;
}

/** Count one message of `kind`. */
export function countKind(w: World, kind: string): void {
  let id: number;
  if (kind === w.lastKind) id = w.lastKindId;
  else {
    const known = w.kindIds.get(kind);
    id = known === undefined ? newKind(w, kind) : known;
    w.lastKind = kind;
    w.lastKindId = id;
  }
  (w.s.stats.kindCounts as number[])[id]++;
}

function newKind(w: World, kind: string): number {
  const st = w.s.stats;
  const id = (st.kindNames as string[]).length;
  (st.kindNames as string[]).push(kind);
  (st.kindCounts as number[]).push(0);
  w.kindIds.set(kind, id);
  return id;
}

/** Messages sent per kind, as a record in first-send order (what the summary reads). */
export function kindCounts(st: Stats): Record<string, number> {
  const out: Record<string, number> = { ...st.kinds };
  const names = st.kindNames ?? [];
  const counts = st.kindCounts ?? [];
  for (let i = 0; i < names.length; i++) out[names[i]] = (out[names[i]] ?? 0) + counts[i];
  return out;
}
