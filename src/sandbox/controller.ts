// The sandbox controller: turns commands into worker messages and worker frames into the store.
// The one path every action takes. A click, a shortcut, a tour step or an opened link becomes a
// Command; the controller turns it into a message for the worker (an action is appended to the
// scenario there, at the moment it happens) and folds the worker's frames into the store. Tours
// run on the engine's tour machine (src/engine/session/tour-machine.ts), the one the headless
// content check runs.
import type { StoreApi } from "zustand/vanilla";
import { createSimClient, type WorkerClient, type WorkerLike } from "../worker/client.ts";
import type { FromWorker, ToWorker } from "../worker/protocol.ts";
import type { Step, TraceEvent } from "../engine/index.ts";
import { newNarrationContext, type Line } from "./narration.ts";
import { Announcer } from "./announcer.ts";
import { ActLedger } from "./act-ledger.ts";
import { crashNotice, replacedPlanNotice } from "./run-notices.ts";
import { checkScenario, type RawScenario } from "./scenarios.ts";
import { onWorkerError, type ShownRun } from "./worker-errors.ts";
import {
  addNotice,
  applyActed,
  applyWorkerFrame,
  createSandboxStore,
  type SandboxState,
  type Source,
} from "./store.ts";
import { afterPaint } from "./paint-pacing.ts";
import { SimRequests } from "./sim-requests.ts";
import { roomAfterAct } from "./run-room.ts";
import { stepTour, tourStep, type TourHost, type TourInput } from "./tour-driver.ts";

export type { Command } from "./commands.ts";
import type { Command } from "./commands.ts";

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

export class SandboxController {
  readonly store: StoreApi<SandboxState>;
  private readonly client: WorkerClient<ToWorker, FromWorker>;
  private readonly opts: ControllerOptions;
  private readonly narr: Parameters<typeof applyWorkerFrame>[2] = {
    ctx: newNarrationContext("raft", "token"),
  };
  private readonly announcer: Announcer;
  private readonly tourHost: TourHost;
  private readonly acts = new ActLedger();
  /** the last seek asked for while paused, until play, a step, an act or a load moves on */
  private seekTarget: number | null = null;
  private readonly requests = new SimRequests((msg) => this.post(msg));
  private disposed = false;
  /** what the last reset showed, to fall back on when a new scenario fails to load */
  private shown: ShownRun | null = null;

  constructor(opts: ControllerOptions) {
    this.opts = opts;
    this.store = createSandboxStore(opts.scenario, opts.source, opts.title);
    this.announcer = new Announcer((text) => opts.announce?.(text));
    this.tourHost = {
      store: this.store,
      dispatch: (cmd) => this.dispatch(cmd),
      stopAt: (t) => this.post({ type: "stop-at", t }),
      announce: (text) => opts.announce?.(text),
    };
    for (const n of opts.notices ?? []) addNotice(this.store, "error", n);
    this.client = createSimClient({
      onMessage: (m) => this.onMessage(m),
      onCrash: (why, restarted) => this.onCrash(why, restarted),
      createWorker: opts.createWorker,
      pingEvery: opts.pingEvery,
      pingTimeout: opts.pingTimeout,
    });
  }

  start(): void {
    this.client.start();
    const s = this.store.getState();
    this.post({
      type: "load",
      scenario: s.scenario,
      at: this.opts.at ?? 0,
      playing: this.opts.playing ?? false,
      speed: s.speed,
    });
  }

  dispose(): void {
    this.disposed = true;
    this.announcer.clear();
    this.client.stop();
    this.requests.failAll(new Error("the run was closed"));
  }

  /** Restart a worker that failed repeatedly, from the scenario and the moment last shown. */
  retry(): void {
    this.client.retry();
    this.replay();
  }

  dispatch(cmd: Command): void {
    const s = this.store.getState();
    if (
      cmd.type !== "seek" &&
      cmd.type !== "seek-by" &&
      cmd.type !== "select" &&
      cmd.type !== "params" &&
      cmd.type !== "speed"
    )
      this.seekTarget = null;
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
        this.seekTarget = s.playing ? null : cmd.t;
        return this.post({ type: "seek", t: cmd.t });
      case "seek-by": {
        const base = !s.playing && this.seekTarget !== null ? this.seekTarget : (s.frame?.t ?? 0);
        const until = s.frame?.until ?? Infinity;
        return this.dispatch({ type: "seek", t: Math.min(until, Math.max(0, base + cmd.by)) });
      }
      case "step":
        this.store.setState({ playing: false });
        return this.post({ type: "step", ...(cmd.mode ? { mode: cmd.mode } : {}) });
      case "act": {
        // Acting in a run's last seconds: the run goes on long enough to show what follows
        // (review 14b #6: a 2 s example left 0.07 s after the learner's heal). The preset's own
        // length is untouched; only this run is extended, and the notice says so.
        const room = roomAfterAct(s);
        if (room !== null) {
          const actedAt = s.actedAt;
          this.dispatch({ type: "extend", by: room.by });
          this.store.setState({ actedAt, selected: s.selected });
          addNotice(this.store, "info", room.notice);
        }
        const id = this.acts.add(cmd.faults);
        this.store.setState({ pending: this.acts.size, lastActAt: this.store.getState().frame?.t ?? null });
        return this.post({ type: "act", id, faults: cmd.faults });
      }
      case "load": {
        const checked = checkScenario(cmd.scenario);
        if (!checked.ok) {
          addNotice(this.store, "error", `This scenario cannot run: ${checked.message}`);
          return;
        }
        this.acts.clear();
        this.store.setState({
          source: cmd.source,
          title: cmd.title,
          scenario: cmd.scenario,
          parsed: checked.scenario,
          pending: 0,
          selected: null,
          actedAt: null,
          lastActAt: null,
        });
        return this.post({
          type: "load",
          scenario: cmd.scenario,
          at: cmd.at ?? 0,
          playing: cmd.playing ?? false,
          speed: s.speed,
        });
      }
      case "extend": {
        const parsed = s.parsed;
        if (!parsed) return;
        const scenario = { ...s.scenario, until: parsed.until + cmd.by };
        return this.dispatch({
          type: "load",
          scenario,
          source: s.source,
          title: s.title,
          at: s.frame?.t ?? 0,
          playing: s.playing,
        });
      }
      case "select":
        this.store.setState({ selected: cmd.node });
        return;
      case "params":
        this.store.setState({ params: { ...s.params, ...cmd.params } });
        return;
      case "tour-start":
      case "tour-next":
      case "tour-back":
      case "tour-do":
      case "tour-retry":
      case "tour-exit":
        return this.tour(
          cmd.type === "tour-start" ? { type: "start", tour: cmd.tour } : { type: tourStep(cmd.type) },
        );
    }
  }

  /** The whole trace as JSON (built in the worker). */
  traceJson(): Promise<string> {
    return this.requests.traceJson();
  }

  traceWindow(
    from: number,
    to: number,
    limit: number,
  ): Promise<{ events: TraceEvent[]; truncated: boolean }> {
    return this.requests.traceWindow(from, to, limit);
  }

  fingerprint(): Promise<{ t: number; digest: string }> {
    return this.requests.fingerprint();
  }

  /** "Why?" (issue 20): the causal chain of an event, from the worker's full trace */
  explain(event: TraceEvent): Promise<Step[] | null> {
    return this.requests.explain(event);
  }

  private post(msg: ToWorker): void {
    if (!this.disposed) this.client.post(msg);
  }

  private onMessage(msg: FromWorker): void {
    if (this.disposed) return;
    switch (msg.type) {
      case "reset":
      case "delta": {
        const received = typeof performance === "undefined" ? undefined : performance.now();
        const lines = applyWorkerFrame(this.store, msg, this.narr);
        this.settleConfirmed();
        if (msg.type === "reset") {
          const st = this.store.getState();
          this.shown = { scenario: st.scenario, parsed: st.parsed, source: st.source, title: st.title };
          this.announcer.clear();
        } else this.announce(lines);
        this.tour({ type: msg.type === "reset" ? "reset" : "frame" });
        afterPaint(this.opts.afterPaint, () => this.post({ type: "ack" }), received);
        return;
      }
      case "acted": {
        // Pending until the frame that shows it arrives (the worker sends it right after), so a
        // view waiting for `pending` to reach 0 reads the engine's answer, never the frame before.
        this.acts.confirm(msg.id);
        const st = this.store.getState();
        const scenario = applyActed(st.scenario, msg);
        // The worker leaves the scenario out of later resets: the page holds it now.
        if (this.narr.shown) this.narr.shown = { ...this.narr.shown, scenario };
        if (this.shown) this.shown = { ...this.shown, scenario };
        this.store.setState({
          scenario,
          actedAt: st.actedAt === null ? msg.at : Math.min(st.actedAt, msg.at),
        });
        if (msg.dropped > 0) {
          // Short, and shown beside the picture (never above it): the caption said when the plan was.
          addNotice(this.store, "info", replacedPlanNotice(msg.at, msg.dropped));
        }
        for (const fault of msg.faults)
          this.tour({ type: "acted", fault, at: msg.at, eventIndex: msg.eventIndex });
        return;
      }
      case "error":
        return onWorkerError(
          { store: this.store, acts: this.acts, shown: this.shown, dispatch: (cmd) => this.dispatch(cmd) },
          msg,
        );
      case "trace":
      case "window":
      case "explain":
      case "fingerprint": {
        this.requests.resolve(msg.reqId, msg);
        return;
      }
      case "pong":
        return;
    }
  }

  /** Confirmed acts are drawn now: no longer pending. */
  private settleConfirmed(): void {
    if (this.acts.settle()) this.store.setState({ pending: this.acts.size });
  }

  private announce(lines: Line[]): void {
    if (lines.length) this.announcer.push(lines);
  }

  /** The client's restart policy (src/worker/client.ts) decides whether a fresh worker runs. */
  private onCrash(why: string, restarted: boolean): void {
    if (this.disposed) return;
    // A "Why?", a diagram or an export the old worker never answered fails with the reason.
    this.requests.failAll(new Error(why));
    const t = this.store.getState().frame?.t ?? 0;
    if (!restarted) this.store.setState({ status: "failed", playing: false });
    addNotice(this.store, "error", crashNotice(why, t, restarted));
    if (restarted) this.replay();
  }

  /** Give a fresh worker the scenario and the moment last shown. */
  private replay(): void {
    const s = this.store.getState();
    this.store.setState({ status: "restarting" });
    this.client.post({
      type: "load",
      scenario: s.scenario,
      at: s.frame?.t ?? 0,
      playing: s.playing,
      speed: s.speed,
    });
    // Actions the old worker never confirmed are replayed at the restored moment.
    // Confirmed ones are in the scenario already.
    this.settleConfirmed();
    for (const [id, faults] of this.acts.waiting()) this.client.post({ type: "act", id, faults });
  }

  // ---- Guided tours: the engine's tour machine (tour-driver.ts), fed what the page shows ------

  private tour(event: TourInput): void {
    stepTour(this.tourHost, event);
  }
}
