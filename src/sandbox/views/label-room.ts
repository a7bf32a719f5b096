// The room a wide picture leaves beside its side nodes for their labels, sized once for the run
// before its first frame is drawn, from the lines the run's protocol can write there: never grown
// while the run plays. It used to grow the first time a label was wider than 136 px ("waiting
// behind n2" in billing's run at 1.78 s, ZooKeeper's first "waiting behind" at 0.01 s), which
// moved the side nodes by 8 to 16 px and rerouted their links as the learner stepped (the screen
// audit's steadiness check). Lines that come and go (a candidate's votes, "isolated", a clock
// off true time) are not counted: where one is wider than the room, it takes another spot round
// its node (cluster-labels.ts placeFullLabels), as a Raft candidate's votes always did.
import type { Frame } from "../../engine/index.ts";
import { keptLine, numberLine, type TermLabel } from "../labels.ts";
import type { ClusterLayout } from "./layout.ts";
import type { Scene } from "./cluster-scene.ts";
import { fontOf, widthIn } from "./text-width.ts";

/** Every number line (and Zab's vote line) the protocol's labels can write beside a node, with
 *  two-digit numbers and the last node's name: the widest of them bounds what the run shows. */
export function roomLines(label: TermLabel, f: Frame): string[] {
  const last = `n${f.nodes.length}`;
  const out: string[] = [];
  for (const role of ["leader", "follower", "candidate", "crashed"] as const)
    for (const token of [null, 99])
      for (const term of [0, 99])
        for (const ahead of [undefined, null, "", last])
          for (const storeUp of [true, false])
            out.push(numberLine(label, f.protocol, { role, term, token }, ahead, storeUp));
  if (f.store) out.push(keptLine(f.store.kind));
  // Zab's last zxid after its epoch, and its vote (epoch, zxid, id) on a line of its own.
  if (f.protocol === "zab") out.push(`${label.word} 99 · zxid 99:99`, `vote (99, 99:99, ${last})`);
  return out;
}

/** Size the label room for this run (protocol, node count, width): true when the layout must be
 *  made anew, which happens within the same draw, before anything is painted. */
export function fitLabels(v: Scene, f: Frame, label: TermLabel): boolean {
  const key = `${f.protocol}|${f.nodes.length}|${v.width}|${f.store?.kind ?? ""}|${label.word}`;
  if (key === v.roomFor) return false;
  const L = v.layout as ClusterLayout;
  const sub = (v.gLabels.node() as SVGGElement).querySelector("tspan.sb-label-sub");
  if (!sub) return false;
  v.roomFor = key;
  let room = 0;
  if (v.width >= 560 && L.labels === "full") {
    const font = fontOf(sub);
    const widest = Math.max(...roomLines(label, f).map((t) => widthIn(font, t)));
    // From the node's edge: the label starts 24 px out from its radius, and 8 px spare.
    const need = Math.ceil((widest + 24 + 8) / 16) * 16;
    if (need > 136 && need <= v.width / 3) room = need;
  }
  if (room === v.labelRoom) return false;
  v.labelRoom = room;
  v.layoutKey = "";
  return true;
}
