// The links the cluster picture draws, and what a click on one does. Which links exist comes
// from the protocol's spec: nodes that elect among themselves talk to each other (a full mesh),
// nodes of a store protocol talk to the store only; every node writes to the resource. A click
// becomes a fault in data (partition, heal with groups), the same command a scenario holds, so
// the run replays and shares. Pure: tested without a DOM.
import { isProtocol, specOf, type Frame } from "../../engine/index.ts";
import type { FaultInput } from "../../worker/protocol.ts";

/** Peer links are drawn up to this many nodes; beyond it a mesh is unreadable (isolate and
 *  split still cut them). */
export const MAX_MESH = 9;

export type LinkState = "open" | "cut" | "a-b" | "b-a";

export interface Link {
  a: string;
  b: string;
  key: string;
  /** "a-b": only messages from a to b are lost; "b-a" the other way; "cut": both */
  state: LinkState;
}

/** The processes a frame shows, in the order the picture lists them. */
export function processes(f: Frame): string[] {
  return [...f.nodes.map((n) => n.id), ...(f.store ? ["store"] : []), "resource"];
}

export function cutSet(cuts: Frame["cuts"]): Set<string> {
  return new Set(cuts.map(([a, b]) => `${a}>${b}`));
}

export function linkState(cut: Set<string>, a: string, b: string): LinkState {
  const ab = cut.has(`${a}>${b}`);
  const ba = cut.has(`${b}>${a}`);
  return ab && ba ? "cut" : ab ? "a-b" : ba ? "b-a" : "open";
}

/** The links that carry this protocol's traffic, with their state now. */
export function clusterLinks(f: Frame, opts: { sequencer?: boolean } = {}): Link[] {
  const spec = isProtocol(f.protocol) ? specOf(f.protocol) : null;
  const cut = cutSet(f.cuts);
  const ids = f.nodes.map((n) => n.id);
  const pairs: Array<[string, string]> = [];
  if (f.store) for (const id of ids) pairs.push([id, "store"]);
  if (!spec?.server && ids.length <= MAX_MESH) {
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) pairs.push([ids[i], ids[j]]);
  }
  for (const id of ids) pairs.push([id, "resource"]);
  // With sequencer fencing the resource asks the lock service (Chubby CheckSequencer).
  if (f.store && opts.sequencer) pairs.push(["store", "resource"]);
  return pairs.map(([a, b]) => ({ a, b, key: `${a}|${b}`, state: linkState(cut, a, b) }));
}

/** What a click on a link does. Plain: an open link is cut both ways, a cut one heals. One-way
 *  (Shift, or the one-way mode), from the end `from`: messages from `from` stop; clicking a
 *  link already cut that way heals it. */
export function linkFaults(link: Link, oneWay: boolean, from: string = link.a): FaultInput[] {
  const { a, b, state } = link;
  const to = from === a ? b : a;
  if (!oneWay) {
    return state === "open"
      ? [{ do: "partition", groups: [[a], [b]] }]
      : [{ do: "heal", groups: [[a], [b]] }];
  }
  const dir: LinkState = from === a ? "a-b" : "b-a";
  if (state === dir || state === "cut") return [{ do: "heal", groups: [[from], [to]], oneWay: true }];
  const out: FaultInput[] = [];
  if (state !== "open") out.push({ do: "heal", groups: [[a], [b]] });
  out.push({ do: "partition", groups: [[from], [to]], oneWay: true });
  return out;
}

/** A split into two sides: every process is on side A unless put on B. */
export function splitFault(f: Frame, sideB: ReadonlySet<string>): FaultInput | null {
  const all = processes(f);
  const a = all.filter((p) => !sideB.has(p));
  const b = all.filter((p) => sideB.has(p));
  return a.length && b.length ? { do: "partition", groups: [a, b] } : null;
}

/** A link's name as the learner reads it: "n1 – etcd". */
export function linkName(link: Pick<Link, "a" | "b">, name: (p: string) => string): string {
  return `${name(link.a)} – ${name(link.b)}`;
}

export function stateWords(link: Link, name: (p: string) => string): string {
  switch (link.state) {
    case "open":
      return "working";
    case "cut":
      return "cut both ways";
    case "a-b":
      return `cut from ${name(link.a)} to ${name(link.b)}`;
    case "b-a":
      return `cut from ${name(link.b)} to ${name(link.a)}`;
  }
}
