import { describe, expect, it } from "vitest";
import { checkCaption, readFigures } from "./caption-figures.ts";
import * as engine from "../src/engine/index.ts";

const eng = engine as unknown as Parameters<typeof checkCaption>[3];

describe("reading a caption's figures", () => {
  it("reads instants, spans, ranges, terms and message counts, in ms", () => {
    const f = readFigures(
      "n5 crashes at 1 s; about 60 ms later n4 wins, takes over 15 to 23.8 s after, past term 100, 8 messages.",
    );
    expect(f.map((x) => [x.kind, x.lo, x.hi])).toEqual([
      ["range", 15000, 23800],
      ["instant", 1000, 1000],
      ["time", 60, 60],
      ["term", 100, 100],
      ["messages", 8, 8],
    ]);
  });
});

describe("checking a caption against its run", () => {
  // bully-basic: five nodes, n5 crashes at 1 s and n4 announces itself about 60 ms later.
  it("accepts the figures the run bears out", () => {
    expect(
      checkCaption("x", "bully-basic", "n5 crashes at 1 s, and about 60 ms later n4 announces itself.", eng),
    ).toEqual([]);
  });
  it("refuses an instant or a span the run does not show", () => {
    expect(checkCaption("x", "bully-basic", "n5 crashes at 4 s.", eng)).toHaveLength(1);
    expect(checkCaption("x", "bully-basic", "about 600 ms later n4 announces itself.", eng)).toHaveLength(1);
  });
  it("checks a Kubernetes caption's give-up time and margin against the settings and the trace", () => {
    const ok =
      "It gives up 12 s after its last renewal, and a follower takes over no earlier than 15 s: a 3 s margin.";
    expect(checkCaption("x", "k8s-apiserver-cut", ok, eng)).toEqual([]);
    expect(checkCaption("x", "k8s-apiserver-cut", ok.replace("12 s", "7 s"), eng)).toHaveLength(1);
  });
});
