// The check worker's client: a worker that does not answer within its budget is ended and the
// learner told why; one that answers is ended too (one worker per job). Timers are driven by
// hand, so nothing here waits on a clock.
import { describe, expect, it } from "vitest";
import { checkOffPage } from "./check-client.ts";
import { FakePort, manualTimer } from "../lib/one-shot-worker.fixture.ts";
import type { CheckJob, CheckResult } from "./check-job.ts";

const Port = FakePort<CheckJob, CheckResult>;

describe("checkOffPage", () => {
  it("ends a worker that overruns its budget and says why", async () => {
    const port = new Port();
    const timer = manualTimer();
    const result = checkOffPage(
      { kind: "link", code: "1.abc" },
      { budgetMs: 5000, create: () => port, setTimer: timer.setTimer, clearTimer: timer.clearTimer },
    );
    expect(port.posted).toEqual([{ kind: "link", code: "1.abc" }]);
    expect(timer.armed()).toBe(true);
    timer.fire();
    const r = await result;
    expect(port.terminated).toBe(true);
    expect(r).toMatchObject({
      ok: false,
      stage: "budget",
      message: expect.stringContaining("took longer than 5 s, so it was stopped"),
    });
    // a late answer changes nothing
    port.onmessage?.({ data: { ok: true, scenario: {}, at: 0 } } as MessageEvent<CheckResult>);
    expect(await result).toMatchObject({ ok: false });
  });

  it("hands back the worker's answer and ends the worker", async () => {
    const port = new Port();
    const timer = manualTimer();
    const result = checkOffPage(
      { kind: "file", name: "a.json", text: "{}" },
      { create: () => port, setTimer: timer.setTimer, clearTimer: timer.clearTimer },
    );
    port.onmessage?.({
      data: { ok: false, stage: "scenario", message: "protocol: is required" },
    } as MessageEvent<CheckResult>);
    expect(await result).toEqual({ ok: false, stage: "scenario", message: "protocol: is required" });
    expect(port.terminated).toBe(true);
    expect(timer.armed()).toBe(false);
  });

  it("runs the same job in-process where there are no workers", async () => {
    const r = await checkOffPage(
      { kind: "file", name: "a.json", text: '\ufeff{"protocol":"raft"}' },
      { create: () => null },
    );
    expect(r).toMatchObject({ ok: true, at: 0, scenario: { protocol: "raft" } });
  });
});
