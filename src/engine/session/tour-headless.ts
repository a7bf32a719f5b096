// Runs a guided tour to its end without a page: the tour machine (tour-machine.ts) over a
// session and its playback clock, driven as a learner drives the sandbox who presses "Do it
// for me" at once and Next as soon as a step is done, with each step playing in display
// frames. The content check and the tests use it to prove that every step's end condition
// really happens, through the same machine the sandbox runs.
import type { TraceEvent } from "../core/trace.ts";
import { Playback } from "./playback.ts";
import { Session } from "./session.ts";
import { describeCondition } from "./tour-conditions.ts";
import {
  reduceTour,
  type TourCommand,
  type TourEvent,
  type TourSpec,
  type TourState,
  type TourView,
} from "./tour-machine.ts";

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

export function runTour<T extends TourSpec>(tour: T, opts: TourRunOptions = {}): TourRun {
  const frameMs = opts.frameMs ?? 16;
  const maxFrames = opts.maxFrames ?? 200_000;
  const session = new Session();
  const clock = new Playback(session);
  clock.setSpeed(opts.speed ?? 10);
  let real = 0;
  let state: TourState<T> | null = null;
  let error: string | null = null;
  let actedAt: number | null = null;
  /** what the worker would have posted, in order, waiting for the page to read it */
  const inbox: TourEvent<T>[] = [];

  const view = (frozen = false): TourView =>
    session.loaded
      ? {
          live: true,
          t: session.now,
          scenario: session.scenario,
          events: frozen ? session.events.slice() : session.events,
          leaders: session.leaders(),
          maxTerm: session.maxTerm(),
          ended: session.ended,
        }
      : { live: false, t: 0, scenario: {}, events: [], leaders: new Set(), maxTerm: 0, ended: false };

  const exec = (c: TourCommand) => {
    switch (c.type) {
      case "load":
        try {
          session.load(c.scenario, c.at);
        } catch (err) {
          error = (err as Error).message;
          return;
        }
        clock.loaded(false, clock.speed, real);
        inbox.push({ type: "reset", view: view() });
        return;
      case "seek":
        clock.setStop(null);
        session.seek(c.t);
        clock.sought();
        inbox.push({ type: "reset", view: view() });
        return;
      case "extend": {
        exec({
          type: "load",
          scenario: { ...session.scenario, until: session.until + c.by },
          at: session.now,
        });
        return;
      }
      case "play":
        return clock.play(real);
      case "pause":
        return clock.pause();
      case "stop-at":
        return clock.setStop(c.t);
      case "act": {
        // The page judges the action against the frame it showed before the action applied.
        const before = view(true);
        try {
          const a = session.act(c.fault);
          actedAt = a.at;
          inbox.push(
            { type: "acted", fault: a.fault, at: a.at, eventIndex: a.eventIndex, view: before },
            { type: "frame", view: view() },
          );
        } catch (err) {
          error = (err as Error).message;
        }
        return;
      }
      case "notice":
        error = c.text;
        return;
      case "announce":
        return;
    }
  };

  /** Feed one event, carry out its commands, then read what they caused, as the page would. */
  const feed = (e: TourEvent<T>) => {
    inbox.push(e);
    while (inbox.length) {
      const r = reduceTour(state, inbox.shift() as TourEvent<T>);
      state = r.state;
      r.commands.forEach(exec);
    }
  };
  const cur = () => state as TourState<T> | null;

  const steps: TourStepRun[] = [];
  const fail = (i: number, why: string): TourRun => ({
    ok: false,
    steps,
    problem: `steps.${i}: ${why}`,
    events: session.loaded ? session.events.slice() : [],
  });

  feed({ type: "start", tour, view: view() });
  if (cur()?.phase === "starting" || !cur())
    return fail(0, `the tour's preset does not load: ${error ?? "no such preset"}`);

  for (let i = 0; i < tour.steps.length; i++) {
    const step = tour.steps[i];
    error = null;
    actedAt = null;
    if (i > 0) feed({ type: "next", view: view() });
    if (cur()?.index !== i || cur()?.phase === "starting")
      return fail(i, `the step's scenario does not load: ${error ?? "no answer"}`);
    if (cur()?.phase === "waiting-action" && actedAt === null && !error) feed({ type: "do", view: view() });
    if (step.action) {
      if (error || actedAt === null) return fail(i, `the action was refused: ${error ?? "no answer"}`);
      if (cur()?.phase === "waiting-action")
        return fail(i, "the applied fault does not match the step's action");
    }
    for (let f = 0; f < maxFrames && cur()?.phase === "running"; f++) {
      real += frameMs;
      clock.tick(real);
      feed({ type: "frame", view: view() });
    }
    const tr = cur() as TourState<T>;
    const met = tr.phase === "done" && !tr.ended;
    steps.push({ title: step.title, from: tr.starts[i]?.t ?? 0, acted: actedAt, to: session.now, met });
    if (!met) {
      const why = step.until ? describeCondition(step.until) : "";
      return fail(i, `"${step.title}" never ended ${why} (the run ended at ${session.now / 1000} s)`);
    }
  }
  return { ok: true, steps, problem: null, events: session.events.slice() };
}
