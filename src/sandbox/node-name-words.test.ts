// A node's accessible name says each thing once, in the notation the screen uses: review 17b #8
// heard "n5, leader, epoch 1, epoch 1, last zxid 1:0" and votes as "(1, 0x100000008, n4)" while
// the label and the event log wrote "(1, 1:8, n4)". Every preset of every protocol, at four moments.
import { describe, expect, it } from "vitest";
import { createSimulation, parseScenario, PROTOCOLS, presets, SPECS } from "../engine/index.ts";
import { termLabelOf } from "./labels.ts";
import { nodeName } from "./views/ClusterView.ts";

/** The name's phrases: its comma-separated parts, a parenthesis kept whole. */
function phrases(name: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of name) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) {
      out.push(cur.trim());
      cur = "";
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

describe("every node's accessible name", () => {
  it("splits a name into its phrases", () =>
    expect(phrases("n5, leader, votes for (1, 1:8, n4)")).toEqual([
      "n5",
      "leader",
      "votes for (1, 1:8, n4)",
    ]));
  for (const p of PROTOCOLS) {
    // its presets and the run Run settings starts it with
    const runs: [string, unknown][] = [
      ...Object.keys(presets)
        .filter((k) => presets[k].scenario.protocol === p)
        .map((k): [string, unknown] => [k, presets[k].scenario]),
      [`${p}'s settings run`, SPECS[p].sandbox],
    ];
    it(`${p}: no phrase twice, no hex, over ${runs.length} runs`, () => {
      const problems = new Set<string>();
      for (const [preset, scenario] of runs) {
        const parsed = parseScenario(scenario);
        const label = termLabelOf(parsed);
        const sim = createSimulation(scenario as never);
        for (const share of [0.05, 0.25, 0.5, 1]) {
          const f = sim.runUntil(Math.round(parsed.until * share)).frame();
          for (const n of f.nodes) {
            const name = nodeName(n, { label, count: f.nodes.length, protocol: f.protocol });
            const ps = phrases(name);
            const twice = ps.filter((x, i) => ps.indexOf(x) !== i);
            if (twice.length > 0) problems.add(`${preset}: "${name}" says ${twice.join(", ")} twice`);
            if (/0x[0-9a-f]/i.test(name)) problems.add(`${preset}: "${name}" has hex`);
          }
        }
      }
      expect([...problems]).toEqual([]);
    });
  }
});
