// Randomized timeouts (Raft section 5.2, Figure 16): the reference draws each timeout afresh
// from 300 to 600 ms; equal timeouts, or a range far narrower than a round trip, split every vote.
import { describe, it } from "vitest";
import { raftTimeouts } from "./raft-timeouts.ts";
import { expectFails, expectPasses, LONG } from "./judge-cases.ts";
import { RAFT_ELECTOR, variant } from "./reference-electors.ts";

const REFERENCE = RAFT_ELECTOR;

const WRONG_1 = variant(
  RAFT_ELECTOR,
  "300 + Math.floor(node.random() * 300)",
  "300 + Math.floor(node.random() * 2)",
);

describe("challenge raft-timeouts", () => {
  it(
    "the reference solution passes every schedule of the default budget",
    () => {
      expectPasses("raft-timeouts", REFERENCE);
    },
    LONG,
  );
  it(
    "fails the starter: every node waits exactly 300 ms",
    () => {
      expectFails("raft-timeouts", raftTimeouts.starter, "leaderless:1.5");
    },
    LONG,
  );
  it(
    "fails timeouts drawn from a 2 ms range, narrower than one message delay",
    () => {
      expectFails("raft-timeouts", WRONG_1, "leaderless:1.5");
    },
    LONG,
  );
});
