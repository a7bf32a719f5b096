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
// events, beside the historic ones of the whole run (window.ts historic: faults, leader
// changes, refused writes, what narration depends on; they grow with leader changes, not with
// time). The lanes are whole: they sample role changes only (lanes.ts). Anything older is
// rebuilt on demand from the invariant: the whole trace (export, check code) by a fresh run of
// the scenario, the log table's window and older narratable events by a re-run from the
// snapshot before them, an old event's "why" by a fresh run to that event.
import { createSimulation, resumeSimulation, type Simulation } from "../sim.ts";
import { parseScenario, ScenarioError } from "../scenario/schema.ts";
import type { Frame } from "../core/frame.ts";
import type { SimState } from "../core/types.ts";
import type { TraceEvent } from "../core/trace.ts";
import { TraceLog } from "../core/trace-log.ts";
import { votesAsOf } from "../core/monitors.ts";
import { explain, indexOfEvent, type Step } from "../explain/index.ts";
import { Lanes, type LaneEvent } from "./lanes.ts";
import { Snapshots, spacingAt, type Snapshot } from "./snapshots.ts";
import { historic, newHistoricMemo, logRowAt, meaningful, narratableAt, traceWindow } from "./window.ts";

/** Simulated milliseconds between snapshots over the recent half minute (denser just behind the
 *  latest moment, sparser before: snapshots.ts spacingAt). */
export const SNAP_EVERY = 2000;

/** A fault as the learner asks for it: the session stamps `at` with the moment it applies. */
export type FaultInput = Record<string, unknown> & { do: string };

/** A message that was sent since a cursor (for drawing it in flight). */
export interface SentMessage {
  id: number;
  from: string;
  to: string;
  kind: string;
  sentAt: number;
  /** -1 when the message was lost on the way (loss or a cut link) */
  arriveAt: number;
}

export interface Acted {
  at: number;
  fault: FaultInput;
  /** scripted faults dropped because the action came before them (a fork) */
  dropped: number;
  /** the scenario now, action included: a fresh run of it replays this session */
  scenario: Record<string, unknown>;
  /** how many narratable events there were before the action applied */
  eventIndex: number;
}

/** "event": one raw fault or event; "visible": run until the trace grows (at most 1000 events);
 *  "meaningful": run until a role change, a vote, a lease grant or expiry, or a write. */
export type StepMode = "event" | "visible" | "meaningful";

/** A command in data: what a click, a tour step or a replayed log applies to a session. */
export type SessionCommand =
  | { type: "act"; fault: FaultInput }
  | { type: "seek"; t: number }
  | { type: "step"; mode?: StepMode }
  | { type: "fork" };

/** Positions in the trace, the lanes, the narratable events and the historic ones, to ask
 *  what changed since. */
export interface Cursor {
  trace: number;
  lanes: number;
  events: number;
  history: number;
}

export interface Changes {
  /** narratable events from the whole-run index `eventsFrom` on (the cursor's, or later when
   *  more than asked for came since) */
  events: TraceEvent[];
  eventsFrom: number;
  /** historic events since the cursor (window.ts historic), with their whole-run indices */
  history: TraceEvent[];
  historyAt: number[];
  sent: SentMessage[];
  /** sends not included in `sent` (more than asked for) */
  sentSkipped: number;
  lanes: LaneEvent[];
  cursor: Cursor;
}

/** The sandbox draws every node as a circle on one ring with its lanes and timers: beyond 25 the
 *  circles and labels no longer fit legibly at 375 px, so a session refuses bigger clusters
 *  (the CLI and the experiments take up to MAX_NODES, 1,001). */
export const SANDBOX_MAX_NODES = 25;

/** The sandbox's refusal of a cluster it cannot draw, or null (the session and the run form). */
export function sandboxSizeError(nodes: number, max = SANDBOX_MAX_NODES): ScenarioError | null {
  return nodes > max ? new ScenarioError("nodes", `at most ${max} nodes in the sandbox: beyond that the nodes and their labels no longer fit legibly on screen`) : null;
}

export interface SessionOptions {
  /** the largest cluster this session loads (SANDBOX_MAX_NODES) */
  maxNodes?: number;
  /** simulated ms between snapshots (SNAP_EVERY); Infinity for a run that never seeks back */
  snapEvery?: number;
  trace?: "full" | "roles";
  /** sample the role lanes after every event (the timeline's data); false for headless runs
   *  that only read the trace and the summary, such as the CLI's `run` */
  lanes?: boolean;
  /** keep only about this many of the latest full-trace events in memory (rebuilding older
   *  ones on demand); Infinity (the default) keeps the whole trace */
  traceWindow?: number;
  /** keep only about this many of the latest narratable events in memory (beside the historic
   *  ones); Infinity (the default) keeps them all */
  eventsWindow?: number;
  /** false: skip the run-size estimate at load (the bench's long runs); the engine's hard stop
   *  on events still applies */
  estimate?: boolean;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

export class Session {
  private sim: Simulation | null = null;
  private raw: Record<string, unknown> = {};
  private readonly snaps: Snapshots;
  private lanes = new Lanes(0);
  /** narratable events, kept incrementally (never a rescan of the whole trace): the latest of
   *  them with `eventsWindow`, the first at whole-run index narrBase */
  private narr: TraceEvent[] = [];
  private narrBase = 0;
  /** the historic ones of the whole run (window.ts historic), and their whole-run indices */
  private hist: TraceEvent[] = [];
  private histAt: number[] = [];
  /** what choosing historic events remembers (window.ts HistoricMemo) */
  private memo = newHistoricMemo();
  private scanned = 0;
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
    return { events: this.narr.length, history: this.hist.length, lanes: this.lanes.list.length };
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
    return this.narrBase === 0 ? this.narr : this.eventsBetween(0, this.eventCount);
  }

  /** How many narratable events the run has had so far (kept or not). */
  get eventCount(): number {
    this.syncEvents();
    return this.narrBase + this.narr.length;
  }

  /** The narratable events held: the latest ones, the first at whole-run index eventsBase. */
  get recentEvents(): readonly TraceEvent[] {
    this.syncEvents();
    return this.narr;
  }

  get eventsBase(): number {
    return this.narrBase;
  }

  /** The historic events of the whole run so far (window.ts historic), and their whole-run indices. */
  get history(): { events: readonly TraceEvent[]; at: readonly number[] } {
    this.syncEvents();
    return { events: this.hist, at: this.histAt };
  }

  /** Narratable events from whole-run index `from` to `to` (excluded; at most the count so
   *  far): from the window, or by a re-run from the latest snapshot before `from` when it lies
   *  before the window. */
  eventsBetween(from: number, to: number): TraceEvent[] {
    const end = Math.min(to, this.eventCount);
    const start = Math.max(0, Math.min(from, end));
    if (start >= this.narrBase) return this.narr.slice(start - this.narrBase, end - this.narrBase);
    const snap = this.snaps.atOrBeforeEvent(start);
    // The run's first snapshot comes after the start's own events: from there, re-run from scratch.
    const fromStart = snap.t <= 0;
    const part = fromStart ? createSimulation(this.raw, { trace: this.level, estimate: this.estimate }) : this.resumed(snap, snap.traceLen);
    const out: TraceEvent[] = [];
    let n = fromStart ? 0 : snap.eventsLen;
    let j = 0;
    const scan = (): boolean => {
      const tr = part.log;
      for (; j < tr.length && n < end; j++) {
        if (!narratableAt(tr, j)) continue;
        if (n >= start) out.push(tr.at(j) as TraceEvent);
        n++;
      }
      // Scanned events are dropped as the re-run goes, so it holds no more than a stretch of trace.
      if (j >= 65_536) {
        tr.dropFront(j);
        part.state.traceBase = (part.state.traceBase ?? 0) + j;
        j = 0;
      }
      return n >= end;
    };
    if (!scan()) part.runUntil(this.until, scan);
    return out;
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
    this.narr = [];
    this.narrBase = 0;
    this.hist = [];
    this.histAt = [];
    this.memo = newHistoricMemo();
    this.scanned = 0;
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

  /** Step forward; false when the run had already ended. Never processes anything at or after
   *  `until`: when the next event lies there, the clock moves to `until` and the run ends, as a
   *  fresh run to `until` would. */
  step(mode: StepMode = "visible"): boolean {
    const sim = this.simulation;
    const until = sim.scenario.until;
    if (sim.now >= until) return false;
    const atEnd = () => {
      if (sim.nextAt() < until) return false;
      sim.runUntil(until);
      return true;
    };
    if (mode === "event") {
      if (!atEnd()) {
        sim.step();
        this.sample();
      }
      return true;
    }
    if (mode === "meaningful") {
      // An index into the whole trace: the window may drop its oldest events on the way.
      let i = this.traceLength;
      this.runTo(until, () => {
        const tr = sim.log;
        const base = this.base;
        // message traffic is never a meaningful stop: skip it without building its events
        for (; i < base + tr.length; i++) if (!tr.isMessage(i - base) && meaningful(tr.at(i - base) as TraceEvent)) return true;
        return false;
      });
      return true;
    }
    // One visible event, skipping the invisible ones (messages arriving at nobody's notice are
    // still one event each, so bound the search).
    const before = sim.log.length;
    for (let i = 0; i < 1000 && sim.log.length === before; i++) {
      if (atEnd()) break;
      sim.step();
      this.sample();
    }
    return true;
  }

  /** Append a fault at the current moment (just after the last processed event) and apply it
   *  at once, with any other fault due then. Acting before a scripted fault forks the run: the
   *  script is replaced from this moment on. Throws ScenarioError, changing nothing, when the
   *  fault is invalid or the run has ended. */
  act(fault: FaultInput): Acted {
    const sim = this.simulation;
    const at = this.actionTime();
    const input = { ...fault, at };
    const { keep, drop } = this.split(at);
    const rawFaults = this.rawFaults();
    const nextRaw = { ...this.raw, faults: [...keep.map((i) => rawFaults[i]), input] };
    parseScenario(nextRaw); // the same validation as an imported scenario, before anything changes
    if (at > sim.now) sim.runUntil(at, this.sample);
    if (drop > 0) sim.replaceFaults(keep.map((i) => sim.state.scenario.faults[i]));
    const eventIndex = this.eventCount;
    sim.addFault(input);
    // Apply it now (and any other fault due at this instant, as a continuous run would), so its
    // effect shows even while time is paused. Queued events of the instant wait for play.
    while (sim.nextFaultAt() <= at) {
      sim.step();
      this.sample();
    }
    this.raw = nextRaw;
    return { at, fault: input, dropped: drop, scenario: structuredClone(nextRaw), eventIndex };
  }

  /** Drop every scripted fault from the current moment on (the run continues without them);
   *  returns how many were dropped. */
  fork(): number {
    const sim = this.simulation;
    const at = this.actionTime();
    const { keep, drop } = this.split(at);
    if (drop === 0) return 0;
    if (at > sim.now) sim.runUntil(at, this.sample);
    const rawFaults = this.rawFaults();
    sim.replaceFaults(keep.map((i) => sim.state.scenario.faults[i]));
    this.raw = { ...this.raw, faults: keep.map((i) => rawFaults[i]) };
    return drop;
  }

  apply(cmd: SessionCommand): Acted | number | boolean | void {
    switch (cmd.type) {
      case "act": return this.act(cmd.fault);
      case "seek": return this.seek(cmd.t);
      case "step": return this.step(cmd.mode);
      case "fork": return this.fork();
    }
  }

  /** What the trace and the lanes gained since a cursor: narratable events (the latest
   *  `maxEvents` of them), historic ones, up to `maxSent` message sends for drawing, and lane
   *  samples. */
  changesSince(cursor: Cursor, maxSent: number, maxEvents = Infinity): Changes {
    const log = this.simulation.log;
    const base = this.base;
    const sent: SentMessage[] = [];
    let sentSkipped = 0;
    for (let i = Math.max(cursor.trace, base); i < base + log.length; i++) {
      const j = i - base;
      const type = log.typeAt(j);
      if (type === "send") {
        if (sent.length >= maxSent) sentSkipped++;
        else {
          const m = log.messageAt(j) as NonNullable<ReturnType<TraceLog["messageAt"]>>;
          sent.push({ id: m.id, from: m.from, to: m.to, kind: m.kind, sentAt: m.t, arriveAt: m.x });
        }
      }
    }
    const count = this.eventCount;
    const eventsFrom = Math.min(count, Math.max(cursor.events, count - maxEvents));
    const events = this.eventsBetween(eventsFrom, count);
    const history = this.hist.slice(cursor.history);
    const historyAt = this.histAt.slice(cursor.history);
    const lanes = this.lanes.list.slice(cursor.lanes);
    return { events, eventsFrom, history, historyAt, sent, sentSkipped, lanes, cursor: this.cursor() };
  }

  cursor(): Cursor {
    return { trace: this.traceLength, lanes: this.lanes.list.length, events: this.eventCount, history: this.hist.length };
  }

  /** The log table's window of the trace (re-run from the snapshot before `from` when the
   *  window of kept events starts later). */
  window(from: number, to: number, limit: number): { events: TraceEvent[]; truncated: boolean } {
    if (!this.sim) return { events: [], truncated: false };
    const live = this.sim.log;
    if (this.base === 0 || (live.length > 0 && from > live.tAt(0))) return traceWindow(live, from, to, limit);
    const snap = this.snaps.atOrBefore(from);
    // The run's first snapshot comes after the start's own events (the start, the boots): a
    // window from there re-runs from scratch to have them.
    const fromStart = snap.t <= 0;
    const base = fromStart ? 0 : snap.traceLen;
    const part = fromStart ? createSimulation(this.raw, { trace: this.level, estimate: this.estimate }) : this.resumed(snap, base);
    // Stop once past `to` or with more than `limit` rows: the log table asks for one screen.
    let rows = 0;
    let j = 0;
    const len = this.traceLength;
    part.runUntil(this.until, () => {
      const tr = part.log;
      for (; j < tr.length; j++) {
        const t = tr.tAt(j);
        if (t > to) return true;
        if (t >= from && logRowAt(tr, j)) rows++;
      }
      return rows > limit || base + tr.length >= len;
    });
    const tr = part.log;
    if (base + tr.length > len) tr.truncate(len - base);
    return traceWindow(tr, from, to, limit);
  }

  /** The causal chain of an event of this run (matched by value), or null when it is not in
   *  the trace. An event older than the kept window is found in a fresh run to its moment. */
  explain(event: TraceEvent): Step[] | null {
    if (!this.sim) return null;
    // A copy for the scan, dropped after it (the log keeps the run's trace compact). Its causes
    // may lie anywhere before it: past the kept window, explain it in the whole trace to its instant.
    const log = this.base > 0 ? this.freshRun((tr) => tr.length > 0 && tr.tAt(tr.length - 1) > event.t, this.traceLength).log : this.sim.log;
    const trace = log.toArray();
    const i = indexOfEvent(trace, event);
    return i === null ? null : explain(trace, i).chain;
  }

  // ---- internals ----------------------------------------------------------------------------

  /** The moment an action lands: now, or just after the last processed event when a step
   *  stopped mid-instant (so the run stays deterministic). It must lie before the end. */
  private actionTime(): number {
    const sim = this.simulation;
    const ended = () => new ScenarioError("at", `the run has ended at ${sim.scenario.until} ms; extend it or rewind before acting`);
    if (sim.now >= sim.scenario.until) throw ended();
    let at = sim.now;
    if (at <= sim.state.lastAt) at = r3(sim.state.lastAt + 0.001);
    // A fresh run of the scenario stops before `until`: an action there would never apply.
    if (at >= sim.scenario.until) throw ended();
    return at;
  }

  private rawFaults(): Array<Record<string, unknown>> {
    return Array.isArray(this.raw.faults) ? (this.raw.faults as Array<Record<string, unknown>>) : [];
  }

  /** Indices of the scripted faults before `at` (kept by a fork), and how many are not. The
   *  parsed list lines up with the raw one: both start from the same scenario and change together. */
  private split(at: number): { keep: number[]; drop: number } {
    const faults = this.simulation.state.scenario.faults;
    const keep: number[] = [];
    faults.forEach((f, i) => {
      if (f.at < at) keep.push(i);
    });
    return { keep, drop: faults.length - keep.length };
  }

  private syncEvents(): void {
    const log = this.simulation.log;
    const base = this.base;
    for (; this.scanned < base + log.length; this.scanned++) {
      const j = this.scanned - base;
      if (!narratableAt(log, j)) continue;
      const e = log.at(j) as TraceEvent;
      if (historic(e, this.memo)) {
        this.hist.push(e);
        this.histAt.push(this.narrBase + this.narr.length);
      }
      this.narr.push(e);
    }
  }

  /** Drop the oldest narratable events beyond the window (the historic ones stay in hist). */
  private trimEvents(): void {
    if (this.narr.length <= this.keepEvents * 1.25) return;
    const cut = this.narr.length - this.keepEvents;
    this.narr.splice(0, cut);
    this.narrBase += cut;
  }

  /** A fresh run of the scenario, from the start, until `stop` (given its trace) says so or
   *  its trace reaches `len` events; cut to at most `len`. */
  private freshRun(stop: (trace: TraceLog) => boolean, len: number): Simulation {
    const fresh = createSimulation(this.raw, { trace: this.level, estimate: this.estimate });
    const log = fresh.log;
    if (log.length < len) fresh.runUntil(this.until, () => log.length >= len || stop(log));
    log.truncate(len);
    return fresh;
  }

  /** A simulation resumed from a snapshot with the script as it is now, its trace starting
   *  empty at `base` (event `base` of the whole trace). */
  private resumed(snap: Snapshot, base: number, trace: TraceLog = new TraceLog()): Simulation {
    const state = { ...structuredClone(snap.rest), trace } as SimState;
    if (snap.votes >= 0) Object.assign(state.mon, votesAsOf(this.simulation.state.mon, snap.votes));
    if (base > 0) state.traceBase = base;
    else delete state.traceBase;
    const sim = resumeSimulation(state);
    // The snapshot carries no script; the run goes on with the script as it is now.
    sim.replaceFaults(this.simulation.state.scenario.faults);
    return sim;
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
    const sim = this.simulation;
    let hit = false;
    // With a window, the run also pauses whenever the trace outgrows it, to narrate and trim:
    // snapshots alone trimmed it, and far behind the latest moment they are minutes apart, so
    // loading a long run grew the trace's columns (and kept them grown) by all the events
    // between two of them.
    const limit = this.keep === Infinity ? Infinity : Math.ceil(this.keep * 1.25) + 1;
    const log = sim.log;
    let full = false;
    const inner = stop
      ? () => {
          this.sample();
          hit = stop();
          return hit;
        }
      : this.sampling
        ? this.sample
        : undefined;
    const hook =
      limit === Infinity
        ? inner
        : () => {
            if (inner && inner()) return true;
            full = log.n >= limit;
            return full;
          };
    while (sim.now < t) {
      // Snapshot where the spacing will want one once the run reaches t (a long load takes the
      // sparse ones on the way and the dense ones near its end).
      const fine = this.snapEvery / 8;
      const every = spacingAt(t - (Math.floor(sim.now / fine) + 1) * fine, this.snapEvery);
      const boundary = (Math.floor(sim.now / every) + 1) * every;
      const target = Math.min(boundary, t);
      full = false;
      sim.runUntil(target, hook);
      if (hit) return;
      if (full) {
        this.syncEvents();
        this.trimTrace();
        if (this.keepEvents !== Infinity) this.trimEvents();
        continue;
      }
      if (target === boundary) this.takeSnap();
    }
  }

  private takeSnap(): void {
    const sim = this.simulation;
    const last = this.snaps.latest;
    if (last && last.t >= sim.now) return;
    this.syncEvents();
    // The fault script is left out (resumeFrom gives back the session's own): on a run with a
    // long script it was most of what each snapshot copied.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { trace, scenario, faultOrder, ...rest } = sim.state;
    // Nor the votes: every vote of the run so far, one per node and term, grew each snapshot
    // with the run (85 KB apiece at 3000 s on 25 nodes). A later state holds them all, in order:
    // resumed() takes back the first `votes` of them.
    const votes = rest.mon.votesLog ? rest.mon.votesLog.length / 2 : -1;
    const mon = votes >= 0 ? { ...rest.mon, votesBy: undefined, votesLog: undefined } : rest.mon;
    const lean = { ...rest, mon, scenario: { ...scenario, faults: [] }, faultOrder: [] };
    this.snaps.add({
      t: sim.now, rest: structuredClone(lean), traceLen: this.traceLength, eventsLen: this.narrBase + this.narr.length, histLen: this.hist.length, campaign: [...this.memo.campaign], votes, lanes: this.lanes.mark(),
    });
    if (this.keep !== Infinity) this.trimTrace();
    if (this.keepEvents !== Infinity) this.trimEvents();
  }

  private resumeFrom(snap: Snapshot): void {
    const cur = this.simulation;
    // The trace is cut back in place, not copied: the run being left is not used again. A
    // snapshot older than the kept window starts an empty one.
    const trace = cur.log;
    const base = this.base;
    trace.truncate(snap.traceLen >= base ? snap.traceLen - base : 0);
    this.sim = this.resumed(snap, Math.min(base, snap.traceLen), trace);
    this.lanes.restore(snap.lanes);
    // A snapshot older than the window of narratable events starts an empty one.
    if (snap.eventsLen >= this.narrBase) this.narr.length = snap.eventsLen - this.narrBase;
    else {
      this.narr = [];
      this.narrBase = snap.eventsLen;
    }
    this.hist.length = snap.histLen;
    this.histAt.length = snap.histLen;
    this.memo = newHistoricMemo();
    for (const e of this.hist) if (e.type === "write" && e.result === "accepted") this.memo.wrote.add(e.token);
    this.memo.campaign = new Map(snap.campaign);
    this.scanned = snap.traceLen;
    this.snaps.dropAfter(snap.t);
  }
}
