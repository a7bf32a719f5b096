// The timeline's lanes: one sample of a node's visible state (its lane's role, and the token it
// leads with) each time it changes, with the term it had then. Checked after every processed
// event, so a change that is undone within the same instant still shows as the two samples it
// was. A term bump alone is not a sample: the timeline draws a role's stretch the same whatever
// the term (a leader's band takes its term when it opens), and every election bumps the term of
// every follower, so term-only samples were most of the list and made it grow with every
// election on every node. The list grows with role changes only, and is whole (the timeline
// draws the whole run at once).
//
// The check runs after every event of a run (hundreds of thousands on a long 25-node run), so it
// builds nothing: per node it compares the four raw fields the engine keeps (status, role, term,
// token) with the values it saw last, and only when one differs works out the lane's role and
// records a sample if the lane changed (precandidate to candidate, say, does not change it).
import type { SimState } from "../core/types.ts";

/** One sample of a node's visible state, recorded whenever it changes (for the timeline). */
export interface LaneEvent {
  t: number;
  /** node index */
  i: number;
  /** follower | candidate | leader | paused | crashed | stopped */
  role: string;
  term: number;
  /** believes it leads (the token it would write with), or null */
  token: number | null;
}

export function laneRole(status: string, role: string): string {
  if (status === "paused") return "paused";
  if (status === "crashed") return "crashed";
  if (status === "stopped") return "stopped";
  if (role === "leader") return "leader";
  if (role === "candidate" || role === "precandidate") return "candidate";
  return "follower";
}

/** What the check compares against, per node: the raw fields last seen, and the lane last
 *  recorded. Plain arrays, so a snapshot copies them with slice(). */
export interface LaneMark {
  len: number;
  status: string[];
  role: string[];
  term: number[];
  token: Array<number | null>;
  lane: string[];
  laneToken: Array<number | null>;
}

/** The samples so far, and what each node looked like at its last one. */
export class Lanes {
  readonly list: LaneEvent[] = [];
  // "" never equals a real status or role, so the first check records every node.
  private status: string[];
  private role: string[];
  private term: number[];
  private token: Array<number | null>;
  private lane: string[];
  private laneToken: Array<number | null>;

  constructor(nodes: number) {
    this.status = Array.from({ length: nodes }, () => "");
    this.role = Array.from({ length: nodes }, () => "");
    this.term = Array.from({ length: nodes }, () => -1);
    this.token = Array.from({ length: nodes }, () => null);
    this.lane = Array.from({ length: nodes }, () => "");
    this.laneToken = Array.from({ length: nodes }, () => null);
  }

  sample(state: SimState): void {
    const nodes = state.nodes;
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i];
      const token = n.believes ? n.token : null;
      if (
        n.status === this.status[i] &&
        n.role === this.role[i] &&
        n.term === this.term[i] &&
        token === this.token[i]
      )
        continue;
      this.status[i] = n.status;
      this.role[i] = n.role;
      this.term[i] = n.term;
      this.token[i] = token;
      const role = laneRole(n.status, n.role);
      if (role === this.lane[i] && token === this.laneToken[i]) continue;
      this.lane[i] = role;
      this.laneToken[i] = token;
      this.list.push({ t: state.now, i, role, term: n.term, token });
    }
  }

  mark(): LaneMark {
    return {
      len: this.list.length,
      status: this.status.slice(),
      role: this.role.slice(),
      term: this.term.slice(),
      token: this.token.slice(),
      lane: this.lane.slice(),
      laneToken: this.laneToken.slice(),
    };
  }

  restore(m: LaneMark): void {
    this.list.length = m.len;
    this.status = m.status.slice();
    this.role = m.role.slice();
    this.term = m.term.slice();
    this.token = m.token.slice();
    this.lane = m.lane.slice();
    this.laneToken = m.laneToken.slice();
  }
}
