// The elector a learner scenario runs when it names no code: the highest node that hears
// nobody higher leads, announcing itself every 100 ms. Kept as source (what the editor shows)
// and, in default-code.ts, as its compiled form; src/elector/default-code.test.ts holds the two
// equal, since the engine itself never compiles.
export const DEFAULT_SOURCE = `// The highest node that hears nobody higher leads.
export function init(node: Node): void {
  node.state.heard = 0;
  node.setTimer("tick", 100);
}

export function onTimer(node: Node, name: string): void {
  node.setTimer("tick", 100);
  const quiet = node.now() - (node.state.heard as number) > 300;
  if (quiet && !node.leading()) {
    node.disk.epoch = ((node.disk.epoch as number) ?? 0) + 1;
    node.because("nobody higher heard", { quietMs: 300 });
    node.lead((node.disk.epoch as number) * 100 + node.rank);
  }
  if (node.leading()) node.broadcast({ type: "ALIVE" });
}

export function onMessage(node: Node, from: string): void {
  if (node.rankOf(from) > node.rank) {
    node.state.heard = node.now();
    if (node.leading()) {
      node.because("a higher node is alive", { from });
      node.follow();
    }
  }
}
`;
