// The timeline's lanes: one sample of a node's visible state (role, term, token) each time it
// changes. Sampled after every processed event, so a change that is undone within the same
// instant still shows as the two samples it was.
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

function laneRole(status: string, role: string): string {
  if (status === "paused") return "paused";
  if (status === "crashed") return "crashed";
  if (status === "stopped") return "stopped";
  if (role === "leader") return "leader";
  if (role === "candidate" || role === "precandidate") return "candidate";
  return "follower";
}

/** The samples so far, and each node's last key so a repeat is not recorded twice. */
export class Lanes {
  readonly list: LaneEvent[] = [];
  private last: string[];

  constructor(nodes: number) {
    this.last = Array.from({ length: nodes }, () => "");
  }

  sample(state: SimState): void {
    const nodes = state.nodes;
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i];
      const role = laneRole(n.status, n.role);
      const token = n.believes ? n.token : null;
      const k = `${role}|${n.term}|${token}`;
      if (k !== this.last[i]) {
        this.last[i] = k;
        this.list.push({ t: state.now, i, role, term: n.term, token });
      }
    }
  }

  mark(): { len: number; last: string[] } {
    return { len: this.list.length, last: [...this.last] };
  }

  restore(m: { len: number; last: string[] }): void {
    this.list.length = m.len;
    this.last = [...m.last];
  }
}
