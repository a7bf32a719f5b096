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
// demand from the invariant (session-rebuild.ts). What it holds of the run besides the live
// simulation is in session-memory.ts; the changes to its script (act, fork) in session-script.ts.
import { createSimulation, type Simulation } from "../sim.ts";
import { explainEvent, freshRun, logWindow, narratedRange, type RunSource } from "./session-rebuild.ts";
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
import type { Step } from "../explain/index.ts";
import type { LaneEvent } from "./lanes.ts";
import { runInChunks } from "./session-run.ts";
import { traceWindow } from "./window.ts";
import { stepRun } from "./session-step.ts";
import { sentSince } from "./session-events.ts";
import { appendFaults, forkScript } from "./session-script.ts";
import { RunMemory, traceBaseOf } from "./session-memory.ts";

export class Session {
  private sim: Simulation | null = null;
  private raw: Record<string, unknown> = {};
  private readonly mem: RunMemory;
  private readonly snapEvery: number;
  private readonly level: "full" | "roles";
  private readonly sampling: boolean;
  private readonly sample = () => {
    if (this.sampling) this.mem.lanes.sample((this.sim as Simulation).state);
    return false;
  };

  private readonly maxNodes: number;
  private readonly keep: number;
  private readonly estimate: boolean;

  constructor(opts: SessionOptions = {}) {
    this.maxNodes = opts.maxNodes ?? SANDBOX_MAX_NODES;
    this.snapEvery = opts.snapEvery ?? SNAP_EVERY;
    this.level = opts.trace ?? "full";
    this.sampling = opts.lanes ?? true;
    this.keep = opts.traceWindow ?? Infinity;
    this.estimate = opts.estimate ?? true;
    this.mem = new RunMemory(this.snapEvery, this.keep, opts.eventsWindow ?? Infinity);
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
    return freshRun(this.source(), () => false, this.traceLength).log;
  }

  /** How many trace events the run has recorded so far (kept or not). */
  get traceLength(): number {
    return this.base + this.simulation.log.length;
  }

  /** Snapshots held now (they thin with age). */
  get snapshotCount(): number {
    return this.mem.snaps.count;
  }

  /** Narratable events (the window), historic ones and lane samples held in memory now. */
  get held(): { events: number; history: number; lanes: number } {
    const { ev, lanes } = this.mem;
    return { events: ev.list.length, history: ev.hist.length, lanes: lanes.list.length };
  }

  /** Events dropped from the front of the live trace (0 while it is whole). */
  get traceBase(): number {
    return this.base;
  }

  private get base(): number {
    return traceBaseOf(this.simulation);
  }

  /** The trace without message traffic: what the page narrates and tours check. The whole list
   *  (rebuilt by a re-run when the window has dropped its start: read eventCount, recentEvents
   *  or eventsBetween instead where a part will do). */
  get events(): readonly TraceEvent[] {
    this.syncEvents();
    return this.mem.ev.base === 0 ? this.mem.ev.list : this.eventsBetween(0, this.eventCount);
  }

  /** How many narratable events the run has had so far (kept or not). */
  get eventCount(): number {
    this.syncEvents();
    return this.mem.ev.count;
  }

  /** The narratable events held: the latest ones, the first at whole-run index eventsBase. */
  get recentEvents(): readonly TraceEvent[] {
    this.syncEvents();
    return this.mem.ev.list;
  }

  get eventsBase(): number {
    return this.mem.ev.base;
  }

  /** The historic events of the whole run so far (window.ts historic), and their whole-run indices. */
  get history(): { events: readonly TraceEvent[]; at: readonly number[] } {
    this.syncEvents();
    return { events: this.mem.ev.hist, at: this.mem.ev.histAt };
  }

  /** Narratable events from whole-run index `from` to `to` (excluded; at most the count so
   *  far): from the window, or by a re-run from the latest snapshot before `from` when it lies
   *  before the window. */
  eventsBetween(from: number, to: number): TraceEvent[] {
    const end = Math.min(to, this.eventCount);
    const start = Math.max(0, Math.min(from, end));
    const { ev, snaps } = this.mem;
    if (start >= ev.base) return ev.list.slice(start - ev.base, end - ev.base);
    return narratedRange(this.source(), snaps.atOrBeforeEvent(start), start, end);
  }

  get laneEvents(): readonly LaneEvent[] {
    return this.mem.lanes.list;
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
    this.mem.reset(sim);
    this.mem.takeSnap(sim);
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
    if (target < sim.now) this.sim = this.mem.rewind(this.source(), this.mem.snaps.atOrBefore(target));
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
    const { acted, raw } = appendFaults(this.simulation, this.raw, faults, {
      estimate: this.estimate,
      sample: this.sample,
      eventCount: () => this.eventCount,
    });
    this.raw = raw;
    return acted;
  }

  /** Drop every scripted fault from the current moment on (the run continues without them);
   *  returns how many were dropped. */
  fork(): number {
    const { dropped, raw } = forkScript(this.simulation, this.raw, this.sample);
    if (raw) this.raw = raw;
    return dropped;
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
    const { history, historyAt, lanes } = this.mem.since(cursor);
    return { events, eventsFrom, history, historyAt, sent, sentSkipped, lanes, cursor: this.cursor() };
  }

  cursor(): Cursor {
    return {
      trace: this.traceLength,
      lanes: this.mem.lanes.list.length,
      events: this.eventCount,
      history: this.mem.ev.hist.length,
    };
  }

  /** The log table's window of the trace (re-run from the snapshot before `from` when the
   *  window of kept events starts later). */
  window(from: number, to: number, limit: number): { events: TraceEvent[]; truncated: boolean } {
    if (!this.sim) return { events: [], truncated: false };
    const live = this.sim.log;
    if (this.base === 0 || (live.length > 0 && from > live.tAt(0))) return traceWindow(live, from, to, limit);
    return logWindow(this.source(), this.mem.snaps.atOrBefore(from), from, to, limit, this.traceLength);
  }

  /** The causal chain of an event of this run (matched by value), or null when it is not in
   *  the trace (session-rebuild.ts explainEvent). */
  explain(event: TraceEvent): Step[] | null {
    return this.sim ? explainEvent(this.source(), event, this.traceLength) : null;
  }

  // ---- internals ----------------------------------------------------------------------------

  private syncEvents(): void {
    this.mem.syncEvents(this.simulation);
  }

  /** What a rebuild (session-rebuild.ts) starts from. */
  private source(): RunSource {
    return { raw: this.raw, level: this.level, estimate: this.estimate, live: this.simulation };
  }

  /** Run to t in snapshot-sized chunks; `stop` (checked after every event) may end it early. */
  private runTo(t: number, stop?: () => boolean): void {
    runInChunks(this.simulation, t, {
      snapEvery: this.snapEvery,
      keep: this.keep,
      sample: this.sampling || stop ? this.sample : undefined,
      stop,
      full: () => this.mem.full(this.simulation),
      boundary: () => this.mem.takeSnap(this.simulation),
    });
  }
}
