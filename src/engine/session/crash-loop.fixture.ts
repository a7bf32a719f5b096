// For tests: five Raft nodes whose leader crashes every `every` seconds, each node restarted
// `restartAfter` seconds later (a restart of a node that is up does nothing), so elections
// follow one another for the whole run.
export function crashLoop(o: {
  seed: number;
  until: string;
  crashes: number;
  every: number;
  restartAfter: number;
}) {
  return {
    protocol: "raft",
    nodes: 5,
    seed: o.seed,
    until: o.until,
    faults: Array.from({ length: o.crashes }, (_, i) => [
      { at: `${(i + 1) * o.every}s`, do: "crash", node: "leader" },
      ...Array.from({ length: 5 }, (_, j) => ({
        at: `${(i + 1) * o.every + o.restartAfter}s`,
        do: "restart",
        node: `n${j + 1}`,
      })),
    ]).flat(),
  };
}
