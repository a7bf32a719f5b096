// The one path every action takes. A click, a shortcut, a tour step or an opened link becomes a
// Command; the controller turns it into a message for the worker (an action is appended to the
// scenario there, at the moment it happens) and folds the worker's frames into the store.
import type { StoreApi } from "zustand/vanilla";
import { SimClient, type WorkerLike } from "../worker/client.ts";
import type { FaultInput, FromWorker, ToWorker } from "../worker/protocol.ts";
import type { TraceEvent } from "../engine/index.ts";
import { Announcer, formatSeconds, newNarrationContext, type Line } from "./narration.ts";
import { checkScenario, DEFAULT_SCENARIO, DEFAULT_TITLE, type RawScenario } from "./scenarios.ts";
import { addNotice, applyWorkerFrame, createSandboxStore, leadersOf, type Params, type SandboxState, type Source } from "./store.ts";
import { actionMatches, conditionMet, stepScenario, stopTime, tourScenario, type Condition, type Tour } from "./tour-rules.ts";

export type Command =
  | { type: "play" }
  | { type: "pause" }
  | { type: "toggle-play" }
  | { type: "speed"; speed: number }
  | { type: "seek"; t: number }
  | { type: "step" }
  | { type: "act"; fault: FaultInput }
  | { type: "load"; scenario: RawScenario; source: Source; title: string; at?: number; playing?: boolean }
  | { type: "extend"; by: number }
  | { type: "select"; node: string | null }
  | { type: "params"; params: Partial<Params> }
  | { type: "tour-start"; tour: Tour }
  | { type: "tour-next" }
  | { type: "tour-back" }
  | { type: "tour-do" }
  | { type: "tour-exit" };

export interface ControllerOptions {
  scenario: RawScenario;
  source: Source;
  title: string;
  at?: number;
  playing?: boolean;
  /** notices to show at once (a broken link, an unknown preset) */
  notices?: string[];
  createWorker?: () => WorkerLike;
  /** the polite live region */
  announce?: (text: string) => void;
  /** called once the page has drawn a frame; defaults to requestAnimationFrame */
  afterPaint?: (cb: () => void) => void;
  pingEvery?: number;
  pingTimeout?: number;
}

const CRASH_WINDOW_MS = 20_000;
const MAX_CRASHES = 3;

export class SandboxController {
  readonly store: StoreApi<SandboxState>;
  private readonly client: SimClient;
  private readonly opts: ControllerOptions;
  private readonly narr = { ctx: newNarrationContext("raft", "token") };
  private readonly announcer: Announcer;
  private readonly pending = new Map<number, FaultInput>();
  private actSeq = 0;
  private reqSeq = 0;
  private readonly requests = new Map<number, (msg: FromWorker) => void>();
  private crashes: number[] = [];
  private disposed = false;
  /** a tour step waiting for the next reset before it can begin */
  private tourAfterReset: (() => void) | null = null;
  /** what the last reset showed, to fall back on when a new scenario fails to load */
  private shown: { scenario: RawScenario; source: Source; title: string } | null = null;

  constructor(opts: ControllerOptions) {
    this.opts = opts;
    this.store = createSandboxStore(opts.scenario, opts.source, opts.title);
    this.announcer = new Announcer((text) => opts.announce?.(text));
    for (const n of opts.notices ?? []) addNotice(this.store, "error", n);
    this.client = new SimClient({
      onMessage: (m) => this.onMessage(m),
      onCrash: (why) => this.onCrash(why),
      createWorker: opts.createWorker,
      pingEvery: opts.pingEvery,
      pingTimeout: opts.pingTimeout,
    });
  }

  start(): void {
    this.client.start();
    const s = this.store.getState();
    this.post({ type: "load", scenario: s.scenario, at: this.opts.at ?? 0, playing: this.opts.playing ?? false, speed: s.speed });
  }

  dispose(): void {
    this.disposed = true;
    this.announcer.clear();
    this.client.stop();
  }

  /** Restart a worker that failed repeatedly, from the scenario and the moment last shown. */
  retry(): void {
    this.crashes = [];
    this.restartWorker();
  }

  dispatch(cmd: Command): void {
    const s = this.store.getState();
    switch (cmd.type) {
      case "play":
        if (s.ended) return;
        this.store.setState({ playing: true });
        return this.post({ type: "play" });
      case "pause":
        this.store.setState({ playing: false });
        return this.post({ type: "pause" });
      case "toggle-play":
        return this.dispatch({ type: s.playing ? "pause" : "play" });
      case "speed":
        this.store.setState({ speed: cmd.speed });
        return this.post({ type: "speed", speed: cmd.speed });
      case "seek":
        return this.post({ type: "seek", t: cmd.t });
      case "step":
        this.store.setState({ playing: false });
        return this.post({ type: "step" });
      case "act": {
        const id = ++this.actSeq;
        this.pending.set(id, cmd.fault);
        this.store.setState({ pending: this.pending.size });
        return this.post({ type: "act", id, fault: cmd.fault });
      }
      case "load": {
        const checked = checkScenario(cmd.scenario);
        if (!checked.ok) {
          addNotice(this.store, "error", `This scenario cannot run: ${checked.message}`);
          return;
        }
        this.pending.clear();
        this.store.setState({ source: cmd.source, title: cmd.title, scenario: cmd.scenario, parsed: checked.scenario, pending: 0, selected: null });
        return this.post({ type: "load", scenario: cmd.scenario, at: cmd.at ?? 0, playing: cmd.playing ?? false, speed: s.speed });
      }
      case "extend": {
        const parsed = s.parsed;
        if (!parsed) return;
        const scenario = { ...s.scenario, until: parsed.until + cmd.by };
        return this.dispatch({ type: "load", scenario, source: s.source, title: s.title, at: s.frame?.t ?? 0, playing: s.playing });
      }
      case "select":
        this.store.setState({ selected: cmd.node });
        return;
      case "params":
        this.store.setState({ params: { ...s.params, ...cmd.params } });
        return;
      case "tour-start":
        return this.startTour(cmd.tour);
      case "tour-next":
        if (s.tour && s.tour.index < s.tour.tour.steps.length - 1) this.enterStep(s.tour.index + 1, false);
        return;
      case "tour-back":
        if (s.tour && s.tour.index > 0) this.enterStep(s.tour.index - 1, true);
        return;
      case "tour-do": {
        const step = s.tour?.tour.steps[s.tour.index];
        if (step?.action && s.tour?.phase === "waiting-action") this.dispatch({ type: "act", fault: step.action.fault as FaultInput });
        return;
      }
      case "tour-exit":
        this.store.setState({ tour: null });
        this.post({ type: "stop-at", t: null });
        return;
    }
  }

  /** The whole trace as JSON (built in the worker). */
  traceJson(): Promise<string> {
    return this.request((reqId) => ({ type: "trace", reqId, format: "json" })).then((m) => (m.type === "trace" ? m.json : "[]"));
  }

  traceWindow(from: number, to: number, limit: number): Promise<{ events: TraceEvent[]; truncated: boolean }> {
    return this.request((reqId) => ({ type: "window", reqId, from, to, limit })).then((m) => (m.type === "window" ? { events: m.events, truncated: m.truncated } : { events: [], truncated: false }));
  }

  fingerprint(): Promise<{ t: number; digest: string }> {
    return this.request((reqId) => ({ type: "fingerprint", reqId })).then((m) => (m.type === "fingerprint" ? { t: m.t, digest: m.digest } : { t: 0, digest: "" }));
  }

  private request(make: (reqId: number) => ToWorker): Promise<FromWorker> {
    const reqId = ++this.reqSeq;
    return new Promise((resolve) => {
      this.requests.set(reqId, resolve);
      this.post(make(reqId));
    });
  }

  private post(msg: ToWorker): void {
    if (!this.disposed) this.client.post(msg);
  }

  private afterPaint(cb: () => void): void {
    if (this.opts.afterPaint) this.opts.afterPaint(cb);
    else if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => cb());
    else setTimeout(cb, 16);
  }

  private onMessage(msg: FromWorker): void {
    if (this.disposed) return;
    switch (msg.type) {
      case "reset":
      case "delta": {
        if (msg.type === "reset") {
          const st = this.store.getState();
          this.shown = { scenario: msg.scenario as RawScenario, source: st.source, title: st.title };
        }
        const lines = applyWorkerFrame(this.store, msg, this.narr);
        if (msg.type === "reset") this.announcer.clear();
        else this.announce(lines);
        if (msg.type === "reset" && this.tourAfterReset) {
          const f = this.tourAfterReset;
          this.tourAfterReset = null;
          f();
        }
        this.checkTour();
        this.afterPaint(() => this.post({ type: "ack" }));
        return;
      }
      case "acted": {
        this.pending.delete(msg.id);
        this.store.setState({ scenario: msg.scenario as RawScenario, pending: this.pending.size });
        if (msg.dropped > 0) {
          addNotice(this.store, "info", `You acted at ${formatSeconds(msg.at)}, before ${msg.dropped > 1 ? `${msg.dropped} later actions` : "a later action"} in the script, so the run forked: from this moment on, the script is your action.`);
        }
        this.tourActed(msg.fault, msg.at);
        return;
      }
      case "error": {
        if (msg.scope === "act" && msg.id !== undefined) {
          this.pending.delete(msg.id);
          this.store.setState({ pending: this.pending.size });
          addNotice(this.store, "error", `That action was refused: ${msg.message}`);
          return;
        }
        if (msg.scope === "load") {
          const s = this.store.getState();
          if (!s.frame || !this.shown) {
            // Nothing is showing yet: say why, and open the default scenario instead.
            addNotice(this.store, "error", `This scenario cannot run: ${msg.message}. The default scenario is shown instead.`);
            this.dispatch({ type: "load", scenario: structuredClone(DEFAULT_SCENARIO), source: { kind: "default" }, title: DEFAULT_TITLE });
          } else {
            addNotice(this.store, "error", `This scenario cannot run: ${msg.message}`);
            this.store.setState({ ...this.shown, parsed: checkScenario(this.shown.scenario).ok ? s.parsed : null });
          }
          return;
        }
        addNotice(this.store, "error", msg.message);
        return;
      }
      case "trace":
      case "window":
      case "fingerprint": {
        const r = this.requests.get(msg.reqId);
        this.requests.delete(msg.reqId);
        r?.(msg);
        return;
      }
      case "pong":
        return;
    }
  }

  private announce(lines: Line[]): void {
    if (lines.length) this.announcer.push(lines);
  }

  private onCrash(why: string): void {
    if (this.disposed) return;
    const now = Date.now();
    this.crashes = this.crashes.filter((t) => now - t < CRASH_WINDOW_MS).concat(now);
    const t = this.store.getState().frame?.t ?? 0;
    if (this.crashes.length >= MAX_CRASHES) {
      this.store.setState({ status: "failed", playing: false });
      addNotice(this.store, "error", `The simulation keeps failing near ${formatSeconds(t)} (${why}). Rewind to an earlier moment or start a new run, then choose Restart the simulation.`);
      return;
    }
    addNotice(this.store, "error", `Sorry: ${why}. It was restarted from your scenario at ${formatSeconds(t)}; nothing you did is lost.`);
    this.restartWorker();
  }

  private restartWorker(): void {
    const s = this.store.getState();
    this.store.setState({ status: "restarting" });
    this.client.start();
    this.client.post({ type: "load", scenario: s.scenario, at: s.frame?.t ?? 0, playing: s.playing, speed: s.speed });
    // Actions the old worker never confirmed are replayed at the restored moment.
    for (const [id, fault] of this.pending) this.client.post({ type: "act", id, fault });
  }

  // ---- Guided tours -------------------------------------------------------------------------

  private startTour(tour: Tour): void {
    let sc: RawScenario;
    try {
      sc = tourScenario(tour).scenario;
    } catch (err) {
      addNotice(this.store, "error", `The tour cannot start: ${(err as Error).message}`);
      return;
    }
    this.store.setState({
      tour: { tour, index: 0, phase: "starting", fromEvent: 0, fromT: 0, leadersAtStart: [], starts: [], ended: false },
    });
    this.tourAfterReset = () => this.beginStep(0);
    this.dispatch({ type: "load", scenario: sc, source: { kind: "preset", name: tour.preset }, title: tour.title, at: 0, playing: false });
  }

  private enterStep(index: number, back: boolean): void {
    const s = this.store.getState();
    const tr = s.tour;
    if (!tr) return;
    const step = tr.tour.steps[index];
    this.store.setState({ tour: { ...tr, index, phase: "starting" }, playing: false });
    this.post({ type: "pause" });
    const next = stepScenario(step);
    if (next) {
      this.tourAfterReset = () => this.beginStep(index);
      this.dispatch({ type: "load", scenario: next.scenario, source: next.preset ? { kind: "preset", name: next.preset } : { kind: "custom" }, title: tr.tour.title, at: 0, playing: false });
      return;
    }
    const start = back ? tr.starts[index] : undefined;
    if (start) {
      this.tourAfterReset = () => this.beginStep(index);
      if (JSON.stringify(start.scenario) === JSON.stringify(s.scenario)) this.dispatch({ type: "seek", t: start.t });
      else this.dispatch({ type: "load", scenario: start.scenario, source: s.source, title: s.title, at: start.t, playing: false });
      return;
    }
    this.beginStep(index);
  }

  private beginStep(index: number): void {
    const s = this.store.getState();
    const tr = s.tour;
    if (!tr) return;
    const step = tr.tour.steps[index];
    const starts = tr.starts.slice();
    starts[index] = { t: s.frame?.t ?? 0, scenario: s.scenario };
    const base = {
      ...tr, index, starts, ended: false,
      fromEvent: s.events.length, fromT: s.frame?.t ?? 0, leadersAtStart: [...leadersOf(s.frame)],
    };
    if (step.action && step.action.by === "learner") {
      this.store.setState({ tour: { ...base, phase: "waiting-action" } });
      this.dispatch({ type: "pause" });
      return;
    }
    this.store.setState({ tour: { ...base, phase: step.action ? "waiting-action" : "running" } });
    if (step.action) this.dispatch({ type: "act", fault: step.action.fault as FaultInput });
    else this.runStep(step.until, base.fromT);
    this.checkTour();
  }

  private tourActed(fault: FaultInput, at: number): void {
    const s = this.store.getState();
    const tr = s.tour;
    if (!tr || tr.phase !== "waiting-action") return;
    const step = tr.tour.steps[tr.index];
    if (!step.action || !actionMatches(step.action.fault, fault, leadersOf(s.frame))) return;
    this.store.setState({ tour: { ...tr, phase: "running", fromEvent: s.events.length, fromT: at } });
    this.runStep(step.until, at);
  }

  /** Play a step; one that lasts a set time stops exactly when it ends, at any speed. */
  private runStep(until: Condition | undefined, fromT: number): void {
    this.post({ type: "stop-at", t: stopTime(until, fromT) });
    this.dispatch({ type: "play" });
  }

  private checkTour(): void {
    const s = this.store.getState();
    const tr = s.tour;
    if (!tr || tr.phase !== "running" || !s.frame) return;
    const step = tr.tour.steps[tr.index];
    const met = !step.until || conditionMet(step.until, {
      events: s.events, fromEvent: tr.fromEvent, fromT: tr.fromT, now: s.frame.t,
      leadersAtStart: new Set(tr.leadersAtStart), leadersNow: leadersOf(s.frame),
      maxTerm: Math.max(0, ...s.frame.nodes.map((n) => n.term)),
    });
    if (met || s.ended) {
      this.store.setState({ tour: { ...tr, phase: "done", ended: !met && s.ended } });
      this.post({ type: "stop-at", t: null });
      this.dispatch({ type: "pause" });
      this.opts.announce?.(`Step ${tr.index + 1} done: ${step.title}.`);
    }
  }
}
