// The headless session: one run a learner (or a test, a tour, the content check) drives with
// commands in data. It loads a scenario, acts (a fault appended at the current moment), steps
// (one raw event, the next visible one, or the next meaningful one), seeks forward and back
// through plain-data snapshots, and forks the script when an action lands before a scripted
// fault. It knows nothing of real time, threads or drawing: the playback clock
// (playback.ts) and the worker's message pump (src/worker/host.ts) sit on top of it.
//
// Invariant: the session's trace up to `now` equals a fresh createSimulation run of its
// `scenario` (the share link) to `now`, byte for byte (session.property.test.ts).
//
// Memory: with `traceWindow` set (the sandbox's worker), only the latest events of the full
// trace stay in memory, with the snapshots; with `eventsWindow`, only the latest narratable
// events (session-events.ts). The lanes are whole (lanes.ts). Anything older is rebuilt on
// demand from the invariant (session-rebuild.ts).
import { createSimulation, type Simulation } from "../sim.ts";
import { freshRun, logWindow, narratedRange, resumedFrom, type RunSource } from "./session-rebuild.ts";
import { ScenarioError } from "../scenario/schema.ts";
import {
  SANDBOX_MAX_NODES,
  SNAP_EVERY,
  sandboxSizeError,
  type Acted,
  type Changes,
  type Cursor,
  type FaultInput,
  type SessionCommand,
  type SessionOptions,
  type StepMode,
} from "./session-types.ts";
import type { Frame } from "../core/frame.ts";
import type { TraceEvent } from "../core/trace.ts";
import { TraceLog } from "../core/trace-log.ts";
import { explain, indexOfEvent, type Step } from "../explain/index.ts";
import { Lanes, type LaneEvent } from "./lanes.ts";
import { leanState, Snapshots, type Snapshot } from "./snapshots.ts";
import { runInChunks } from "./session-run.ts";
import { traceWindow } from "./window.ts";
import { stepRun } from "./session-step.ts";
import { NarratedEvents, sentSince } from "./session-events.ts";
import { actionTime, checkAppended, rawFaults, splitScript } from "./session-script.ts";

export class Session {
  private sim: Simulation | null = null;
  private raw: Record<string, unknown> = {};
  private readonly snaps: Snapshots;
  private lanes = new Lanes(0);
  private ev: NarratedEvents;
  private readonly snapEvery: number;
  private readonly level: "full" | "roles";
  private readonly sampling: boolean;
  private readonly sample = () => {
    if (this.sampling) this.lanes.sample((this.sim as Simulation).state);
    return false;
  };

  private readonly maxNodes: number;
  private readonly keep: number;
  private readonly keepEvents: number;
  private readonly estimate: boolean;

  constructor(opts: SessionOptions = {}) {
    this.maxNodes = opts.maxNodes ?? SANDBOX_MAX_NODES;
    this.snapEvery = opts.snapEvery ?? SNAP_EVERY;
    this.snaps = new Snapshots(this.snapEvery);
    this.level = opts.trace ?? "full";
    this.sampling = opts.lanes ?? true;
    this.keep = opts.traceWindow ?? Infinity;
    this.keepEvents = opts.eventsWindow ?? Infinity;
    this.estimate = opts.estimate ?? true;
    this.ev = new NarratedEvents(this.keepEvents);
  }

  get loaded(): boolean {
    return this.sim !== null;
  }

  /** The live simulation (read it; change it only through the session). */
  get simulation(): Simulation {
    if (!this.sim) throw new Error("no scenario is loaded");
    return this.sim;
  }

  /** The scenario as given, with every action so far: the share link of this run. */
  get scenario(): Record<string, unknown> {
    return this.raw;
  }

  get now(): number {
    return this.simulation.now;
  }

  get until(): number {
    return this.simulation.scenario.until;
  }

  get ended(): boolean {
    return this.now >= this.until;
  }

  /** The whole trace so far as an array of events (rebuilt by a fresh run when the window has
   *  dropped its start). */
  get trace(): readonly TraceEvent[] {
    return this.log.toArray();
  }

  /** The whole trace so far, as stored (what the worker digests and sends as JSON). */
  get log(): TraceLog {
    const sim = this.simulation;
    if (this.base === 0) return sim.log;
    return this.freshRun(() => false, this.traceLength).log;
  }

  /** How many trace events the run has recorded so far (kept or not). */
  get traceLength(): number {
    return this.base + this.simulation.log.length;
  }

  /** Snapshots held now (they thin with age). */
  get snapshotCount(): number {
    return this.snaps.count;
  }

  /** Narratable events (the window), historic ones and lane samples held in memory now. */
  get held(): { events: number; history: number; lanes: number } {
    return { events: this.ev.list.length, history: this.ev.hist.length, lanes: this.lanes.list.length };
  }

  /** Events dropped from the front of the live trace (0 while it is whole). */
  get traceBase(): number {
    return this.base;
  }

  private get base(): number {
    return this.simulation.state.traceBase ?? 0;
  }

  /** The trace without message traffic: what the page narrates and tours check. The whole list
   *  (rebuilt by a re-run when the window has dropped its start: read eventCount, recentEvents
   *  or eventsBetween instead where a part will do). */
  get events(): readonly TraceEvent[] {
    this.syncEvents();
    return this.ev.base === 0 ? this.ev.list : this.eventsBetween(0, this.eventCount);
  }

  /** How many narratable events the run has had so far (kept or not). */
  get eventCount(): number {
    this.syncEvents();
    return this.ev.count;
  }

  /** The narratable events held: the latest ones, the first at whole-run index eventsBase. */
  get recentEvents(): readonly TraceEvent[] {
    this.syncEvents();
    return this.ev.list;
  }

  get eventsBase(): number {
    return this.ev.base;
  }

  /** The historic events of the whole run so far (window.ts historic), and their whole-run indices. */
  get history(): { events: readonly TraceEvent[]; at: readonly number[] } {
    this.syncEvents();
    return { events: this.ev.hist, at: this.ev.histAt };
  }

  /** Narratable events from whole-run index `from` to `to` (excluded; at most the count so
   *  far): from the window, or by a re-run from the latest snapshot before `from` when it lies
   *  before the window. */
  eventsBetween(from: number, to: number): TraceEvent[] {
    const end = Math.min(to, this.eventCount);
    const start = Math.max(0, Math.min(from, end));
    if (start >= this.ev.base) return this.ev.list.slice(start - this.ev.base, end - this.ev.base);
    return narratedRange(this.source(), this.snaps.atOrBeforeEvent(start), start, end);
  }

  get laneEvents(): readonly LaneEvent[] {
    return this.lanes.list;
  }

  frame(): Frame {
    return this.simulation.frame();
  }

  /** Nodes that believe they lead now. */
  leaders(): Set<string> {
    return new Set(this.simulation.state.nodes.filter((n) => n.believes).map((n) => n.id));
  }

  /** The highest term (the protocol's own number) of any node now. */
  maxTerm(): number {
    return Math.max(0, ...this.simulation.state.nodes.map((n) => n.term));
  }

  /** Start a new run of `scenario` and move to `at`. Throws ScenarioError (naming the field)
   *  and leaves the current run as it was when the scenario is refused. */
  load(scenario: unknown, at = 0): void {
    const sim = createSimulation(scenario, { trace: this.level, estimate: this.estimate });
    const tooBig = sandboxSizeError(sim.state.nodes.length, this.maxNodes);
    if (tooBig) throw tooBig;
    this.sim = sim;
    this.raw = structuredClone(scenario) as Record<string, unknown>;
    this.snaps.clear();
    this.lanes = new Lanes(sim.state.nodes.length);
    this.ev = new NarratedEvents(this.keepEvents);
    this.lanes.sample(sim.state);
    this.takeSnap();
    this.advanceTo(Math.max(0, at || 0));
  }

  /** Run forward to t (at most the end), snapshotting at every boundary on the way. */
  advanceTo(t: number): void {
    this.runTo(Math.min(t, this.until));
  }

  /** Move to t, forward by running or back by resuming the latest snapshot before it. */
  seek(t: number): void {
    const sim = this.simulation;
    const target = Math.min(Math.max(0, Number.isFinite(t) ? t : 0), sim.scenario.until);
    if (target < sim.now) this.resumeFrom(this.snaps.atOrBefore(target));
    this.advanceTo(target);
  }

  /** Step forward (session-step.ts); false when the run had already ended. */
  step(mode: StepMode = "visible"): boolean {
    return stepRun(this.simulation, mode, {
      sample: this.sample,
      runTo: (t, stop) => this.runTo(t, stop),
      traceLength: () => this.traceLength,
      base: () => this.base,
    });
  }

  /** Append faults at the current moment (just after the last processed event) and apply them
   *  at once, in order, with any other fault due then: one action is one moment, so a one-way
   *  re-cut (heal, then cut the other way) is one act. Acting before a scripted fault forks the
   *  run: the script is replaced from this moment on. Throws ScenarioError, changing nothing,
   *  when a fault is invalid or the run has ended. Only the appended faults are validated. */
  act(faults: FaultInput | readonly FaultInput[]): Acted {
    const sim = this.simulation;
    const at = actionTime(sim);
    const inputs = (Array.isArray(faults) ? faults : [faults]).map((f: FaultInput) => ({ ...f, at }));
    if (inputs.length === 0) throw new ScenarioError("faults", "an action needs at least one fault");
    const { keep, drop } = splitScript(sim, at);
    checkAppended(sim, keep.length, inputs, this.estimate); // before anything changes
    const script = rawFaults(this.raw);
    const keptSet = new Set(keep);
    const removed = script.map((_, i) => i).filter((i) => !keptSet.has(i));
    if (at > sim.now) sim.runUntil(at, this.sample);
    if (drop > 0) sim.replaceFaults(keep.map((i) => sim.state.scenario.faults[i]));
    const eventIndex = this.eventCount;
    for (const input of inputs) sim.addFault(input);
    // Apply them now (and any other fault due at this instant, as a continuous run would), so
    // their effect shows even while time is paused. Queued events of the instant wait for play.
    while (sim.nextFaultAt() <= at) {
      sim.step();
      this.sample();
    }
    this.raw = { ...this.raw, faults: [...(drop > 0 ? keep.map((i) => script[i]) : script), ...inputs] };
    return { at, fault: inputs[0], faults: inputs, dropped: drop, removed, eventIndex };
  }

  /** Drop every scripted fault from the current moment on (the run continues without them);
   *  returns how many were dropped. */
  fork(): number {
    const sim = this.simulation;
    const at = actionTime(sim);
    const { keep, drop } = splitScript(sim, at);
    if (drop === 0) return 0;
    if (at > sim.now) sim.runUntil(at, this.sample);
    const script = rawFaults(this.raw);
    sim.replaceFaults(keep.map((i) => sim.state.scenario.faults[i]));
    this.raw = { ...this.raw, faults: keep.map((i) => script[i]) };
    return drop;
  }

  apply(cmd: SessionCommand): Acted | number | boolean | void {
    switch (cmd.type) {
      case "act":
        return this.act(cmd.fault);
      case "seek":
        return this.seek(cmd.t);
      case "step":
        return this.step(cmd.mode);
      case "fork":
        return this.fork();
    }
  }

  /** What the trace and the lanes gained since a cursor: narratable events (the latest
   *  `maxEvents` of them), historic ones, up to `maxSent` message sends for drawing, and lane
   *  samples. */
  changesSince(cursor: Cursor, maxSent: number, maxEvents = Infinity): Changes {
    const { sent, sentSkipped } = sentSince(this.simulation.log, this.base, cursor.trace, maxSent);
    const count = this.eventCount;
    const eventsFrom = Math.min(count, Math.max(cursor.events, count - maxEvents));
    const events = this.eventsBetween(eventsFrom, count);
    const history = this.ev.hist.slice(cursor.history);
    const historyAt = this.ev.histAt.slice(cursor.history);
    const lanes = this.lanes.list.slice(cursor.lanes);
    return { events, eventsFrom, history, historyAt, sent, sentSkipped, lanes, cursor: this.cursor() };
  }

  cursor(): Cursor {
    return {
      trace: this.traceLength,
      lanes: this.lanes.list.length,
      events: this.eventCount,
      history: this.ev.hist.length,
    };
  }

  /** The log table's window of the trace (re-run from the snapshot before `from` when the
   *  window of kept events starts later). */
  window(from: number, to: number, limit: number): { events: TraceEvent[]; truncated: boolean } {
    if (!this.sim) return { events: [], truncated: false };
    const live = this.sim.log;
    if (this.base === 0 || (live.length > 0 && from > live.tAt(0))) return traceWindow(live, from, to, limit);
    return logWindow(this.source(), this.snaps.atOrBefore(from), from, to, limit, this.traceLength);
  }

  /** The causal chain of an event of this run (matched by value), or null when it is not in
   *  the trace. An event older than the kept window is found in a fresh run to its moment. */
  explain(event: TraceEvent): Step[] | null {
    if (!this.sim) return null;
    // A copy for the scan, dropped after it (the log keeps the run's trace compact). Its causes
    // may lie anywhere before it: past the kept window, explain it in the whole trace to its instant.
    const log =
      this.base > 0
        ? this.freshRun((tr) => tr.length > 0 && tr.tAt(tr.length - 1) > event.t, this.traceLength).log
        : this.sim.log;
    const trace = log.toArray();
    const i = indexOfEvent(trace, event);
    return i === null ? null : explain(trace, i).chain;
  }

  // ---- internals ----------------------------------------------------------------------------

  private syncEvents(): void {
    this.ev.sync(this.simulation.log, this.base);
  }

  /** What a rebuild (session-rebuild.ts) starts from. */
  private source(): RunSource {
    return { raw: this.raw, level: this.level, estimate: this.estimate, live: this.simulation };
  }

  private freshRun(stop: (trace: TraceLog) => boolean, len: number): Simulation {
    return freshRun(this.source(), stop, len);
  }

  /** Drop the oldest trace events beyond the window (all of them already narrated). */
  private trimTrace(): void {
    const log = this.simulation.log;
    if (log.length <= this.keep * 1.25) return;
    const cut = log.length - this.keep;
    log.dropFront(cut);
    this.simulation.state.traceBase = this.base + cut;
  }

  /** Run to t in snapshot-sized chunks; `stop` (checked after every event) may end it early. */
  private runTo(t: number, stop?: () => boolean): void {
    runInChunks(this.simulation, t, {
      snapEvery: this.snapEvery,
      keep: this.keep,
      sample: this.sampling || stop ? this.sample : undefined,
      stop,
      full: () => {
        this.syncEvents();
        this.trimTrace();
        this.ev.trim();
      },
      boundary: () => this.takeSnap(),
    });
  }

  private takeSnap(): void {
    const sim = this.simulation;
    const last = this.snaps.latest;
    if (last && last.t >= sim.now) return;
    this.syncEvents();
    this.snaps.add({
      t: sim.now,
      ...leanState(sim.state),
      traceLen: this.traceLength,
      ...this.ev.mark(),
      lanes: this.lanes.mark(),
    });
    if (this.keep !== Infinity) this.trimTrace();
    this.ev.trim();
  }

  private resumeFrom(snap: Snapshot): void {
    const cur = this.simulation;
    // The trace is cut back in place, not copied: the run being left is not used again. A
    // snapshot older than the kept window starts an empty one.
    const trace = cur.log;
    const base = this.base;
    trace.truncate(snap.traceLen >= base ? snap.traceLen - base : 0);
    this.sim = resumedFrom(this.source(), snap, Math.min(base, snap.traceLen), trace);
    this.lanes.restore(snap.lanes);
    this.ev.restore(snap);
    this.snaps.dropAfter(snap.t);
  }
}
