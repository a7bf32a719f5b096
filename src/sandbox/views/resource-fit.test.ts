import { describe, expect, it } from "vitest";
import { splitLine } from "./resource-fit.ts";

const chars = (s: string) => s.length * 7;

describe("a resource line too long for its box breaks where its halves are most even", () => {
  it("breaks a stale write's line between who wrote and what happened", () => {
    expect(splitLine("✗ n2 token 2 accepted, stale", chars)).toEqual(["✗ n2 token 2", "accepted, stale"]);
  });
  it("keeps every word: the halves joined by a space are the line", () => {
    const line = "two leaders · fencing held";
    expect(splitLine(line, chars)!.join(" ")).toBe(line);
  });
  it("leaves a single word whole", () => {
    expect(splitLine("0x100000002", chars)).toBeNull();
  });
});
