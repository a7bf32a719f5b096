// Views format the trace from its typed fields, never from the words in `detail` or `text`:
// reword every one of those strings in every preset's trace and narration, the write log and
// the sequence diagram come out the same.
import { describe, expect, it } from "vitest";
import { createSimulation, presets, type TraceEvent } from "../engine/index.ts";
import { narrateAll, newNarrationContext } from "./narration.ts";
import { writeResult } from "./ui/Logs.tsx";
import { sequenceDiagram } from "./mermaid.ts";

/** Every human string a view must not read, replaced by other words. */
function reword(trace: readonly TraceEvent[]): TraceEvent[] {
  return trace.map((e) => {
    const c = { ...e } as Record<string, unknown>;
    if (typeof c.detail === "string") c.detail = `reworded ${c.detail.length}`;
    if (typeof c.text === "string") c.text = "reworded note";
    return c as TraceEvent;
  });
}

function views(trace: readonly TraceEvent[], protocol: string, fencing: string) {
  const narration = narrateAll(trace, newNarrationContext(protocol, fencing)).map(
    (l) => `${l.t} ${l.tone} ${l.text}`,
  );
  const writes = trace.flatMap((e) => (e.type === "write" ? [writeResult(e, protocol)] : []));
  const end = trace.length ? trace[trace.length - 1].t : 0;
  const diagram = sequenceDiagram(trace, { from: 0, to: end, protocol });
  return { narration, writes, diagram };
}

describe("views read fields, not words", () => {
  let reworded = 0;
  for (const name of Object.keys(presets)) {
    it(`${name}: rewording every detail and note text changes no narration, write log or diagram`, () => {
      const sc = structuredClone(presets[name].scenario);
      const trace = createSimulation(sc, { trace: "full" }).run().trace;
      const start = trace.find((e): e is Extract<TraceEvent, { type: "start" }> => e.type === "start")!;
      const { protocol, fencing } = start;
      const before = views(trace, protocol, fencing);
      const after = views(reword(trace), protocol, fencing);
      expect(after).toEqual(before);
      expect(before.narration.length).toBeGreaterThan(0);
      reworded += trace.filter((e) => "detail" in e || "text" in e).length;
    });
  }
  it("the rewording touched many events (so the comparison above means something)", () => {
    expect(reworded).toBeGreaterThan(400);
  });
});
