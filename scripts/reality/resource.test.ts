// The fenced resource of a real trial and the work processes that write to it: the engine's
// rule (refuse a token below the highest seen, accept an equal one), with real processes on
// loopback, as a reality run uses them.
import { afterEach, describe, expect, it, vi } from "vitest";
import { pickPort } from "./ports.ts";
import { startResource, type Resource } from "./resource.ts";
import { startWriter, type Worker } from "./work.ts";
import { killAll } from "./procs.ts";

let resource: Resource | null = null;
afterEach(async () => {
  await killAll();
  await resource?.close();
  resource = null;
});

const outcomes = (r: Resource, node: string) => r.writes.filter((w) => w.node === node).map((w) => `${w.token}:${w.result}`);

describe("the fenced resource and the work processes", () => {
  it("accepts a leadership's writes, then refuses the old token once a higher one was seen", async () => {
    resource = await startResource(await pickPort(), (t) => t);
    const old: Worker = startWriter("n1", resource.port, 40);
    const next: Worker = startWriter("n2", resource.port, 40);
    await Promise.all([old.ready, next.ready]);
    old.lead(7);
    await vi.waitFor(() => expect(outcomes(resource!, "n1").length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect(new Set(outcomes(resource!, "n1"))).toEqual(new Set(["7:accepted"]));
    // The successor writes with a higher token; the old leader, still believing, keeps writing.
    next.lead(9);
    await vi.waitFor(() => expect(outcomes(resource!, "n1")).toContain("7:rejected"), { timeout: 10_000 });
    expect(outcomes(resource!, "n2")[0]).toBe("9:accepted");
    // Once a write was refused, every later one with that token is refused too.
    const firstRefused = resource.writes.findIndex((w) => w.node === "n1" && w.result === "rejected");
    expect(resource.writes.slice(firstRefused).filter((w) => w.node === "n1").every((w) => w.result === "rejected")).toBe(true);
    expect(resource.writes.every((w, i) => i === 0 || w.t >= resource!.writes[i - 1].t)).toBe(true);
  });

  it("a writer told its leadership ended stops writing", async () => {
    resource = await startResource(await pickPort(), (t) => t);
    const w = startWriter("n1", resource.port, 30);
    const other = startWriter("n2", resource.port, 30);
    await Promise.all([w.ready, other.ready]);
    w.lead(3);
    await vi.waitFor(() => expect(outcomes(resource!, "n1").length).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    w.end();
    // The other writer's writes mark the time passing: after END reached n1, n1 sends nothing
    // more, however many writes n2 makes (two sent after the END are proof enough; one might
    // have been sent before n1 read it).
    const before = outcomes(resource!, "n1").length;
    other.lead(3);
    await vi.waitFor(() => expect(outcomes(resource!, "n2").length).toBeGreaterThanOrEqual(8), { timeout: 10_000 });
    expect(outcomes(resource!, "n1").length).toBeLessThanOrEqual(before + 1);
  });
});
