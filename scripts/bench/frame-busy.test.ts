import { describe, expect, it } from "vitest";
import { busyPerFrame, type TraceEvent } from "./frame-busy.ts";

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: "thread_name",
  ph: "M",
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (tid: number, fromMs: number, ms: number): TraceEvent => ({
  name: "ThreadControllerImpl::RunTask",
  ph: "X",
  pid: 1,
  tid,
  ts: fromMs * 1000,
  dur: ms * 1000,
});

describe("busyPerFrame", () => {
  it("lays the main thread's tasks over 10 ms windows, counting nested tasks once and other threads not at all", () => {
    const trace = [
      thread(1, 7, "CrRendererMain"),
      thread(1, 8, "Compositor"),
      task(7, 0, 2),
      task(7, 0.5, 1), // nested inside the first
      task(7, 8, 4), // 2 ms in the first window, 2 in the second
      task(7, 25, 5),
      task(8, 0, 30), // a compositor task is not the page's main thread
      task(7, 39, 1),
    ];
    const r = busyPerFrame(trace, 10);
    expect(r.windows).toBe(4);
    // windows [0,10) 4 ms, [10,20) 2 ms, [20,30) 5 ms, [30,40) 1 ms
    expect(r.median).toBe(4);
    expect(r.p95).toBe(5);
    expect(r.share).toBeCloseTo(12 / 40, 10);
  });

  it("refuses a trace without the renderer's main thread", () => {
    expect(() => busyPerFrame({ traceEvents: [thread(1, 8, "Compositor"), task(8, 0, 1)] })).toThrow(
      /main thread/,
    );
  });
});
