// Runs a guided tour to its end without a page: the same SimHost the worker runs, driven the
// way the sandbox drives it (the learner presses "Do it for me" at once, then each step plays
// in display frames until its condition holds). The content check and the tests use it to
// prove that every step's end condition really happens in the engine.
import type { Simulation, TraceEvent } from "../engine/index.ts";
import { SimHost } from "../worker/host.ts";
import type { FromWorker } from "../worker/protocol.ts";
import { actionMatches, conditionMet, describeCondition, stepScenario, stopTime, tourScenario, type Tour } from "./tour-rules.ts";

export interface TourStepRun {
  title: string;
  /** simulated time the step began, its action was applied (or null), and it ended */
  from: number;
  acted: number | null;
  to: number;
  met: boolean;
}

export interface TourRun {
  /** every step's condition held, in order */
  ok: boolean;
  steps: TourStepRun[];
  /** what went wrong, as "steps.N: ..." (null when ok) */
  problem: string | null;
  /** the narratable events of the last run the tour had on screen */
  events: TraceEvent[];
}

export interface TourRunOptions {
  /** playback speed (the sandbox's 0.1x to 100x) */
  speed?: number;
  /** real milliseconds per display frame */
  frameMs?: number;
  /** give up on a step after this many frames */
  maxFrames?: number;
}

export function runTour(tour: Tour, opts: TourRunOptions = {}): TourRun {
  const speed = opts.speed ?? 10;
  const frameMs = opts.frameMs ?? 16;
  const maxFrames = opts.maxFrames ?? 200_000;
  let clock = 0;
  let events: TraceEvent[] = [];
  let acted: { at: number; fault: Record<string, unknown> } | null = null;
  let failed: string | null = null;
  let queueAck = false;
  const host = new SimHost({
    post: (m: FromWorker) => {
      if (m.type === "reset") events = m.events.slice();
      else if (m.type === "delta") events.push(...m.events);
      else if (m.type === "acted") acted = { at: m.at, fault: m.fault };
      else if (m.type === "error") failed = m.message;
      // The page acknowledges each frame once it has drawn it.
      if (m.type === "reset" || m.type === "delta") queueAck = true;
    },
    now: () => clock,
  });
  const ack = () => {
    if (queueAck) {
      queueAck = false;
      host.handle({ type: "ack" });
    }
  };
  const sim = () => host.simulation as Simulation;
  const leaders = () => new Set(sim().state.nodes.filter((n) => n.believes).map((n) => n.id));
  const maxTerm = () => Math.max(0, ...sim().state.nodes.map((n) => n.term));

  const load = (sc: Record<string, unknown>) => {
    host.handle({ type: "load", scenario: sc, at: 0, playing: false, speed });
    ack();
  };

  const steps: TourStepRun[] = [];
  const fail = (i: number, why: string): TourRun => ({ ok: false, steps, problem: `steps.${i}: ${why}`, events });
  load(tourScenario(tour).scenario);
  if (failed) return fail(0, `the tour's preset does not load: ${failed}`);

  for (let i = 0; i < tour.steps.length; i++) {
    const step = tour.steps[i];
    const next = stepScenario(step);
    if (next) load(next.scenario);
    const from = sim().now;
    let fromT = from;
    let fromEvent = events.length;
    const leadersAtStart = leaders();
    let actedAt: number | null = null;
    if (step.action) {
      acted = null;
      host.handle({ type: "act", id: i + 1, fault: step.action.fault as Record<string, unknown> & { do: string } });
      ack();
      if (failed || !acted) return fail(i, `the action was refused: ${failed ?? "no answer"}`);
      const a = acted as { at: number; fault: Record<string, unknown> };
      if (!actionMatches(step.action.fault, a.fault, leaders())) return fail(i, "the applied fault does not match the step's action");
      actedAt = a.at;
      fromT = a.at;
      // As in the sandbox: the step counts from the moment the action was confirmed.
      fromEvent = events.length;
    }
    const check = () =>
      !step.until ||
      conditionMet(step.until, { events, fromEvent, fromT, now: sim().now, leadersAtStart, leadersNow: leaders(), maxTerm: maxTerm() });
    host.handle({ type: "stop-at", t: stopTime(step.until, fromT) });
    host.handle({ type: "play" });
    let met = check();
    for (let f = 0; f < maxFrames && !met; f++) {
      if (sim().now >= sim().scenario.until) break;
      clock += frameMs;
      host.tick();
      ack();
      met = check();
    }
    host.handle({ type: "pause" });
    ack();
    host.handle({ type: "stop-at", t: null });
    steps.push({ title: step.title, from, acted: actedAt, to: sim().now, met });
    if (!met) {
      const why = step.until ? describeCondition(step.until) : "";
      return fail(i, `"${step.title}" never ended ${why} (the run ended at ${sim().now / 1000} s)`);
    }
  }
  return { ok: true, steps, problem: null, events };
}
