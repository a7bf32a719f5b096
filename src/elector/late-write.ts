// The fencing property a learner's elector is judged on (Kleppmann 2016, "How to do distributed
// locking"): once a newer leadership's write has reached the storage, no write of an older
// leadership may be applied. A fenced storage keeps it by comparing tokens, provided every new
// leadership carries a larger token than the ones before it; a token that does not grow lets a
// deposed leader's late write in while the current leader's are refused.
// The engine's stale-write monitor is stricter: it also counts a late write that lands in the
// instant between a new grant and the new leader's first write, which no token can prevent and
// which orders the late write before every write of the new leadership, so it harms nothing.
// Read from the lean trace's typed events: leader-start (which leadership a write belongs to,
// and in what order they began) and write (reached the storage: applied or refused).
import type { TraceEvent } from "../engine/index.ts";
import type { PropertyFailure } from "../engine/search/properties.ts";

export const LATE_WRITE = "late-write";
export const LATE_WRITE_LABEL =
  "a deposed leader's write landed after a newer leader's write had reached the storage";

export function lateWrite(trace: readonly TraceEvent[]): PropertyFailure | null {
  /** (node, token) -> order in which that leadership began (latest start of the pair) */
  const began = new Map<string, number>();
  let order = 0;
  /** the latest-begun leadership whose write has reached the storage */
  let newest = -1;
  let newestWho = "";
  for (const e of trace) {
    if (e.type === "leader-start") {
      began.set(`${e.node}\u0000${e.token}`, order++);
      continue;
    }
    if (e.type !== "write") continue;
    const mine = began.get(`${e.node}\u0000${e.token}`) ?? -1;
    if (e.result !== "rejected" && mine < newest) {
      return {
        property: LATE_WRITE,
        at: e.t,
        detail: `${e.node}'s write with token ${e.token} was applied after ${newestWho}, which took over later, had written`,
      };
    }
    if (mine > newest) {
      newest = mine;
      newestWho = `${e.node} (token ${e.token})`;
    }
  }
  return null;
}
