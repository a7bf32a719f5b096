import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decodeRun, encodeRun } from "./share-link";

const scenario = {
  protocol: "etcd",
  nodes: 3,
  seed: 7,
  faults: [{ at: 20000, do: "crash", node: "leader" }],
};

describe("share links", () => {
  it("round-trip a run exactly", async () => {
    const code = await encodeRun({ scenario, at: 12345.4 });
    expect(code.startsWith("1.")).toBe(true);
    expect(await decodeRun(code)).toEqual({ ok: true, value: { scenario, at: 12345 } });
  });

  it("name what is wrong with damaged links", async () => {
    const code = await encodeRun({ scenario, at: 5 });
    expect(await decodeRun("")).toMatchObject({ ok: false, error: expect.stringContaining("no run") });
    expect(await decodeRun("9." + code.slice(2))).toMatchObject({
      ok: false,
      error: expect.stringContaining('format "9"'),
    });
    expect(await decodeRun(code.slice(0, 12))).toMatchObject({
      ok: false,
      error: expect.stringContaining("cut short or altered"),
    });
    expect(await decodeRun(code + "!")).toMatchObject({
      ok: false,
      error: expect.stringContaining("characters"),
    });
    expect(await decodeRun("1.")).toMatchObject({ ok: false });
  });

  it("refuse a link that inflates into something huge", async () => {
    const huge = await encodeRun({ scenario: "x".repeat(2_000_000), at: 0 });
    expect(huge.length).toBeLessThan(64_000);
    expect(await decodeRun(huge)).toMatchObject({
      ok: false,
      error: expect.stringContaining("unpacks to more than 1 MB"),
    });
  });

  it("say how long a link over the limit is, instead of calling it altered", async () => {
    const long = `1.${"A".repeat(80_000)}`;
    expect(await decodeRun(long)).toMatchObject({
      ok: false,
      error: expect.stringContaining("80002 characters long; a run link made here is at most 64000"),
    });
  });

  it("never throw on random or tampered input", async () => {
    const valid = await encodeRun({ scenario, at: 1000 });
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (junk) => {
        const result = await decodeRun(junk);
        expect(typeof result.ok).toBe("boolean");
        if (!result.ok) expect(result.error.length).toBeGreaterThan(10);
      }),
      { numRuns: 500 },
    );
    await fc.assert(
      fc.asyncProperty(fc.nat(valid.length - 1), fc.constantFrom(..."ABCxyz019-_"), async (pos, ch) => {
        const tampered = valid.slice(0, pos) + ch + valid.slice(pos + 1);
        const result = await decodeRun(tampered);
        if (result.ok) expect(result.value.at).toBeGreaterThanOrEqual(0);
        else expect(result.error).toMatch(/link/i);
      }),
      { numRuns: 500 },
    );
  });
});
