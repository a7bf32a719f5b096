// The screen reader announcer: how often it speaks, and how it merges lines that arrive in between.
import { describe, expect, it } from "vitest";
import type { Line } from "./narration.ts";
import { Announcer } from "./announcer.ts";

describe("Announcer", () => {
  const line = (text: string, important = false): Line => ({ t: 0, text, tone: "info", important });

  it("announces at most once per gap, merging what arrived meanwhile", async () => {
    let now = 0;
    const said: string[] = [];
    const a = new Announcer((t) => said.push(t), { gap: 1000, now: () => now });
    a.push([line("one")]);
    a.flush();
    expect(said).toEqual(["one."]);
    a.push([line("two")]);
    a.push([line("three", true), line("four"), line("five", true)]);
    expect(said).toHaveLength(1);
    now = 1000;
    a.flush();
    expect(said[1]).toBe("three. five. (2 more in the event log.)");
    a.clear();
  });

  it("keeps short batches whole", () => {
    expect(Announcer.compose([line("a"), line("b")])).toBe("a. b.");
  });
});
