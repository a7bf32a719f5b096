// Every preset's exact trace, full and lean, as a fingerprint (FNV-1a of its JSON), kept beside
// the protocol's presets (protocols/<name>/fingerprints.ts). A change to the engine that moves any
// event of any preset fails here: update a fingerprint only for a behaviour change you mean, and
// say which in the commit. The presets come from the registry, so a new protocol's presets are
// checked without editing this file, and fail until its folder has their fingerprints.
import { describe, expect, it } from "vitest";
import { createSimulation, digest, presets, SPECS } from "./index.ts";
import type { Fingerprints } from "./protocols/spec.ts";

const files = import.meta.glob<Fingerprints>("./protocols/*/fingerprints.ts", {
  eager: true,
  import: "fingerprints",
});
/** protocol name -> its folder's fingerprints */
const byProtocol = new Map(Object.entries(files).map(([path, f]) => [path.split("/")[2], f]));

describe("preset traces", () => {
  it("every registered preset has a fingerprint in its protocol's folder, and every fingerprint a preset", () => {
    for (const [name, spec] of Object.entries(SPECS)) {
      const f = byProtocol.get(name) ?? {};
      expect(Object.keys(f).sort(), `protocols/${name}/fingerprints.ts`).toEqual(
        spec.presets.map((p) => p.name).sort(),
      );
    }
    expect(
      [...byProtocol.keys()].every((p) => p in SPECS),
      "a fingerprints file outside a registered protocol",
    ).toBe(true);
  });
  for (const [name, preset] of Object.entries(presets)) {
    it(`${name} is byte-identical`, () => {
      const expected = byProtocol.get(preset.scenario.protocol as string)?.[name];
      expect(expected, `no fingerprint for ${name}`).toBeDefined();
      const f = createSimulation(structuredClone(preset.scenario), { trace: "full" }).run();
      const r = createSimulation(structuredClone(preset.scenario), { trace: "roles" }).run();
      expect([digest(JSON.stringify(f.trace)), digest(JSON.stringify(r.trace))]).toEqual(expected);
    });
  }
});
