// Session.act checks only what it appends (issue 38): the script it already runs was checked at
// load, so an action costs the same whatever the script's length, and follows the session's own
// run-size setting rather than re-parsing the whole scenario with the default one.
import { describe, expect, it } from "vitest";
import { presets } from "../index.ts";
import { Session } from "./index.ts";

describe("Session.act", () => {
  it("keeps the session's run-size setting: an unestimated long run still takes actions", () => {
    // A day of a 25-node Raft cluster is far over the page's run-size estimate.
    const big = { ...presets["raft-basic"].scenario, nodes: 25, until: 24 * 3_600_000, faults: [] };
    expect(() => new Session().load(big)).toThrow(/would take about/);
    const s = new Session({ estimate: false });
    s.load(big);
    const a = s.act({ do: "crash", node: "n1" });
    expect(a.faults).toEqual([{ do: "crash", node: "n1", at: a.at }]);
  });

  it("applies several faults at one moment, or none when one is invalid", () => {
    const s = new Session();
    s.load({ ...presets["raft-basic"].scenario, faults: [] }, 600);
    expect(() =>
      s.act([
        { do: "isolate", node: "n1" },
        { do: "crash", node: "n9" },
      ]),
    ).toThrow(/faults\[1\]\.node/);
    expect(s.scenario.faults).toEqual([]);
    expect(s.frame().cuts).toEqual([]);
    const a = s.act([
      { do: "partition", groups: [["n1"], ["n2"]] },
      { do: "heal", groups: [["n2"], ["n1"]], oneWay: true },
    ]);
    expect(a.faults.map((f) => f.at)).toEqual([a.at, a.at]);
    expect(a.removed).toEqual([]);
    expect(s.frame().cuts).toEqual([["n1", "n2"]]);
  });
});
