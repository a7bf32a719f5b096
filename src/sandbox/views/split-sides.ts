// Who is with whom after a split (review 15b #6: once "Split A | B" was pressed the side badges
// vanished and the picture showed only a tangle of crossed links). The frame's cuts are read as
// sides when they form a clean partition: the processes they touch fall into groups that reach
// each other freely and are cut both ways from every other group. A process no cut touches (the
// resource, when a preset's groups leave it out) belongs to no side. A lone node cut from all is
// an isolation (its dashed ring says so), not a split. Pure: tested without a DOM.
import type { Frame } from "../../engine/index.ts";
import { cutSet, processes } from "./cluster-links.ts";

/** Each sided process's side letter ("A", "B", "C"...). */
export type Sides = Map<string, string>;

/** The sides the frame's cuts make, or null when they make none (no cut, a single link cut, a
 *  one-way cut between groups, an isolated node). `lastB`: the processes the learner put on side
 *  B when they split; when one group is exactly those, it keeps the letter B it had while they
 *  chose, so the badges read the same before and after "Split A | B". */
export function frameSides(
  f: Pick<Frame, "cuts" | "nodes" | "store">,
  lastB?: readonly string[] | null,
): Sides | null {
  if (!f.cuts.length) return null;
  const cut = cutSet(f.cuts);
  const all = processes(f as Frame);
  const touched = all.filter((p) => f.cuts.some(([a, b]) => a === p || b === p));
  const parent = new Map(touched.map((p) => [p, p]));
  const root = (p: string): string => {
    let r = p;
    while (parent.get(r) !== r) r = parent.get(r) as string;
    return r;
  };
  for (let i = 0; i < touched.length; i++)
    for (let j = i + 1; j < touched.length; j++) {
      const [a, b] = [touched[i], touched[j]];
      if (!cut.has(`${a}>${b}`) && !cut.has(`${b}>${a}`)) parent.set(root(a), root(b));
    }
  const groups = new Map<string, string[]>();
  for (const p of touched) groups.set(root(p), [...(groups.get(root(p)) ?? []), p]);
  if (groups.size < 2) return null;
  // Clean: within a group nothing is cut, between groups everything is, both ways.
  for (let i = 0; i < touched.length; i++)
    for (let j = i + 1; j < touched.length; j++) {
      const [a, b] = [touched[i], touched[j]];
      const same = root(a) === root(b);
      const ab = cut.has(`${a}>${b}`);
      const ba = cut.has(`${b}>${a}`);
      if (same ? ab || ba : !(ab && ba)) return null;
    }
  const list = [...groups.values()];
  const same = (g: string[], b: readonly string[]) => g.length === b.length && g.every((p) => b.includes(p));
  const remembered = lastB ? list.find((g) => same(g, lastB)) : undefined;
  // The biggest group, and then lone processes: an isolation, or one link cut (a node's link to
  // the store or the resource: review 17b #6, Kubernetes' leader cut from the API server read
  // "A" beside n1 and "side B" over the API server, with nothing partitioned), drawn as such.
  const sorted = [...list].sort((x, y) => y.length - x.length || all.indexOf(x[0]) - all.indexOf(y[0]));
  if (!remembered && sorted.slice(1).every((g) => g.length === 1)) return null;
  const out: Sides = new Map();
  if (remembered && list.length === 2) {
    for (const g of list) for (const p of g) out.set(p, g === remembered ? "B" : "A");
    return out;
  }
  sorted.forEach((g, k) => g.forEach((p) => out.set(p, String.fromCharCode(65 + k))));
  return out;
}
