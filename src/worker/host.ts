// The worker's adapter over the headless session (src/engine/session): a message comes in, it
// becomes a session or playback-clock call, and a frame goes out as a delta at display rate
// (one frame in flight: the page acknowledges each before the next is sent). No worker globals,
// so it runs (and is tested) in Node too.
import { digest, ScenarioError } from "../engine/index.ts";
import { Playback, Session, type FaultInput } from "../engine/session/index.ts";
import { createEncoder } from "./frame-delta.ts";
import type { FromWorker, ToWorker } from "./protocol.ts";

/** At most this many message sends per frame are sent for drawing. */
export const MAX_SENT_PER_FRAME = 24;

/** Full-trace events the worker keeps in memory (about 110 bytes each, so some 15 MB): a
 *  25-node run records about 630 a second, so this is the last few minutes; older events are
 *  rebuilt when the export, the check code, the log table or "Why?" asks for them. */
export const HOST_TRACE_WINDOW = 131_072;

/** Narratable events the page holds (and the worker keeps beside the historic ones): the
 *  latest this many, a few minutes of a busy 25-node run (about 7 a second; some 250 bytes
 *  each, so about 1 MB). What reads them shows far fewer: the narration log its latest 150
 *  lines (most events, votes and repeated writes, make no line), the write tables their latest
 *  8, a tour step the events since it began. The whole-run views (the timeline, its marks, the
 *  write log's refusals, the marked event) read the historic events, which are all kept; older
 *  ones are rebuilt when a seek goes back before the page's window. */
export const PAGE_EVENTS_WINDOW = 4096;

/** After a seek back, the page keeps its window when at least this many of its events remain
 *  (enough for the narration log's lines): a short rewind sends nothing old again. */
const PAGE_EVENTS_MIN = PAGE_EVENTS_WINDOW / 4;

export interface HostOptions {
  post(msg: FromWorker): void;
  /** real time in ms (performance.now in the worker) */
  now(): number;
  /** full-trace events kept in memory (HOST_TRACE_WINDOW) */
  traceWindow?: number;
  /** narratable events the page holds (PAGE_EVENTS_WINDOW) */
  eventsWindow?: number;
  /** false: skip the run-size estimate at load (the bench's long runs) */
  estimate?: boolean;
}

export class SimHost {
  readonly session: Session;
  private readonly clock: Playback;
  private gen = 0;
  /** the scenario the last reset sent (the session replaces it, never changes it in place) */
  private sentScenario: unknown = null;
  private cursor = { trace: 0, lanes: 0, events: 0, history: 0 };
  /** the page's window of narratable events (whole-run indices, end excluded), and how many
   *  historic events and lane samples it holds (all sent in this run) */
  private pageBase = 0;
  private pageEnd = 0;
  private pageHistory = 0;
  private pageLanes = 0;
  private awaitingAck = false;
  private lastSentT = -1;
  private lastSentPlaying = false;
  private encoder = createEncoder();
  private readonly opts: HostOptions;
  private readonly eventsWindow: number;

  constructor(opts: HostOptions) {
    this.opts = opts;
    this.session = new Session({
      traceWindow: opts.traceWindow ?? HOST_TRACE_WINDOW,
      eventsWindow: opts.eventsWindow ?? PAGE_EVENTS_WINDOW,
      estimate: opts.estimate,
    });
    this.eventsWindow = opts.eventsWindow ?? PAGE_EVENTS_WINDOW;
    this.clock = new Playback(this.session);
  }

  handle(msg: ToWorker): void {
    const s = this.session;
    switch (msg.type) {
      case "load":
        return this.load(msg.scenario, msg.at, msg.playing, msg.speed);
      case "play":
        return this.clock.play(this.opts.now());
      case "pause":
        this.clock.pause();
        return this.flush();
      case "speed":
        return this.clock.setSpeed(msg.speed);
      case "seek":
        this.clock.setStop(null);
        if (!s.loaded) return;
        s.seek(msg.t);
        this.clock.sought();
        return this.sendReset();
      case "step":
        if (!s.loaded || s.ended) return;
        this.clock.pause();
        s.step(msg.mode);
        return this.flush(true);
      case "stop-at":
        return this.clock.setStop(msg.t);
      case "act":
        return this.act(msg.id, msg.faults);
      case "ack":
        this.awaitingAck = false;
        return;
      case "ping":
        return this.opts.post({ type: "pong", id: msg.id });
      case "trace":
        return this.opts.post({
          type: "trace",
          reqId: msg.reqId,
          json: JSON.stringify(s.loaded ? s.log : []),
        });
      case "window":
        return this.opts.post({ type: "window", reqId: msg.reqId, ...s.window(msg.from, msg.to, msg.limit) });
      case "explain":
        return this.opts.post({
          type: "explain",
          reqId: msg.reqId,
          chain: s.loaded ? s.explain(msg.event) : null,
        });
      case "fingerprint":
        if (!s.loaded) return;
        return this.opts.post({ type: "fingerprint", reqId: msg.reqId, t: s.now, digest: digest(s.log) });
    }
  }

  /** A display tick: advance by the real time elapsed (when playing), send a frame if the page is ready. */
  tick(): void {
    if (!this.session.loaded) return;
    this.clock.tick(this.opts.now());
    this.flush();
  }

  private fail(scope: "load" | "act" | "seek", err: unknown, id?: number): void {
    if (err instanceof ScenarioError) {
      this.opts.post({ type: "error", scope, id, message: err.message, path: err.path });
      return;
    }
    if (err instanceof Error && /not implemented yet/.test(err.message)) {
      this.opts.post({ type: "error", scope, id, message: err.message });
      return;
    }
    // Anything else is a bug: let it crash the worker so the page restarts it.
    throw err;
  }

  private load(scenario: unknown, at: number, playing: boolean, speed: number): void {
    try {
      this.session.load(scenario, at);
    } catch (err) {
      return this.fail("load", err);
    }
    this.clock.loaded(playing, speed, this.opts.now());
    this.sendReset(false);
  }

  private act(id: number, faults: FaultInput[]): void {
    if (!this.session.loaded) return;
    try {
      const a = this.session.act(faults);
      // The page applies the change to the scenario it holds, so a later reset need not resend it.
      this.sentScenario = this.session.scenario;
      this.opts.post({
        type: "acted",
        id,
        at: a.at,
        faults: a.faults,
        dropped: a.dropped,
        removed: a.removed,
        eventIndex: a.eventIndex,
      });
      this.flush(true);
    } catch (err) {
      this.fail("act", err, id);
    }
  }

  /** A new generation of frames. After a seek (`keep`), the page keeps the events and lanes
   *  it holds up to the new moment, and gets only the rest: a run's events up to any moment
   *  are the same whatever was sought since (the session's invariant), and a long run's list
   *  is thousands of events to copy on every rewind. Its window of narratable events is kept
   *  when enough of it remains (PAGE_EVENTS_MIN); otherwise it gets the latest window anew. */
  private sendReset(keep = true): void {
    const s = this.session;
    const W = this.eventsWindow;
    const count = s.eventCount;
    const upTo = Math.min(this.pageEnd, count);
    const keepWindow =
      keep &&
      upTo >= this.pageBase &&
      count - upTo <= W &&
      (this.pageBase === 0 || upTo - this.pageBase >= Math.min(PAGE_EVENTS_MIN, W));
    const eventsFrom = keepWindow ? upTo : Math.max(0, count - W);
    const history = s.history;
    const keptHistory = keep ? Math.min(this.pageHistory, history.events.length) : 0;
    const keptLanes = keep ? Math.min(this.pageLanes, s.laneEvents.length) : 0;
    const prevGen = this.gen;
    this.gen++;
    const frame = s.frame();
    this.encoder.reset(frame);
    this.cursor = s.cursor();
    this.lastSentT = s.now;
    this.lastSentPlaying = this.clock.playing;
    this.awaitingAck = true;
    this.pageBase = keepWindow ? this.pageBase : eventsFrom;
    this.pageEnd = count;
    this.trimPage();
    this.pageHistory = history.events.length;
    this.pageLanes = s.laneEvents.length;
    const resend = !keep || s.scenario !== this.sentScenario;
    this.sentScenario = s.scenario;
    this.opts.post({
      type: "reset",
      gen: this.gen,
      ...(resend ? { scenario: structuredClone(s.scenario) } : {}),
      frame,
      events: s.eventsBetween(eventsFrom, count),
      eventsFrom,
      eventsBase: this.pageBase,
      history: history.events.slice(keptHistory),
      historyAt: history.at.slice(keptHistory),
      lanes: s.laneEvents.slice(keptLanes),
      ...(keep
        ? { keep: { gen: prevGen, events: keepWindow ? upTo : null, history: keptHistory, lanes: keptLanes } }
        : {}),
      messages: s.simulation.state.stats.messages,
      playing: this.clock.playing,
      speed: this.clock.speed,
    });
  }

  /** The page drops the oldest events of its window once it holds a quarter more than the
   *  window (not one by one: each drop copies the list). */
  private trimPage(): void {
    if (this.pageEnd - this.pageBase > this.eventsWindow * 1.25)
      this.pageBase = this.pageEnd - this.eventsWindow;
  }

  /** Send what changed since the last frame, if the page has drawn that one. */
  private flush(force = false): void {
    const s = this.session;
    if (!s.loaded || (this.awaitingAck && !force)) return;
    const same =
      s.now === this.lastSentT &&
      s.traceLength === this.cursor.trace &&
      s.laneEvents.length === this.cursor.lanes;
    if (same && this.clock.playing === this.lastSentPlaying && !force) return;
    const c = s.changesSince(this.cursor, MAX_SENT_PER_FRAME, this.eventsWindow);
    this.cursor = c.cursor;
    if (c.eventsFrom !== this.pageEnd) this.pageBase = c.eventsFrom;
    this.pageEnd = c.eventsFrom + c.events.length;
    this.trimPage();
    this.pageHistory += c.history.length;
    this.pageLanes += c.lanes.length;
    this.lastSentT = s.now;
    this.lastSentPlaying = this.clock.playing;
    this.awaitingAck = true;
    this.opts.post({
      type: "delta",
      gen: this.gen,
      delta: this.encoder.encode(s.frame()),
      events: c.events,
      eventsFrom: c.eventsFrom,
      eventsBase: this.pageBase,
      history: c.history,
      historyAt: c.historyAt,
      lanes: c.lanes,
      sent: c.sent,
      sentSkipped: c.sentSkipped,
      messages: s.simulation.state.stats.messages,
      playing: this.clock.playing,
      ended: s.ended,
    });
  }
}
