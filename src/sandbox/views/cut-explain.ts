// One line on what a cut means for this protocol, said before its effect shows: "n1 can still
// reach etcd, so it keeps its lease". It reads the frame (who leads, who is up), the cuts the
// click leaves and the spec's quorum rule (majority for Raft and Zab, the store for lease
// protocols, whoever is reachable for Bully and the ring). Pure.
import { isProtocol, specOf, type Frame, type Scenario } from "../../engine/index.ts";
import { storeLabel } from "../labels.ts";
import { formatSeconds } from "../format-seconds.ts";
import { cutSet } from "./cluster-links.ts";

export interface ExplainOpts {
  scenario: Scenario | null;
  /** the lease length the picture draws (TTL), if any */
  leaseMs?: number | null;
}

const list = (xs: string[]) =>
  xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;

/** The node that leads now: the store's holder, else the believer with the highest token. */
export function leaderOf(f: Frame): string | null {
  if (f.store?.holder && f.nodes.some((n) => n.id === f.store?.holder && n.role !== "crashed"))
    return f.store.holder;
  const b = f.nodes
    .filter((n) => n.believesLeader && n.role !== "crashed")
    .sort((x, y) => (y.token ?? 0) - (x.token ?? 0));
  return b[0]?.id ?? null;
}

export function explainCuts(f: Frame, after: Frame["cuts"], opts: ExplainOpts): string {
  const spec = isProtocol(f.protocol) ? specOf(f.protocol) : null;
  const cut = cutSet(after);
  const both = (p: string, q: string) => !cut.has(`${p}>${q}`) && !cut.has(`${q}>${p}`);
  const up = f.nodes.filter((n) => n.role !== "crashed").map((n) => n.id);
  const leader = leaderOf(f);
  const writes =
    leader && !both(leader, "resource") ? `; ${leader}'s writes no longer reach the resource` : "";
  const rule = spec?.quorum ?? (spec?.server ? "store" : "reachable");

  if (rule === "store" && f.store) {
    const S = storeLabel(f.store.kind);
    const cutOff = up.filter((id) => !both(id, "store"));
    if (!leader) {
      const can = up.filter((id) => both(id, "store"));
      return can.length
        ? `Nobody leads now; only ${list(can)} can reach ${S}, so only they can take the lead${writes}.`
        : `Nobody can reach ${S}, so nobody can take the lead.`;
    }
    if (both(leader, "store")) {
      const others = cutOff.filter((id) => id !== leader);
      return `${leader} can still reach ${S}, so it keeps its lease${others.length ? `; ${list(others)} cannot reach ${S}, so ${others.length > 1 ? "they" : "it"} cannot take over` : ""}${writes}.`;
    }
    const ttl = opts.leaseMs ? ` after ${formatSeconds(opts.leaseMs)}` : "";
    return `${leader} cannot reach ${S}: its renewals stop, so its lease runs out${ttl} and a node that still reaches ${S} can take over; ${leader} stops leading only when its own clock says the lease ran out${writes}.`;
  }

  // Components of nodes that hear each other both ways (messages are not relayed).
  const comps: string[][] = [];
  const seen = new Set<string>();
  for (const id of up) {
    if (seen.has(id)) continue;
    const comp: string[] = [];
    const stack = [id];
    seen.add(id);
    while (stack.length) {
      const x = stack.pop() as string;
      comp.push(x);
      for (const y of up) {
        if (seen.has(y) || !both(x, y)) continue;
        seen.add(y);
        stack.push(y);
      }
    }
    comps.push(comp.sort((p, q) => Number(p.slice(1)) - Number(q.slice(1))));
  }
  const n = f.nodes.length;
  const q = Math.floor(n / 2) + 1;
  const options = (opts.scenario?.options ?? {}) as { checkQuorum?: boolean; preVote?: boolean };
  const word = spec?.token({ coordinated: false, sequencer: false }).word ?? "term";

  if (rule === "majority") {
    if (!leader) {
      const best = comps.slice().sort((x, y) => y.length - x.length)[0] ?? [];
      return best.length >= q
        ? `Nobody leads now; ${list(best)} hear each other, a majority (${best.length} of ${n}), so they can elect a leader.`
        : `Nobody leads now, and no group that hears each other is a majority (${q} of ${n}), so nobody can be elected.`;
    }
    const reach = up.filter((id) => id !== leader && both(leader, id));
    const lost = up.filter((id) => id !== leader && !both(leader, id));
    const k = reach.length + 1;
    if (k >= q) {
      const tail = lost.length
        ? `; ${list(lost)} no longer ${lost.length > 1 ? "hear" : "hears"} it and will stand for election${options.preVote ? " (Pre-Vote: first asking, and a majority that still hears the leader refuses)" : ` in a higher ${word}`}`
        : "";
      return `${leader} still reaches ${k} of ${n} (a majority is ${q}), so it stays leader${tail}${writes}.`;
    }
    // A node that lost the leader can win with the votes of every node it reaches directly
    // (itself included; a follower still grants a higher term's vote).
    const votes = (x: string) => 1 + up.filter((y) => y !== x && y !== leader && both(x, y)).length;
    const best = Math.max(0, ...lost.map(votes));
    const elect =
      best >= q
        ? `${list(lost)} can gather a majority (${best} of ${n}) and will elect a new leader in a higher ${word}`
        : `none of the others reaches a majority either, so nobody new can be elected`;
    const old = options.checkQuorum
      ? `${leader} steps down after an election timeout (CheckQuorum)`
      : `${leader} keeps believing it leads until it hears a higher ${word}`;
    return `${leader} now reaches only ${k} of ${n}, fewer than a majority (${q}): ${elect}; ${old}${writes}.`;
  }

  // Bully, the ring, the heartbeat pair: each side elects among the nodes it can reach.
  if (!leader) return `Nobody leads now; each group that hears each other elects its own leader${writes}.`;
  const lost = up.filter((id) => id !== leader && !both(leader, id));
  return lost.length
    ? `${list(lost)} no longer ${lost.length > 1 ? "hear" : "hears"} ${leader}, so ${lost.length > 1 ? "they elect" : "it elects"} a leader among the nodes ${lost.length > 1 ? "they" : "it"} can reach: two leaders at once${writes}.`
    : `${leader} still reaches every node, so nothing changes for the election${writes}.`;
}
