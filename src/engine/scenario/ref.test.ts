import { describe, expect, it } from "vitest";
import { parseScenario, presets } from "../index.ts";
import { RefError, mergeScenario, parseRef, refProblems, resolveRef, scenarioRefSchema } from "./ref.ts";

const table = {
  p: {
    scenario: {
      protocol: "etcd",
      nodes: 3,
      timing: { ttl: "10s", renew: "3s" },
      faults: [{ at: "5s", do: "crash", node: "leader" }],
    },
  },
};
const engine = { presets, parseScenario };
const errorOf = (f: () => unknown): RefError => {
  try {
    f();
  } catch (err) {
    if (err instanceof RefError) return err;
    throw err;
  }
  throw new Error("did not throw");
};

describe("resolveRef", () => {
  it("gives a preset as it is, as a fresh copy, at 0 unless the ref names a moment", () => {
    const r = resolveRef({ preset: "p" }, { presets: table });
    expect(r).toEqual({ scenario: table.p.scenario, at: 0, preset: "p" });
    (r.scenario.timing as Record<string, unknown>).ttl = "1s";
    expect(table.p.scenario.timing.ttl).toBe("10s");
    expect(resolveRef({ preset: "p", at: "2.5s" }, { presets: table }).at).toBe(2500);
    expect(resolveRef({ preset: "p", at: 900 }, { presets: table }).at).toBe(900);
  });

  it("drops the preset's faults before the overrides, merges objects and replaces arrays", () => {
    const r = resolveRef(
      { preset: "p", withoutFaults: true, overrides: { timing: { ttl: "2s" }, until: "20s" } },
      { presets: table },
    );
    expect(r.scenario).toEqual({
      protocol: "etcd",
      nodes: 3,
      timing: { ttl: "2s", renew: "3s" },
      faults: [],
      until: "20s",
    });
    const f = [{ at: "1s", do: "pause", node: "leader", for: "2s" }];
    expect(
      resolveRef({ preset: "p", withoutFaults: true, overrides: { faults: f } }, { presets: table }).scenario
        .faults,
    ).toEqual(f);
    expect(resolveRef({ preset: "p", overrides: { faults: f } }, { presets: table }).scenario.faults).toEqual(
      f,
    );
  });

  it("takes an inline scenario whole, with an empty fault list when it has none", () => {
    const r = resolveRef({ inline: { protocol: "raft", nodes: 5 }, at: "1s" }, { presets: {} });
    expect(r).toEqual({ scenario: { protocol: "raft", nodes: 5, faults: [] }, at: 1000, preset: null });
  });

  it("names the field that is wrong", () => {
    expect(errorOf(() => resolveRef({ preset: "nope" }, engine)).message).toBe(
      'preset: "nope" is not a preset',
    );
    expect(errorOf(() => resolveRef({ preset: "p", overides: {} }, { presets: table })).message).toBe(
      'unknown field "overides"',
    );
    expect(errorOf(() => resolveRef({ preset: "p", at: "soon" }, { presets: table })).path).toBe("at");
    expect(errorOf(() => resolveRef({ preset: "p", inline: {} }, { presets: table })).message).toMatch(
      /either "preset" or "inline"/,
    );
    expect(errorOf(() => resolveRef("billing-crash", engine)).message).toMatch(/must be an object/);
    expect(
      errorOf(() => resolveRef({ preset: "billing-crash", overrides: { timing: { ttl: "fast" } } }, engine))
        .path,
    ).toBe("overrides.timing.ttl");
    expect(errorOf(() => resolveRef({ inline: { protocol: "raft", nodes: 0 } }, engine)).path).toBe(
      "inline.nodes",
    );
    expect(errorOf(() => resolveRef({ preset: "raft-basic", at: "5s" }, engine)).message).toBe(
      "at: 5000 ms is after the run ends (4000 ms)",
    );
  });

  it("refuses keys that would reach an object's prototype", () => {
    const evil = JSON.parse('{"preset":"p","overrides":{"timing":{"__proto__":{"polluted":1}}}}') as unknown;
    expect(errorOf(() => resolveRef(evil, { presets: table })).path).toBe("overrides.timing.__proto__");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("resolves every preset to the scenario the engine knows", () => {
    for (const [name, p] of Object.entries(presets))
      expect(resolveRef({ preset: name }, engine).scenario).toEqual(p.scenario);
  });
});

describe("the one validator and the content schema", () => {
  it("reports problems under the caller's name, empty when the ref is sound", () => {
    expect(refProblems("quiz/x.json: q1: scenario", { preset: "billing-crash", at: 14000 }, engine)).toEqual(
      [],
    );
    expect(
      refProblems(
        "quiz/x.json: q1: scenario",
        { preset: "billing-crash", overrides: { nodes: "three" } },
        engine,
      ),
    ).toEqual([expect.stringMatching(/^quiz\/x\.json: q1: scenario\.overrides\.nodes: /)]);
  });

  it("gives the schema's issue at the wrong field, not a bare union failure", () => {
    const r = scenarioRefSchema.safeParse({ preset: "p", withoutFaults: "yes" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(["withoutFaults"]);
    expect(scenarioRefSchema.parse({ inline: { protocol: "raft" } })).toEqual({
      inline: { protocol: "raft" },
    });
    expect(parseRef({ preset: "p", at: 5 })).toEqual({ preset: "p", at: 5 });
  });

  it("merges without modifying its inputs", () => {
    const base = { a: { b: 1, c: [1, 2] } };
    const over = { a: { c: [3] }, d: 1 };
    expect(mergeScenario(base, over)).toEqual({ a: { b: 1, c: [3] }, d: 1 });
    expect(base).toEqual({ a: { b: 1, c: [1, 2] } });
  });
});
