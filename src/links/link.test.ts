import { describe, expect, it } from "vitest";
import { presets, resolveRef } from "../engine/index.ts";
import { sandboxLink } from "./link.ts";
import { decodeRun } from "./share-link.ts";

async function openedRun(href: string) {
  const code = new URL(href, "http://x").searchParams.get("run");
  expect(code, href).not.toBeNull();
  const r = await decodeRun(code as string);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe("sandboxLink", () => {
  it("opens a preset as it is by name, at the ref's moment", async () => {
    expect(await sandboxLink({ preset: "billing-crash", at: 14000 })).toBe(
      "/sandbox?preset=billing-crash&at=14000",
    );
    expect(await sandboxLink({ preset: "raft-basic", at: "1.5s" })).toBe(
      "/sandbox?preset=raft-basic&at=1500",
    );
    expect(await sandboxLink({ preset: "raft-basic" })).toBe("/sandbox?preset=raft-basic&at=0");
  });

  it("carries a changed preset whole, as a share link of the resolved run", async () => {
    const ref = {
      preset: "k8s-defaults",
      withoutFaults: true,
      overrides: { until: "50s", faults: [{ at: "30s", do: "shutdown", node: "leader" }] },
      at: 29000,
    };
    const run = await openedRun(await sandboxLink(ref));
    expect(run).toEqual({ scenario: resolveRef(ref, { presets }).scenario, at: 29000 });
    expect((run.scenario as { faults: unknown[] }).faults).toEqual([
      { at: "30s", do: "shutdown", node: "leader" },
    ]);
  });

  it("carries an inline scenario whole", async () => {
    const inline = { protocol: "ring", nodes: 4, seed: 2, until: "3s" };
    const run = await openedRun(await sandboxLink({ inline, at: 500 }));
    expect(run).toEqual({ scenario: { ...inline, faults: [] }, at: 500 });
  });

  it("refuses a ref that does not resolve, naming the field", async () => {
    await expect(sandboxLink({ preset: "nope", withoutFaults: true })).rejects.toThrow(
      'preset: "nope" is not a preset',
    );
  });
});
