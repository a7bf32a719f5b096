// The stand-in worker that plays a recording: it answers the page's protocol like the
// simulation worker, refuses every action, never goes past the recording's end, and stops
// there when played.
import { afterEach, describe, expect, it, vi } from "vitest";
import rec from "../../../reality/recordings/course/etcd-crash.json";
import { createSimulation } from "../../engine/index.ts";
import { presetScenario } from "../scenarios.ts";
import type { FromWorker } from "../../worker/protocol.ts";
import { createReplayWorker } from "./replay-worker.ts";
import type { RecordedTrial } from "./recorded-frames.ts";

const trial = (rec as { trials: RecordedTrial[] }).trials.filter((t) => t.side === "real")[0];

function open() {
  const scenario = presetScenario("billing-crash");
  if (!scenario) throw new Error("no billing-crash preset");
  const w = createReplayWorker(trial, createSimulation(scenario).frame(), scenario);
  const got: FromWorker[] = [];
  w.onmessage = (e) => got.push(e.data);
  return { w, got };
}

afterEach(() => vi.useRealTimers());

describe("the replay worker", () => {
  it("refuses actions: a recording is read-only", async () => {
    const { w, got } = open();
    w.postMessage({ type: "act", id: 7, faults: [{ do: "crash", node: "n2" }] } as never);
    await vi.waitFor(() => expect(got).toHaveLength(1));
    expect(got[0]).toMatchObject({ type: "error", id: 7, scope: "act" });
  });

  it("seeks no further than the recording's end", async () => {
    const { w, got } = open();
    w.postMessage({ type: "seek", t: trial.end + 50_000 });
    await vi.waitFor(() => expect(got).toHaveLength(1));
    const m = got[0];
    expect(m.type === "reset" && m.frame.t).toBe(trial.end);
  });

  it("plays to the end and stops there, having sent the crash and the takeover", async () => {
    vi.useFakeTimers();
    const { w, got } = open();
    w.postMessage({ type: "load", scenario: {}, at: trial.end - 200, playing: true, speed: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    const last = got[got.length - 1];
    expect(last).toMatchObject({ type: "delta", ended: true, playing: false });
    expect(last.type === "delta" && last.delta.t).toBe(trial.end);
    const reset = got[0];
    expect(reset.type === "reset" && reset.history.map((e) => e.type)).toEqual([
      "leader-start",
      "fault",
      "leader-end",
      "leader-start",
    ]);
    const count = got.length;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(got).toHaveLength(count);
  });
});
