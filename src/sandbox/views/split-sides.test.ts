// Who is with whom after a split, read from the cuts (review 15b #6: the badges vanished after
// "Split A | B").
import { describe, expect, it } from "vitest";
import { frameSides } from "./split-sides.ts";

const nodes = ["n1", "n2", "n3", "n4", "n5"].map((id) => ({ id })) as never;
/** Every pair across the groups cut both ways, as a partition fault leaves them. */
function cutsOf(groups: string[][]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const g of groups)
    for (const h of groups) if (g !== h) for (const a of g) for (const b of h) out.push([a, b]);
  return out;
}

describe("frameSides", () => {
  it("reads a split in two, the learner's side B keeping its letter", () => {
    const f = {
      nodes,
      store: null,
      cuts: cutsOf([
        ["n3", "n4", "n5", "resource"],
        ["n1", "n2"],
      ]),
    };
    const s = frameSides(f, ["n1", "n2"]);
    expect(Object.fromEntries(s ?? [])).toEqual({
      n1: "B",
      n2: "B",
      n3: "A",
      n4: "A",
      n5: "A",
      resource: "A",
    });
    // Unremembered (a preset's or a shared run's split): the bigger side is A.
    expect(frameSides(f)?.get("n3")).toBe("A");
    expect(frameSides(f)?.get("n1")).toBe("B");
  });
  it("leaves a process no cut touches on no side (a preset's groups without the resource)", () => {
    const s = frameSides({
      nodes,
      store: null,
      cuts: cutsOf([
        ["n1", "n2", "n3"],
        ["n4", "n5"],
      ]),
    });
    expect(s?.has("resource")).toBe(false);
    expect([s?.get("n1"), s?.get("n4")]).toEqual(["A", "B"]);
  });
  it("shows no sides for no cut, one cut link, a one-way cut or a lone isolated node", () => {
    expect(frameSides({ nodes, store: null, cuts: [] })).toBeNull();
    expect(
      frameSides({
        nodes,
        store: null,
        cuts: [
          ["n1", "n2"],
          ["n2", "n1"],
        ],
      }),
    ).toBeNull();
    const oneWay = cutsOf([
      ["n1", "n2"],
      ["n3", "n4", "n5", "resource"],
    ]).filter(([a]) => a !== "n1");
    expect(frameSides({ nodes, store: null, cuts: oneWay })).toBeNull();
    expect(
      frameSides({ nodes, store: null, cuts: cutsOf([["n1"], ["n2", "n3", "n4", "n5", "resource"]]) }),
    ).toBeNull();
    // One node's link to the store cut (Kubernetes' leader and its API server, review 17b #6),
    // or the store cut from every node: no partition into groups, so no side letters.
    expect(
      frameSides({
        nodes,
        store: { kind: "k8s" } as never,
        cuts: [
          ["n1", "store"],
          ["store", "n1"],
        ],
      }),
    ).toBeNull();
    expect(
      frameSides({
        nodes,
        store: { kind: "etcd" } as never,
        cuts: cutsOf([["store"], ["n1", "n2", "n3", "n4", "n5"]]),
      }),
    ).toBeNull();
    // The same cuts made by the learner's split of n1 alone are sides.
    expect(
      frameSides({ nodes, store: null, cuts: cutsOf([["n1"], ["n2", "n3", "n4", "n5", "resource"]]) }, [
        "n1",
      ])?.get("n1"),
    ).toBe("B");
  });
});
