// One leader per term under partitions: the reference needs a majority and votes once per term
// (Raft section 5.2); counting two votes, or voting for every candidate of a term, breaks it.
import { describe, it } from "vitest";
import { majority } from "./majority.ts";
import { expectFails, expectPasses, LONG } from "./judge-cases.ts";
import { RAFT_ELECTOR, variant } from "./reference-electors.ts";

const REFERENCE = RAFT_ELECTOR;

const WRONG_1 = variant(
  RAFT_ELECTOR,
  "const granted = t === term(node) && (node.disk.votedFor === null || node.disk.votedFor === from);",
  "const granted = t === term(node);",
);

describe("challenge majority", () => {
  it(
    "the reference solution passes every schedule of the default budget",
    () => {
      expectPasses("majority", REFERENCE);
    },
    LONG,
  );
  it(
    "fails the starter: two votes are enough, and every request is granted",
    () => {
      expectFails("majority", majority.starter, "one-leader-per-term");
    },
    LONG,
  );
  it(
    "fails a majority, but a node votes for every candidate of its term",
    () => {
      expectFails("majority", WRONG_1, "one-leader-per-term");
    },
    LONG,
  );
});
