// What the search must not find: two Raft leaders in one term (with PreVote and CheckQuorum
// off and on), or, with fencing on, the resource applying a lower token after a higher one.
// 2,000 schedules each with every fault the scenario can feel. Runs are 10 s (faults within
// the first 7.5 s) to keep the suite affordable; `npm run bench` times the 30 s version.
import { describe, expect, it } from "vitest";
import { presets } from "../index.ts";
import { search, type SearchSpec } from "./index.ts";
import { prepare } from "./prepare.ts";

/** A hang guard, not a speed check: 2,000 runs on a shared two-core machine can take a while. */
const LONG = 240_000;

function none(spec: SearchSpec) {
  const o = search(spec);
  expect(o.found, o.shrunk ? JSON.stringify(o.counterexample) : "").toBe(false);
  expect(o.tried).toBe(2000);
  expect(o.counterexample).toBeNull();
}

describe("search finds nothing where the system is safe", () => {
  it("every fault kind is allowed in these searches", () => {
    expect(
      prepare({ scenario: { protocol: "raft" }, property: "one-leader-per-term" }).budget.faults.map(
        (f) => f.kind,
      ),
    ).toEqual(["crash", "restart", "pause", "partition", "one-way", "clock", "slow"]);
    expect(
      prepare({ scenario: { protocol: "etcd" }, property: "fencing-monotonic" }).budget.faults,
    ).toHaveLength(8);
  });

  for (const [label, options] of [
    ["off", { preVote: false, checkQuorum: false }],
    ["on", { preVote: true, checkQuorum: true }],
  ] as const) {
    it(
      `Raft, one leader per term, PreVote and CheckQuorum ${label}`,
      () => {
        none({
          scenario: { protocol: "raft", nodes: 5, until: "10s", options },
          property: "one-leader-per-term",
        });
      },
      LONG,
    );
  }

  for (const fencing of ["token", "sequencer"] as const) {
    it(
      `etcd lease with ${fencing} fencing: never a lower token applied after a higher one`,
      () => {
        none({
          scenario: { ...presets["billing-crash"].scenario, until: "20s", fencing },
          property: "fencing-monotonic",
        });
      },
      LONG,
    );
  }
});
