// The guided-tour machine: one pure reducer, (state, event) -> (state, commands). The sandbox
// controller feeds it what the page sees (frames from the worker) and carries out its commands
// through the worker; the headless check (tour-headless.ts) feeds it what the session sees and
// carries them out on a session. Same machine, so the content check proves what the learner runs.
import type { TraceEvent } from "../core/trace.ts";
import { actionMatches, conditionMet, intentMismatch, stopTime, type Condition } from "./tour-conditions.ts";
import { stepScenario, tourScenario, type TourScenario } from "./tour-scenario.ts";
import type { ScenarioRef } from "../index.ts";

/** What the machine needs of a tour (the file format in src/sandbox/tour-rules.ts has more). */
export interface TourStepSpec {
  title: string;
  /** switch to another scenario at the start of this step */
  load?: ScenarioRef;
  action?: { fault: Record<string, unknown>; by: "learner" | "auto" };
  until?: Condition;
}

export interface TourSpec {
  preset: string;
  /** the run it starts with */
  scenario: ScenarioRef;
  title: string;
  steps: readonly TourStepSpec[];
}

export interface TourState<T extends TourSpec = TourSpec> {
  tour: T;
  index: number;
  /** waiting for the learner's action, running until the condition, or the step is done */
  phase: "starting" | "waiting-action" | "running" | "done";
  fromEvent: number;
  fromT: number;
  leadersAtStart: string[];
  /** where each step began, so Back can rewind there */
  starts: Array<{ t: number; scenario: Record<string, unknown> } | undefined>;
  /** the run ended before the step's condition held */
  ended: boolean;
  /** the step to begin when the next reset (a load or seek) arrives, or null */
  beginAfterReset: number | null;
  /** the learner's move on this step would not do what the step's does: why, in words (the
   *  step waits for the move, or for "Do it for me", which rewinds first) */
  offPlan: string | null;
  /** take the step's action as soon as it begins ("Do it for me" after a rewind) */
  doOnBegin: boolean;
}

/** What is on screen when an event happens. */
export interface TourView {
  /** a frame is showing (nothing can be judged before the first) */
  live: boolean;
  t: number;
  scenario: Record<string, unknown>;
  /** the narratable events of the run on screen: the latest ones, the first at whole-run
   *  index eventsBase (0: all of them) */
  events: readonly TraceEvent[];
  eventsBase?: number;
  leaders: ReadonlySet<string>;
  maxTerm: number;
  /** the run is at its end */
  ended: boolean;
}

export type TourEvent<T extends TourSpec = TourSpec> =
  | { type: "start"; tour: T; view: TourView }
  | { type: "next"; view: TourView }
  | { type: "back"; view: TourView }
  /** "Do it for me": take the step's action (after rewinding to the move, when it went off plan
   *  or the run ended first) */
  | { type: "do"; view: TourView }
  /** rewind to where the step's move (the last one at or before it) was to be made */
  | { type: "retry"; view: TourView }
  | { type: "exit"; view: TourView }
  /** a load or a seek has been shown (the run on screen was replaced) */
  | { type: "reset"; view: TourView }
  /** a new frame is showing */
  | { type: "frame"; view: TourView }
  /** an action was applied: the fault as applied, its moment, and how many events preceded it */
  | { type: "acted"; fault: Record<string, unknown>; at: number; eventIndex: number; view: TourView };

type ActFault = Record<string, unknown> & { do: string };

export type TourCommand =
  /** open a scenario; `source` names the preset it came from (absent: keep the source shown) */
  | { type: "load"; scenario: Record<string, unknown>; source?: string; title?: string; at: number }
  | { type: "seek"; t: number }
  | { type: "play" }
  | { type: "pause" }
  | { type: "act"; fault: ActFault }
  /** keep the run going for `by` ms more (its end moves; the run reloads where it is) */
  | { type: "extend"; by: number }
  /** pause exactly when simulated time reaches t (null: clear) */
  | { type: "stop-at"; t: number | null }
  /** a polite live-region message */
  | { type: "announce"; text: string }
  /** an error notice */
  | { type: "notice"; text: string };

export interface TourResult<T extends TourSpec = TourSpec> {
  state: TourState<T> | null;
  commands: TourCommand[];
}

const loadCommand = (sc: TourScenario, title: string): TourCommand => ({
  type: "load",
  scenario: sc.scenario,
  source: sc.source ?? undefined,
  title,
  at: 0,
});

export function reduceTour<T extends TourSpec>(
  state: TourState<T> | null,
  event: TourEvent<T>,
): TourResult<T> {
  const out: TourCommand[] = [];
  const view = event.view;

  const check = (tr: TourState<T>): TourState<T> => {
    if (tr.phase !== "running" || !view.live) return tr;
    const step = tr.tour.steps[tr.index];
    const met =
      !step.until ||
      conditionMet(step.until, {
        events: view.events,
        eventsBase: view.eventsBase,
        fromEvent: tr.fromEvent,
        fromT: tr.fromT,
        now: view.t,
        leadersAtStart: new Set(tr.leadersAtStart),
        leadersNow: view.leaders,
        maxTerm: view.maxTerm,
      });
    if (!met && !view.ended) return tr;
    out.push(
      { type: "stop-at", t: null },
      { type: "pause" },
      { type: "announce", text: `Step ${tr.index + 1} done: ${step.title}.` },
    );
    return { ...tr, phase: "done", ended: !met && view.ended };
  };

  /** Play a step; one that lasts a set time stops exactly when it ends, at any speed. */
  const run = (until: Condition | undefined, fromT: number) => {
    out.push({ type: "stop-at", t: stopTime(until, fromT) }, { type: "play" });
  };

  const begin = (tr: TourState<T>, index: number): TourState<T> => {
    const step = tr.tour.steps[index];
    const starts = tr.starts.slice();
    starts[index] = { t: view.t, scenario: view.scenario };
    const doIt = tr.doOnBegin;
    const base: TourState<T> = {
      ...tr,
      index,
      starts,
      ended: false,
      beginAfterReset: null,
      offPlan: null,
      doOnBegin: false,
      fromEvent: (view.eventsBase ?? 0) + view.events.length,
      fromT: view.t,
      leadersAtStart: [...view.leaders],
    };
    if (step.action && step.action.by === "learner" && !doIt) {
      out.push({ type: "pause" });
      return { ...base, phase: "waiting-action" };
    }
    if (step.action) {
      out.push({ type: "act", fault: step.action.fault as ActFault });
      return { ...base, phase: "waiting-action" };
    }
    run(step.until, base.fromT);
    return check({ ...base, phase: "running" });
  };

  const enter = (tr: TourState<T>, index: number, back: boolean): TourState<T> => {
    const step = tr.tour.steps[index];
    const next: TourState<T> = { ...tr, index, phase: "starting" };
    out.push({ type: "pause" });
    if (step.load) {
      const sc = stepScenario(step.load);
      if (!sc) {
        out.push({ type: "notice", text: `The tour names a preset that does not exist: ${step.load}` });
        return next;
      }
      out.push(loadCommand(sc, tr.tour.title));
      return { ...next, beginAfterReset: index };
    }
    const start = back ? tr.starts[index] : undefined;
    if (start) {
      if (JSON.stringify(start.scenario) === JSON.stringify(view.scenario))
        out.push({ type: "seek", t: start.t });
      else out.push({ type: "load", scenario: start.scenario, at: start.t });
      return { ...next, beginAfterReset: index };
    }
    return begin(next, index);
  };

  const result = (s: TourState<T> | null): TourResult<T> => ({ state: s, commands: out });

  if (event.type === "start") {
    const sc = tourScenario(event.tour);
    if (!sc) {
      out.push({ type: "notice", text: `The tour names a preset that does not exist: ${event.tour.preset}` });
      return result(state);
    }
    out.push(loadCommand(sc, event.tour.title));
    return result({
      tour: event.tour,
      index: 0,
      phase: "starting",
      fromEvent: 0,
      fromT: 0,
      leadersAtStart: [],
      starts: [],
      ended: false,
      beginAfterReset: 0,
      offPlan: null,
      doOnBegin: false,
    });
  }
  if (!state) return result(null);
  const tr = state;
  const step = tr.tour.steps[tr.index];
  /** The step whose move leads here: the last step at or before this one with an action. */
  const moveIndex = (): number => {
    for (let i = tr.index; i >= 0; i--) if (tr.tour.steps[i].action) return i;
    return tr.index;
  };
  /** Rewind to the move's step (and take its action there when `doIt`). A step that began at
   *  the run's very end has nothing to rewind to: the run is extended instead. */
  const rewind = (doIt: boolean): TourState<T> => {
    const k = moveIndex();
    const start = tr.starts[k];
    if (view.ended && start && start.t >= view.t && !tr.tour.steps[k].load) {
      out.push({ type: "pause" }, { type: "extend", by: 30_000 });
      return { ...tr, index: k, phase: "starting", beginAfterReset: k, doOnBegin: doIt, offPlan: null };
    }
    return enter({ ...tr, doOnBegin: doIt, offPlan: null }, k, true);
  };
  switch (event.type) {
    case "next":
      // Never past a step whose event did not happen: the next step's words would claim it.
      if (tr.ended || tr.offPlan) return result(tr);
      return result(tr.index < tr.tour.steps.length - 1 ? enter(tr, tr.index + 1, false) : tr);
    case "retry":
      return result(rewind(false));
    case "back":
      return result(tr.index > 0 ? enter(tr, tr.index - 1, true) : tr);
    case "do":
      if (step.action && tr.phase === "waiting-action" && !tr.offPlan && !view.ended) {
        out.push({ type: "act", fault: step.action.fault as ActFault });
        return result(tr);
      }
      if (tr.offPlan || tr.ended || view.ended) return result(rewind(true));
      return result(tr);
    case "exit":
      out.push({ type: "stop-at", t: null });
      return result(null);
    case "reset":
    case "frame": {
      let s = tr;
      if (event.type === "reset" && s.beginAfterReset !== null) s = begin(s, s.beginAfterReset);
      return result(check(s));
    }
    case "acted": {
      if (tr.phase !== "waiting-action" || !step.action) return result(tr);
      if (!actionMatches(step.action.fault, event.fault, view.leaders)) {
        // Another move first: the step still waits for its own, but says the run has left the
        // tour's path (review 14b #1: a move the tour did not expect went unremarked).
        const offPlan = "That was not this step's move, so the run may no longer go as the tour says.";
        out.push({ type: "announce", text: offPlan });
        return result({ ...tr, offPlan });
      }
      const mismatch = intentMismatch(step.action.fault, event.fault);
      if (mismatch) {
        out.push({ type: "pause" }, { type: "announce", text: mismatch });
        return result({ ...tr, offPlan: mismatch });
      }
      run(step.until, event.at);
      return result({
        ...tr,
        phase: "running",
        offPlan: null,
        fromEvent: event.eventIndex,
        fromT: event.at,
      });
    }
  }
}
