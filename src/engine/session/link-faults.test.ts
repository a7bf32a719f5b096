// The cluster picture's faults as commands in data: one link cut and healed, one message
// dropped in flight. Each is appended to the scenario, so a fresh run of it replays the session.
import { describe, expect, it } from "vitest";
import { createSimulation, digest, presets } from "../index.ts";
import { Session } from "./index.ts";

const raft = { ...presets["raft-basic"].scenario, faults: [] };
const loaded = (at: number) => {
  const s = new Session();
  s.load(raft, at);
  return s;
};
const replays = (s: Session) => {
  const f = createSimulation(s.scenario, { trace: "full" }).runUntil(s.now);
  expect(digest(s.trace)).toBe(digest(f.trace));
  expect(s.frame()).toEqual(f.frame());
};

describe("heal with groups: one link heals, the others stay cut", () => {
  it("cuts n1↔n2 and n1↔n3, then heals only n1↔n2", () => {
    const s = loaded(2_000);
    s.act({ do: "partition", groups: [["n1"], ["n2"]] });
    s.act({ do: "partition", groups: [["n1"], ["n3"]] });
    expect(s.frame().cuts).toEqual([
      ["n1", "n2"],
      ["n1", "n3"],
      ["n2", "n1"],
      ["n3", "n1"],
    ]);
    s.act({ do: "heal", groups: [["n1"], ["n2"]] });
    expect(s.frame().cuts).toEqual([
      ["n1", "n3"],
      ["n3", "n1"],
    ]);
    const ev = s.events.filter((e) => e.type === "fault").at(-1);
    expect(ev).toMatchObject({ fault: "heal", groups: [["n1"], ["n2"]], effect: "applied" });
    s.seek(4_000);
    replays(s);
  });

  it("heals one direction only with oneWay", () => {
    const s = loaded(2_000);
    s.act({ do: "partition", groups: [["n4"], ["n5", "resource"]] });
    s.act({ do: "heal", groups: [["n4"], ["resource"]], oneWay: true });
    expect(s.frame().cuts).toEqual([
      ["n4", "n5"],
      ["n5", "n4"],
      ["resource", "n4"],
    ]);
  });

  it("refuses a heal naming a node that does not exist, by field", () => {
    const s = loaded(1_000);
    expect(() => s.act({ do: "heal", groups: [["n1"], ["n9"]] })).toThrow(/groups\[1\]\[0\]/);
  });
});

describe("drop: one message in flight is lost", () => {
  it("removes it from the wire, records it, and replays the same", () => {
    const s = loaded(1_000);
    // step until something is in flight
    while (s.frame().messages.length === 0) s.step("event");
    const m = s.frame().messages[0];
    expect(m.fields).toBeTypeOf("object");
    s.act({ do: "drop", message: m.id });
    expect(s.frame().messages.map((x) => x.id)).not.toContain(m.id);
    const drop = s.trace.filter((e) => e.type === "drop" && e.id === m.id);
    expect(drop).toEqual([
      expect.objectContaining({ reason: "dropped", kind: m.kind, from: m.from, to: m.to }),
    ]);
    const ev = s.events.filter((e) => e.type === "fault").at(-1);
    expect(ev).toMatchObject({
      fault: "drop",
      message: m.id,
      messageKind: m.kind,
      from: m.from,
      to: m.to,
      effect: "applied",
    });
    s.seek(s.now + 1_500);
    replays(s);
  });

  it("a message that already arrived: no effect, said so", () => {
    const s = loaded(1_000);
    s.act({ do: "drop", message: 1 });
    const ev = s.events.filter((e) => e.type === "fault").at(-1);
    expect(ev).toMatchObject({ fault: "drop", effect: "no-effect", reason: "no-message" });
  });

  it("carries Raft's typed fields on vote messages (term, granted)", () => {
    const s = loaded(0);
    let seen: Record<string, unknown> | null = null;
    for (let i = 0; i < 5000 && !seen; i++) {
      s.step("event");
      seen = s.frame().messages.find((x) => x.kind === "RequestVoteResp")?.fields ?? null;
    }
    expect(seen).toMatchObject({ term: expect.any(Number), granted: expect.any(Boolean) });
  });
});
