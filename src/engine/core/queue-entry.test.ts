// Every entry in the queue has the same fields in the same order (queue-entry.ts), whatever
// made it, with one field list for messages (a message is its own entry) and one for every
// other type: the dispatch's reads stay on two object shapes only while no site builds an entry
// of its own. Walks every preset, and a graceful shutdown whose release cannot finish, to its end
// and checks each entry the queue (or a paused node's backlog) ever held, of every kind.
import { describe, expect, it } from "vitest";
import { createSimulation, presets } from "../index.ts";
import type { QEvent } from "./types.ts";

const ALL_KINDS: Array<QEvent["type"]> = [
  "boot",
  "grace-end",
  "msg",
  "resource-timer",
  "resume",
  "slow-end",
  "store-tick",
  "store-timer",
  "store-up",
  "timer",
  "unlink",
];

describe("queue entries", () => {
  it("share one field list across every kind and every preset's run", () => {
    const shapes = new Map<string, string>();
    const kinds = new Set<string>();
    const scenarios: Array<[string, Record<string, unknown>]> = Object.entries(presets).map(([name, p]) => [
      name,
      p.scenario as Record<string, unknown>,
    ]);
    // The API server cannot hear the leader's release, so its grace period runs out (grace-end).
    scenarios.push([
      "kubernetes leader shut down while cut off",
      {
        protocol: "kubernetes",
        nodes: 3,
        until: "90s",
        options: { releaseOnCancel: true },
        faults: [
          { at: "20s", do: "isolate", node: "leader", for: "60s" },
          { at: "21s", do: "shutdown", node: "leader" },
        ],
      },
    ]);
    for (const [name, scenario] of scenarios) {
      const sim = createSimulation({ ...scenario, seed: 1 }, { trace: "roles" });
      const until = sim.scenario.until;
      const look = (e: QEvent, where: string) => {
        kinds.add(e.type);
        shapes.set(Object.keys(e).join(","), `${name}: ${where}${e.type}`);
      };
      do {
        for (const e of sim.state.queue.ev) look(e, "");
        for (const n of sim.state.nodes) for (const e of n.deferred) look(e, "deferred ");
      } while (sim.nextAt() < until && sim.step());
    }
    expect([...kinds].sort()).toEqual(ALL_KINDS);
    expect([...shapes.keys()].sort()).toEqual([
      "at,seq,hi,type,node,inc,epoch,name,slot,gen,due,pairs,lease,reqId",
      "id,from,to,kind,sentAt,arriveAt,body,heldUntil,unsent,conn,at,seq,hi,type",
    ]);
  });
});
