// The one path every action takes. A click, a shortcut, a tour step or an opened link becomes a
// Command; the controller turns it into a message for the worker (an action is appended to the
// scenario there, at the moment it happens) and folds the worker's frames into the store. Tours
// run on the engine's tour machine (src/engine/session/tour-machine.ts), the one the headless
// content check runs.
import type { StoreApi } from "zustand/vanilla";
import { createSimClient, type WorkerClient, type WorkerLike } from "../worker/client.ts";
import type { FaultInput, FromWorker, ToWorker } from "../worker/protocol.ts";
import { PendingRequests } from "../worker/pending-requests.ts";
import type { Step, TraceEvent } from "../engine/index.ts";
import { newNarrationContext, type Line } from "./narration.ts";
import { Announcer } from "./announcer.ts";
import { formatSeconds } from "./format-seconds.ts";
import { reduceTour, type TourCommand, type TourEvent, type TourView } from "../engine/session/index.ts";
import { checkScenario, DEFAULT_SCENARIO, DEFAULT_TITLE, type RawScenario } from "./scenarios.ts";
import { performFault } from "./actions.ts";
import {
  addNotice,
  applyActed,
  applyWorkerFrame,
  createSandboxStore,
  leadersOf,
  type SandboxState,
  type Source,
} from "./store.ts";
import type { Tour } from "./tour-rules.ts";

/** Two display frames at 60 Hz: a frame painted later than this after it came means the page
 *  is short of CPU (see afterPaint). */
const LAG_MS = 34;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

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
  private readonly pending = new Map<number, FaultInput[]>();
  /** acts the worker confirmed whose frame has not arrived yet: still pending for the page */
  private readonly confirmed = new Set<number>();
  private actSeq = 0;
  /** the last seek asked for while paused, until play, a step, an act or a load moves on */
  private seekTarget: number | null = null;
  private readonly requests = new PendingRequests<FromWorker>();
  private disposed = false;
  /** what the last reset showed, to fall back on when a new scenario fails to load */
  private shown: Pick<SandboxState, "scenario" | "parsed" | "source" | "title"> | null = null;

  constructor(opts: ControllerOptions) {
    this.opts = opts;
    this.store = createSandboxStore(opts.scenario, opts.source, opts.title);
    this.announcer = new Announcer((text) => opts.announce?.(text));
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
        const id = ++this.actSeq;
        this.pending.set(id, cmd.faults);
        this.store.setState({ pending: this.pending.size });
        return this.post({ type: "act", id, faults: cmd.faults });
      }
      case "load": {
        const checked = checkScenario(cmd.scenario);
        if (!checked.ok) {
          addNotice(this.store, "error", `This scenario cannot run: ${checked.message}`);
          return;
        }
        this.pending.clear();
        this.confirmed.clear();
        this.store.setState({
          source: cmd.source,
          title: cmd.title,
          scenario: cmd.scenario,
          parsed: checked.scenario,
          pending: 0,
          selected: null,
          actedAt: null,
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
        return this.tour({ type: "start", tour: cmd.tour });
      case "tour-next":
        return this.tour({ type: "next" });
      case "tour-back":
        return this.tour({ type: "back" });
      case "tour-do":
        return this.tour({ type: "do" });
      case "tour-exit":
        return this.tour({ type: "exit" });
    }
  }

  /** The whole trace as JSON (built in the worker). */
  traceJson(): Promise<string> {
    return this.request((reqId) => ({ type: "trace", reqId, format: "json" })).then((m) =>
      m.type === "trace" ? m.json : "[]",
    );
  }

  traceWindow(
    from: number,
    to: number,
    limit: number,
  ): Promise<{ events: TraceEvent[]; truncated: boolean }> {
    return this.request((reqId) => ({ type: "window", reqId, from, to, limit })).then((m) =>
      m.type === "window" ? { events: m.events, truncated: m.truncated } : { events: [], truncated: false },
    );
  }

  fingerprint(): Promise<{ t: number; digest: string }> {
    return this.request((reqId) => ({ type: "fingerprint", reqId })).then((m) =>
      m.type === "fingerprint" ? { t: m.t, digest: m.digest } : { t: 0, digest: "" },
    );
  }

  /** "Why?" (issue 20): the causal chain of an event, from the worker's full trace */
  explain(event: TraceEvent): Promise<Step[] | null> {
    return this.request((reqId) => ({ type: "explain", reqId, event })).then((m) =>
      m.type === "explain" ? m.chain : null,
    );
  }

  private request(make: (reqId: number) => ToWorker): Promise<FromWorker> {
    return new Promise((resolve, reject) => {
      const reqId = this.requests.add({ resolve, reject });
      this.post(make(reqId));
    });
  }

  private post(msg: ToWorker): void {
    if (!this.disposed) this.client.post(msg);
  }

  /** `since`: when the frame being painted arrived. A page that paints it more than LAG_MS
   *  later is short of CPU (other processes hold the cores): it lets a display frame more
   *  pass for each LAG_MS of lag before it asks for the next, so it draws every second to
   *  fourth display frame (each time the newest state: the worker's clock runs on meanwhile)
   *  and its main thread idles between them. Under load the page's long tasks held 2-7 ms of
   *  CPU each inside 50-500 ms of wall time: its thread descheduled mid-task; one that idles
   *  more is descheduled less often (issue 39). */
  private afterPaint(cb: () => void, since?: number): void {
    if (this.opts.afterPaint) this.opts.afterPaint(cb);
    else if (typeof requestAnimationFrame === "function")
      requestAnimationFrame(() => {
        // One display frame more for each LAG_MS of lag, at most three (15 pictures a second).
        let extra = since === undefined ? 0 : Math.min(3, Math.floor((performance.now() - since) / LAG_MS));
        const next = () => (extra-- > 0 ? requestAnimationFrame(next) : cb());
        next();
      });
    else setTimeout(cb, 16);
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
        this.afterPaint(() => this.post({ type: "ack" }), received);
        return;
      }
      case "acted": {
        // Pending until the frame that shows it arrives (the worker sends it right after), so a
        // view waiting for `pending` to reach 0 reads the engine's answer, never the frame before.
        if (this.pending.has(msg.id)) this.confirmed.add(msg.id);
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
          addNotice(
            this.store,
            "info",
            `Your action at ${formatSeconds(msg.at)} replaced ${msg.dropped > 1 ? `the ${msg.dropped} planned faults` : "the planned fault"}: from now on only your actions happen.`,
          );
        }
        for (const fault of msg.faults)
          this.tour({ type: "acted", fault, at: msg.at, eventIndex: msg.eventIndex });
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
            addNotice(
              this.store,
              "error",
              `This scenario cannot run: ${msg.message}. The default scenario is shown instead.`,
            );
            this.dispatch({
              type: "load",
              scenario: structuredClone(DEFAULT_SCENARIO),
              source: { kind: "default" },
              title: DEFAULT_TITLE,
            });
          } else {
            addNotice(this.store, "error", `This scenario cannot run: ${msg.message}`);
            // The load already put the refused scenario and its parsed form in the store.
            this.store.setState({ ...this.shown });
          }
          return;
        }
        addNotice(this.store, "error", msg.message);
        return;
      }
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
    if (this.confirmed.size === 0) return;
    for (const id of this.confirmed) this.pending.delete(id);
    this.confirmed.clear();
    this.store.setState({ pending: this.pending.size });
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
    if (!restarted) {
      this.store.setState({ status: "failed", playing: false });
      addNotice(
        this.store,
        "error",
        `The simulation keeps failing near ${formatSeconds(t)} (${why}). Rewind to an earlier moment or start a new run, then choose Restart the simulation.`,
      );
      return;
    }
    addNotice(
      this.store,
      "error",
      `Sorry: ${why}. It was restarted from your scenario at ${formatSeconds(t)}; nothing you did is lost.`,
    );
    this.replay();
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
    for (const [id, faults] of this.pending) this.client.post({ type: "act", id, faults });
  }

  // ---- Guided tours: the engine's tour machine, fed what the page shows ----------------------

  private tourView(): TourView {
    const s = this.store.getState();
    return {
      live: s.frame !== null,
      t: s.frame?.t ?? 0,
      scenario: s.scenario,
      events: s.events,
      eventsBase: s.eventsBase,
      leaders: leadersOf(s.frame),
      maxTerm: Math.max(0, ...(s.frame?.nodes ?? []).map((n) => n.term)),
      ended: s.ended,
    };
  }

  private tour(event: DistributiveOmit<TourEvent<Tour>, "view">): void {
    const before = this.store.getState().tour;
    if (!before && event.type !== "start") return; // no tour: nothing to judge on this frame
    const r = reduceTour(before, { ...event, view: this.tourView() } as TourEvent<Tour>);
    if (r.state !== before) this.store.setState({ tour: r.state });
    for (const c of r.commands) this.tourCommand(c);
  }

  private tourCommand(c: TourCommand): void {
    const s = this.store.getState();
    switch (c.type) {
      case "load": {
        const source: Source = c.source !== undefined ? { kind: "preset", name: c.source } : s.source;
        return this.dispatch({
          type: "load",
          scenario: c.scenario as RawScenario,
          source,
          title: c.title ?? s.title,
          at: c.at,
          playing: false,
        });
      }
      case "seek":
        return this.dispatch({ type: "seek", t: c.t });
      case "play":
        return this.dispatch({ type: "play" });
      case "pause":
        return this.dispatch({ type: "pause" });
      case "act":
        performFault(this, c.fault); // through the action registry, as a click or a key
        return;
      case "stop-at":
        return this.post({ type: "stop-at", t: c.t });
      case "announce":
        this.opts.announce?.(c.text);
        return;
      case "notice":
        addNotice(this.store, "error", c.text);
        return;
    }
  }
}
