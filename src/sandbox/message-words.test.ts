// Every message kind any preset of any protocol sends gets plain words in the picture (review 5b
// #4: "LeaseKeepAliveResp" floated beside the links): no API name in camel case, no "Resp".
import { describe, expect, it } from "vitest";
import { createSimulation, presets } from "../engine/index.ts";
import { kindWords } from "./views/message-label.ts";

describe("message words", () => {
  const kinds = new Map<string, string>();
  for (const [name, preset] of Object.entries(presets)) {
    const r = createSimulation(structuredClone(preset.scenario), { trace: "full" }).run();
    for (const e of r.trace) if (e.type === "send" && !kinds.has(e.kind)) kinds.set(e.kind, name);
  }
  it("the presets send many kinds (the check reads real traces)", () => {
    expect(kinds.size).toBeGreaterThan(30);
  });
  for (const [kind, preset] of kinds) {
    it(`${kind} (first sent in ${preset}) reads as plain words`, () => {
      const w = kindWords(kind);
      expect(w).not.toMatch(/[a-z][A-Z]/);
      expect(w).not.toMatch(/Resp\b/);
    });
  }
});
