// The progress check worker's client (issue 40): a worker that does not answer within its budget
// is ended and the learner told why; one that answers is ended too. Timers are driven by hand,
// so nothing here waits on a clock.
import { describe, expect, it } from "vitest";
import { checkProgressOffPage } from "./import-check-client.ts";
import { FakePort, manualTimer } from "../lib/one-shot-worker.fixture.ts";
import type { ImportResult } from "./transfer.ts";

const Port = FakePort<string, ImportResult>;

const wrap = (progress: unknown) =>
  JSON.stringify({ format: "election-lab-progress", exportedAt: "2026-11-29T12:00:00.000Z", progress });

describe("checkProgressOffPage", () => {
  it("ends a worker that overruns its budget and says why", async () => {
    const port = new Port();
    const timer = manualTimer();
    const result = checkProgressOffPage("{}", {
      budgetMs: 5000,
      create: () => port,
      setTimer: timer.setTimer,
      clearTimer: timer.clearTimer,
    });
    expect(port.posted).toEqual(["{}"]);
    timer.fire();
    const r = await result;
    expect(port.terminated).toBe(true);
    expect(r).toMatchObject({
      ok: false,
      reason: expect.stringContaining("took longer than 5 s, so it was stopped"),
    });
    port.onmessage?.({ data: { ok: true, data: {}, exportedAt: "" } } as MessageEvent<ImportResult>);
    expect(await result).toMatchObject({ ok: false });
  });

  it("hands back the worker's answer and ends the worker", async () => {
    const port = new Port();
    const timer = manualTimer();
    const result = checkProgressOffPage("x", {
      create: () => port,
      setTimer: timer.setTimer,
      clearTimer: timer.clearTimer,
    });
    port.onmessage?.({
      data: { ok: false, reason: "the file is not valid JSON" },
    } as MessageEvent<ImportResult>);
    expect(await result).toEqual({ ok: false, reason: "the file is not valid JSON" });
    expect(port.terminated).toBe(true);
    expect(timer.armed()).toBe(false);
  });

  it("a worker that stops with an error is a refusal, not a wait", async () => {
    const port = new Port();
    const timer = manualTimer();
    const result = checkProgressOffPage("x", {
      create: () => port,
      setTimer: timer.setTimer,
      clearTimer: timer.clearTimer,
    });
    port.onerror?.(new Event("error") as ErrorEvent);
    expect(await result).toMatchObject({ ok: false, reason: expect.stringContaining("could not be read") });
    expect(port.terminated).toBe(true);
  });

  it("runs the same check in-process where there are no workers", async () => {
    const r = await checkProgressOffPage(
      wrap({ version: 2, lessons: {}, quiz: { items: {} }, interview: { attempts: [] } }),
      { create: () => null },
    );
    expect(r).toMatchObject({ ok: true });
  });

  it("a review log of 150,000 wrong entries is refused, never thrown (the schema's error list overflowed the stack)", async () => {
    const log = Array.from({ length: 150_000 }, () => ({ r: 1 }));
    const r = await checkProgressOffPage(
      wrap({ version: 2, lessons: {}, quiz: { items: { a: { log } } }, interview: { attempts: [] } }),
      { create: () => null },
    );
    expect(r).toMatchObject({
      ok: false,
      reason: expect.stringContaining("does not have the expected shape"),
    });
  }, 60_000);
});
