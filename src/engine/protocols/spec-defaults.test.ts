// Every default a protocol names as its real library's is what a scenario that leaves the field
// out gets (issue 34), and the course's own rules are off unless a scenario turns them on.
import { describe, expect, it } from "vitest";
import { SPECS } from "./registry.ts";
import { courseOptionsOn, type ProtocolSpec } from "./spec.ts";
import { parseScenario } from "../scenario/schema.ts";

const at = (o: Record<string, unknown>, path: string) =>
  path.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o);

describe("the real libraries' defaults", () => {
  for (const spec of Object.values(SPECS) as ProtocolSpec[]) {
    if (!spec.defaults) continue;
    it(`${spec.name}: a scenario that leaves each field out gets the library's value`, () => {
      const sc = parseScenario({ protocol: spec.name, nodes: spec.nodes.initial }) as unknown as Record<
        string,
        unknown
      >;
      for (const d of spec.defaults ?? [])
        expect([d.path, at(sc, d.path) ?? null]).toEqual([d.path, d.value]);
      // and no course rule is on by default
      expect(courseOptionsOn(spec, sc.options as object)).toEqual([]);
    });
  }

  it("names the defaults of etcd, client-go and the heartbeat pair that used to be the course's", () => {
    const value = (name: keyof typeof SPECS, path: string) =>
      (SPECS[name] as ProtocolSpec).defaults?.find((d) => d.path === path)?.value;
    expect(value("etcd", "options.selfDemote")).toBe(false);
    expect(value("kubernetes", "options.releaseOnCancel")).toBe(false);
    expect(value("heartbeat", "options.stonith")).toBe("confirm");
  });

  it("a preset that turns a course rule on is listed as such", () => {
    const sc = parseScenario({ protocol: "etcd", options: { selfDemote: true } });
    expect(courseOptionsOn(SPECS.etcd, sc.options as object)).toHaveLength(1);
  });
});
