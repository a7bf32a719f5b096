// A lease on the store that survives GC pauses: the reference leads with its key's create
// revision, so the storage refuses a paused holder's late write; the node's rank, or a count of
// its own leaderships, does not grow with every new holder.
import { describe, it } from "vitest";
import { leaseFencing } from "./lease-fencing.ts";
import { expectFails, expectPasses, LONG } from "./judge-cases.ts";
import { variant } from "./reference-electors.ts";

const REFERENCE = variant(
  leaseFencing.starter,
  "node.lead(node.rank); // TODO: is this a good token?",
  "node.lead(mine);",
);

const WRONG_1 = variant(
  REFERENCE,
  "      node.lead(mine);",
  "      node.disk.leaderships = ((node.disk.leaderships as number) ?? 0) + 1;\n      node.lead(node.disk.leaderships as number);",
);

describe("challenge lease-fencing", () => {
  it(
    "the reference solution passes every schedule of the default budget",
    () => {
      expectPasses("lease-fencing", REFERENCE);
    },
    LONG,
  );
  it(
    "fails the starter: the rank of the node as its token",
    () => {
      expectFails("lease-fencing", leaseFencing.starter, "late-write");
    },
    LONG,
  );
  it(
    "fails each node counts its own leaderships",
    () => {
      expectFails("lease-fencing", WRONG_1, "late-write");
    },
    LONG,
  );
});
