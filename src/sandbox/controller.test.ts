import { afterEach, describe, expect, it } from "vitest";
import { createSimulation, digest } from "../engine/index.ts";
import { SandboxController } from "./controller.ts";
import { DEFAULT_SCENARIO, presetScenario } from "./scenarios.ts";
import { InProcessWorker, settle } from "./testing.ts";
import { newNarrationContext, narrateAll } from "./narration.ts";
import { Session } from "../engine/session/index.ts";
import type { Tour } from "./tours.ts";
import type { RawScenario } from "../engine/index.ts";
import fencingTour from "../../content/tours/fencing-diagram.json";

const made: SandboxController[] = [];
afterEach(() => {
  for (const c of made.splice(0)) c.dispose();
});

function setup(opts: Partial<ConstructorParameters<typeof SandboxController>[0]> = {}) {
  const workers: InProcessWorker[] = [];
  const said: string[] = [];
  const c = new SandboxController({
    scenario: structuredClone(DEFAULT_SCENARIO),
    source: { kind: "default" },
    title: "test",
    createWorker: () => {
      const w = new InProcessWorker();
      workers.push(w);
      return w;
    },
    announce: (t) => said.push(t),
    afterPaint: (cb) => queueMicrotask(cb),
    pingEvery: 60_000,
    ...opts,
  });
  made.push(c);
  c.start();
  const worker = () => workers[workers.length - 1];
  return { c, workers, worker, said, state: () => c.store.getState() };
}

/** Let messages and timers run until the condition holds (bounded in rounds, not in time). */
async function until(done: () => boolean, rounds = 100_000) {
  for (let i = 0; i < rounds && !done(); i++) await settle(1);
}

/** Play in display ticks until the condition holds (or give up). */
async function playUntil(w: () => InProcessWorker, done: () => boolean, ticks = 2000) {
  for (let i = 0; i < ticks && !done(); i++) {
    w().tick(16);
    await settle(2);
  }
}

describe("SandboxController", () => {
  it("opens the scenario and shows its first frame", async () => {
    const { state } = setup();
    await settle();
    expect(state().status).toBe("ready");
    expect(state().frame?.nodes.map((n) => n.id)).toEqual(["n1", "n2", "n3"]);
    expect(state().narration[0].text).toMatch(/3 nodes start \(etcd election, fencing on/);
  });

  it("turns a sequence of commands into the scenario's fault list, forking on a rewind", async () => {
    const { c, state } = setup();
    await settle();
    c.dispatch({ type: "seek", t: 5_000 });
    c.dispatch({ type: "act", faults: [{ do: "pause", node: "n1", for: 3_000 }] });
    c.dispatch({ type: "seek", t: 8_000 });
    c.dispatch({ type: "act", faults: [{ do: "isolate", node: "n2", for: 2_000 }] });
    await settle();
    expect(state().scenario.faults).toEqual([
      { do: "pause", node: "n1", for: 3_000, at: 5_000 },
      { do: "isolate", node: "n2", for: 2_000, at: 8_000 },
    ]);
    c.dispatch({ type: "seek", t: 6_000 });
    c.dispatch({ type: "act", faults: [{ do: "crash", node: "n3" }] });
    await settle();
    expect(state().scenario.faults).toEqual([
      { do: "pause", node: "n1", for: 3_000, at: 5_000 },
      { do: "crash", node: "n3", at: 6_000 },
    ]);
    expect(
      state().notices.some((n) =>
        /replaced the planned fault: from now on only your actions happen/.test(n.text),
      ),
    ).toBe(true);
    c.dispatch({ type: "seek", t: 20_000 });
    await settle();
    // The run on screen is exactly the scenario's run.
    expect(state().frame).toEqual(
      createSimulation(state().scenario, { trace: "full" }).runUntil(20_000).frame(),
    );
  });

  it("rewinding and taking the same action again gives the same state", async () => {
    const { c, state } = setup();
    await settle();
    c.dispatch({ type: "seek", t: 9_000 });
    c.dispatch({ type: "act", faults: [{ do: "pause", node: "leader", for: 15_000, during: "write" }] });
    c.dispatch({ type: "seek", t: 30_000 });
    await settle();
    const first = await c.fingerprint();
    const frame = state().frame;
    c.dispatch({ type: "seek", t: 9_000 });
    c.dispatch({ type: "act", faults: [{ do: "pause", node: "leader", for: 15_000, during: "write" }] });
    c.dispatch({ type: "seek", t: 30_000 });
    await settle();
    expect(await c.fingerprint()).toEqual(first);
    expect(state().frame).toEqual(frame);
    expect(first.digest).toBe(
      digest(createSimulation(state().scenario, { trace: "full" }).runUntil(30_000).trace),
    );
  });

  it("refuses an impossible action with the engine's message and keeps the scenario", async () => {
    const { c, state } = setup();
    await settle();
    c.dispatch({ type: "act", faults: [{ do: "slow", node: "n2", factor: 0.5 }] });
    await settle();
    expect(state().notices.at(-1)?.text).toMatch(/refused because of its factor: factor must be at least 1/);
    expect(state().scenario.faults).toEqual([]);
  });

  it("restarts a crashed worker from the scenario and the moment shown, losing nothing", async () => {
    const { c, state, workers, worker } = setup();
    await settle();
    c.dispatch({ type: "seek", t: 7_000 });
    c.dispatch({ type: "act", faults: [{ do: "crash", node: "n1" }] });
    c.dispatch({ type: "seek", t: 12_000 });
    await settle();
    const before = await c.fingerprint();
    const w = worker();
    w.fail("boom");
    expect(w.terminated).toBe(true);
    await settle();
    expect(workers).toHaveLength(2);
    expect(state().status).toBe("ready");
    expect(state().frame?.t).toBe(12_000);
    expect(
      state().notices.some((n) => /crashed \(boom\).*restarted.*12 s.*nothing you did is lost/.test(n.text)),
    ).toBe(true);
    expect(await c.fingerprint()).toEqual(before);
  });

  it("fails a request the crashed worker never answered, with the reason, and answers the next one", async () => {
    const { c, worker } = setup();
    await settle();
    c.dispatch({ type: "seek", t: 12_000 });
    await settle();
    // Asked, and the worker dies before it answers: the promise settles (it used to hang).
    const asked = c.fingerprint();
    worker().fail("boom");
    await expect(asked).rejects.toThrow(/crashed \(boom\)/);
    await settle();
    expect((await c.fingerprint()).t).toBe(12_000);
  });

  it("two quick seeks by a second land two seconds on, even before the first frame returns", async () => {
    const { c, state } = setup();
    await settle();
    c.dispatch({ type: "seek", t: 26_000 });
    await settle();
    expect(state().frame?.t).toBe(26_000);
    // Both presses before any frame comes back: the second builds on the first's target.
    c.dispatch({ type: "seek-by", by: 1000 });
    c.dispatch({ type: "seek-by", by: 1000 });
    await settle();
    expect(state().frame?.t).toBe(28_000);
    c.dispatch({ type: "seek-by", by: -1000 });
    await settle();
    expect(state().frame?.t).toBe(27_000);
  });

  it("replays an action the crashed worker never confirmed", async () => {
    const { c, state, worker } = setup();
    await settle();
    c.dispatch({ type: "seek", t: 6_000 });
    await settle();
    const w = worker();
    w.terminated = true; // dies before it reads the next message
    c.dispatch({ type: "act", faults: [{ do: "crash", node: "n2" }] });
    w.fail("lost");
    await settle();
    expect(state().scenario.faults).toEqual([{ do: "crash", node: "n2", at: 6_000 }]);
  });

  it("restarts a worker that stops answering, from the same scenario and moment", async () => {
    const { c, state, workers, worker } = setup({ pingEvery: 20, pingTimeout: 60 });
    await settle();
    c.dispatch({ type: "seek", t: 9_000 });
    await settle();
    const hung = worker();
    hung.host.handle = () => undefined; // alive, but never answers again
    // The client's own ping timer finds it out: wait for that, not for a fixed time.
    await until(() => hung.terminated && state().status === "ready");
    expect(hung.terminated).toBe(true);
    expect(workers.length).toBeGreaterThan(1);
    expect(state().notices.some((n) => /stopped responding.*restarted.*9 s/.test(n.text))).toBe(true);
    expect(state().frame?.t).toBe(9_000);
  });

  it("gives up after repeated crashes and says so", async () => {
    const { state, worker } = setup();
    await settle();
    for (let i = 0; i < 3; i++) {
      worker().fail("again");
      await settle();
    }
    expect(state().status).toBe("failed");
    expect(state().notices.at(-1)?.text).toMatch(/keeps failing/);
  });

  it("a scenario the worker cannot run says why and opens the default one", async () => {
    const { state } = setup({
      scenario: { protocol: "raft", nodes: 3, title: "refused by the worker" },
      title: "k",
      createWorker: () => {
        const w = new InProcessWorker();
        const handle = w.host.handle.bind(w.host);
        // As the engine answers for a protocol it does not implement.
        w.host.handle = (msg) => {
          if (msg.type === "load" && (msg.scenario as { title?: string }).title === "refused by the worker") {
            w.onmessage?.({
              data: { type: "error", scope: "load", message: 'protocol "raft" is not implemented yet' },
            } as MessageEvent);
            return;
          }
          handle(msg);
        };
        return w;
      },
    });
    await settle();
    await settle();
    expect(state().notices[0].text).toBe(
      'This scenario cannot run: protocol "raft" is not implemented yet. The default scenario is shown instead.',
    );
    expect(state().scenario).toEqual(DEFAULT_SCENARIO);
    expect(state().status).toBe("ready");
    expect(state().frame?.nodes).toHaveLength(3);
  });

  it("a load the worker refuses while a run is showing keeps that run, its scenario and its parsed form", async () => {
    const refused = { protocol: "raft", nodes: 5, until: 90_000, title: "refused by the worker" };
    const { c, state } = setup({
      createWorker: () => {
        const w = new InProcessWorker();
        const handle = w.host.handle.bind(w.host);
        w.host.handle = (msg) => {
          if (msg.type === "load" && (msg.scenario as { title?: string }).title === refused.title) {
            w.onmessage?.({
              data: { type: "error", scope: "load", message: "the run is too long" },
            } as MessageEvent);
            return;
          }
          handle(msg);
        };
        return w;
      },
    });
    await settle();
    const before = {
      scenario: structuredClone(state().scenario),
      parsed: structuredClone(state().parsed),
      nodes: state().frame?.nodes.length,
    };
    expect(before.parsed?.nodes).not.toBe(5);
    c.dispatch({ type: "load", scenario: refused as RawScenario, source: { kind: "default" }, title: "r" });
    await settle();
    expect(state().notices.at(-1)?.text).toBe("This scenario cannot run: the run is too long");
    expect(state().scenario).toEqual(before.scenario);
    // The parsed form is the shown run's, not the refused one's (Extend reads its `until`).
    expect(state().parsed).toEqual(before.parsed);
    expect(state().frame?.nodes).toHaveLength(before.nodes as number);
  });

  it("walks the fencing tour: the learner's action, then each condition in turn", async () => {
    const { c, state, worker, said } = setup();
    await settle();
    c.dispatch({ type: "tour-start", tour: fencingTour as Tour });
    await settle();
    expect(state().scenario.faults).toEqual([]);
    expect(state().tour?.phase).toBe("running");
    await playUntil(worker, () => state().tour?.phase === "done");
    expect(state().events.some((e) => e.type === "write" && e.result === "accepted")).toBe(true);
    c.dispatch({ type: "tour-next" });
    await settle();
    expect(state().tour?.phase).toBe("waiting-action");
    c.dispatch({ type: "tour-do" });
    await settle();
    expect(state().tour?.phase).toBe("running");
    expect(state().scenario.faults).toHaveLength(1);
    await playUntil(worker, () => state().tour?.phase === "done");
    c.dispatch({ type: "speed", speed: 10 });
    c.dispatch({ type: "tour-next" });
    await settle();
    await playUntil(worker, () => state().tour?.phase === "done");
    expect(state().tour?.index).toBe(2);
    const leaders = state().frame!.nodes.filter((n) => n.role === "leader").length;
    expect(leaders).toBeGreaterThan(0);
    c.dispatch({ type: "tour-next" });
    await settle();
    await playUntil(worker, () => state().tour?.phase === "done");
    expect(state().events.some((e) => e.type === "write" && e.result === "rejected")).toBe(true);
    expect(said.some((s) => /Step 4 done/.test(s))).toBe(true);
    // Back rewinds to where the previous step began.
    const t3 = state().tour!.starts[2]!.t;
    c.dispatch({ type: "tour-back" });
    await settle();
    expect(state().tour?.index).toBe(2);
    expect(state().frame?.t).toBe(t3);
  });

  it("a tour step that loads another preset starts it without its scripted faults", async () => {
    const { c, state } = setup();
    await settle();
    const tour: Tour = {
      preset: "billing-crash",
      scenario: { preset: "billing-crash", withoutFaults: true },
      title: "t",
      summary: "s",
      steps: [
        { title: "a", narration: "a", until: { type: "elapsed", for: "1s" } },
        {
          title: "b",
          narration: "b",
          load: { preset: "billing-gc-short-ttl", withoutFaults: true },
          until: { type: "leader" },
        },
      ],
    };
    c.dispatch({ type: "tour-start", tour });
    await settle();
    c.dispatch({ type: "tour-next" });
    await settle();
    expect(state().scenario).toEqual(presetScenario("billing-gc-short-ttl", { withoutFaults: true }));
    expect(state().tour?.index).toBe(1);
  });
  // Issue 18: a seek sends only the events and lanes the page lacks; what the page then holds
  // must be exactly what a fresh load of the same run to the same moment gives it.
  it("after seeks back and forth and actions, holds the same events, lanes and narration as a fresh load", async () => {
    const { c, state } = setup();
    await settle();
    for (const [t, act] of [
      [30_000, null],
      [12_000, { do: "pause", node: "n1", for: 3_000 }],
      [25_000, null],
      [4_000, null],
      [40_000, { do: "crash", node: "n2" }],
      [33_000, null],
    ] as const) {
      c.dispatch({ type: "seek", t });
      if (act) c.dispatch({ type: "act", faults: [act] });
      await settle();
    }
    await until(() => state().frame?.t === 33_000);
    const s = new Session();
    s.load(state().scenario, 33_000);
    expect(state().events.length).toBeGreaterThan(10);
    expect(state().events).toEqual(s.events);
    expect(state().lanes).toEqual(s.laneEvents);
    const ctx = newNarrationContext(state().frame!.protocol, state().parsed!.fencing);
    expect(state().narration.map((l) => l.text)).toEqual(narrateAll(s.events, ctx).map((l) => l.text));
  });
});
