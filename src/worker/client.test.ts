import { describe, expect, it, vi } from "vitest";
import { MAX_CRASHES, WorkerClient, type WorkerPort } from "./client.ts";
import { LabClient, type LabWorkerLike } from "../practice/lab-client.ts";
import type { FromLab, ToLab } from "../practice/lab-jobs.ts";

type In = { type: "ping"; id: number } | { type: "work"; n: number };
type Out = { type: "pong"; id: number } | { type: "done"; n: number };

class FakeWorker<I, O> implements WorkerPort<I, O> {
  onmessage: ((e: MessageEvent<O>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  onmessageerror: ((e: MessageEvent) => void) | null = null;
  readonly got: I[] = [];
  terminated = false;
  postMessage(msg: I) {
    this.got.push(msg);
  }
  terminate() {
    this.terminated = true;
  }
  say(msg: O) {
    this.onmessage?.({ data: msg } as MessageEvent<O>);
  }
  fail(message: string) {
    this.onerror?.({ message, preventDefault() {} } as ErrorEvent);
  }
}

function setup(opts: { pingEvery?: number; pingTimeout?: number } = {}) {
  const made: FakeWorker<In, Out>[] = [];
  const heard: Out[] = [];
  const crashes: Array<[string, boolean]> = [];
  let clock = 0;
  const client = new WorkerClient<In, Out>({
    create: () => {
      const w = new FakeWorker<In, Out>();
      made.push(w);
      return w;
    },
    label: "the test worker",
    onMessage: (m) => heard.push(m),
    onCrash: (why, restarted) => crashes.push([why, restarted]),
    liveness: {
      ping: (id) => ({ type: "ping", id }),
      pongId: (m) => (m.type === "pong" ? m.id : null),
      every: opts.pingEvery ?? 60_000,
      timeout: opts.pingTimeout,
    },
    now: () => clock,
  });
  return { client, made, heard, crashes, advance: (ms: number) => (clock += ms) };
}

describe("the worker client's crash-and-restart policy", () => {
  it("restarts a crashed worker at once, up to MAX_CRASHES within the window, then waits for retry()", () => {
    const { client, made, crashes, advance } = setup();
    client.start();
    for (let i = 0; i < MAX_CRASHES; i++) {
      made[made.length - 1].fail(`boom ${i}`);
      advance(1_000);
    }
    expect(crashes).toEqual([
      ["the test worker crashed (boom 0)", true],
      ["the test worker crashed (boom 1)", true],
      ["the test worker crashed (boom 2)", false],
    ]);
    expect(made).toHaveLength(MAX_CRASHES);
    expect(made.every((w) => w.terminated)).toBe(true);
    expect(client.running).toBe(false);
    client.retry();
    expect(client.running).toBe(true);
    made[made.length - 1].fail("once more");
    expect(crashes.at(-1)).toEqual(["the test worker crashed (once more)", true]);
  });

  it("forgets crashes older than the window", () => {
    const { client, made, crashes, advance } = setup();
    client.start();
    for (let i = 0; i < 5; i++) {
      made[made.length - 1].fail("slow leak");
      advance(15_000);
    }
    expect(crashes.every(([, restarted]) => restarted)).toBe(true);
  });

  it("ignores a stopped worker's messages and hands pongs to the liveness check only", () => {
    const { client, made, heard } = setup();
    client.start();
    const w = made[0];
    w.say({ type: "pong", id: 1 });
    w.say({ type: "done", n: 1 });
    client.stop();
    w.say({ type: "done", n: 2 });
    expect(heard).toEqual([{ type: "done", n: 1 }]);
  });

  it("declares a worker that stops answering pings hung, and restarts it", async () => {
    const { client, made, crashes, advance } = setup({ pingEvery: 5, pingTimeout: 100 });
    client.start();
    const hung = made[0];
    // The ping timer runs on its own; wait for it to have pinged, then let the timeout pass.
    await vi.waitFor(() => expect(hung.got.length).toBeGreaterThan(0), { timeout: 120_000 });
    expect(hung.got[0]).toEqual({ type: "ping", id: 1 });
    advance(101);
    await vi.waitFor(() => expect(crashes.length).toBeGreaterThan(0), { timeout: 120_000 });
    expect(crashes[0]).toEqual(["the test worker stopped responding", true]);
    expect(hung.terminated).toBe(true);
    client.stop();
  });
});

describe("the practice lab on the same client", () => {
  it("a crash fails the jobs waiting with the reason, and the next job runs on a fresh worker", async () => {
    const made: FakeWorker<ToLab, FromLab>[] = [];
    const lab = new LabClient(() => {
      const w = new FakeWorker<ToLab, FromLab>();
      made.push(w);
      return w as LabWorkerLike;
    });
    const job = { kind: "facts" as const, scenario: { protocol: "raft", nodes: 3 } };
    const first = lab.run(job);
    made[0].fail("out of memory");
    await expect(first.promise).rejects.toThrow("the experiment worker crashed (out of memory)");
    const second = lab.run(job);
    const w = made[made.length - 1];
    expect(w).not.toBe(made[0]);
    expect(w.got).toEqual([{ type: "run", id: 2, job }]);
    w.say({ type: "result", id: 2, result: 42 });
    await expect(second.promise).resolves.toBe(42);
    lab.dispose();
  });
});
