// Timing alone is not enough: the reference takes its token from a majority's term; a takeover
// timer with a locally counted epoch, or a clock reading as the token, loses to a pause or a
// drifting clock.
import { describe, it } from "vitest";
import { noToken } from "./no-token.ts";
import { expectFails, expectPasses, LONG } from "./judge-cases.ts";
import { RAFT_ELECTOR, variant } from "./reference-electors.ts";

const REFERENCE = RAFT_ELECTOR;

const WRONG_1 = variant(
  noToken.starter,
  "node.lead(node.disk.epoch as number);",
  "node.lead(Math.floor(node.now()));",
);

describe("challenge no-token", () => {
  it(
    "the reference solution passes every schedule of the default budget",
    () => {
      expectPasses("no-token", REFERENCE);
    },
    LONG,
  );
  it(
    "fails the starter: take over after a silence, with a locally counted epoch",
    () => {
      expectFails("no-token", noToken.starter, "one-leader-per-term");
    },
    LONG,
  );
  it(
    "fails a clock reading as the token",
    () => {
      expectFails("no-token", WRONG_1, "late-write");
    },
    LONG,
  );
});
