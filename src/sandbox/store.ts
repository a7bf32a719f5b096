// The sandbox's state: controls, the current frame rebuilt from the worker's deltas, the
// latest narratable events and their narration, the historic events of the whole run, the
// timeline samples. Bounded for any run length: the window of events is the worker's choice
// (src/worker/host.ts PAGE_EVENTS_WINDOW), the historic events and the lanes grow with leader
// changes and faults, not with time. A vanilla zustand store: drawing
// code subscribes to it directly, React components select small, slowly changing slices.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Frame, Scenario, TraceEvent } from "../engine/index.ts";
import { applyDelta } from "../worker/frame-delta.ts";
import type { FromWorker, LaneEvent, SentMessage } from "../worker/protocol.ts";
import {
  eventOfLine,
  narrate,
  narrateAll,
  newNarrationContext,
  type Line,
  type NarrationContext,
} from "./narration.ts";
import { checkScenario, type RawScenario } from "./scenarios.ts";
import type { Tour } from "./tour-rules.ts";
import type { TourState } from "../engine/session/index.ts";

export type Source =
  | { kind: "default" }
  | { kind: "preset"; name: string }
  /** a share link; `quiz`: the one a quiz question's "Show me" opens */
  | { kind: "link"; quiz?: boolean }
  | { kind: "file"; name: string }
  | { kind: "custom" };

export interface Notice {
  id: number;
  kind: "error" | "info";
  text: string;
}

/** Settings of the node and network actions (the learner edits them beside the buttons). */
export interface Params {
  pauseSeconds: number;
  isolateSeconds: number | null;
  slowFactor: number;
  driftPpm: number;
  stepMs: number;
  outageSeconds: number | null;
  delayMs: number;
  jitterMs: number;
  lossPercent: number;
  /** partition editor: group (A, B, C or "") of each process; unlisted nodes are in A */
  groups: Record<string, string>;
  partitionOneWay: boolean;
  partitionSeconds: number | null;
  cutFrom: string;
  cutTo: string;
  cutOneWay: boolean;
}

/** The tour machine's state (src/engine/session/tour-machine.ts) for a tour file. */
export type TourRuntime = TourState<Tour>;

export interface SandboxState {
  status: "starting" | "ready" | "restarting" | "failed";
  scenario: RawScenario;
  parsed: Scenario | null;
  source: Source;
  title: string;
  gen: number;
  frame: Frame | null;
  playing: boolean;
  speed: number;
  ended: boolean;
  /** the latest narratable events, the first at whole-run index eventsBase */
  events: TraceEvent[];
  eventsBase: number;
  /** the historic events of the whole run (engine/session/window.ts historic: faults, leader
   *  changes, refused or stale writes, violations, lease expiries...), for the whole-run views,
   *  and their whole-run indices */
  history: TraceEvent[];
  historyAt: number[];
  lanes: LaneEvent[];
  /** the narration of `events` */
  narration: Line[];
  messages: number;
  /** the latest batch of sent messages, for drawing them in flight */
  flights: { seq: number; batch: SentMessage[]; skipped: number };
  selected: string | null;
  notices: Notice[];
  params: Params;
  reducedMotion: boolean;
  tour: TourRuntime | null;
  /** actions sent to the worker and not yet confirmed */
  pending: number;
  /** when the learner first acted on this run (null until then): the run's planned faults from
   *  this moment on were replaced, and every fault at or after it is the learner's own */
  actedAt: number | null;
  /** the run's time at the learner's latest action (null until one): while the run stays paused
   *  there, the Play button's cue says Play shows what follows */
  lastActAt: number | null;
}

export const DEFAULT_PARAMS: Params = {
  pauseSeconds: 15,
  isolateSeconds: null,
  slowFactor: 4,
  driftPpm: 100_000,
  stepMs: 5_000,
  outageSeconds: 20,
  delayMs: 2,
  jitterMs: 1,
  lossPercent: 0,
  groups: {},
  partitionOneWay: false,
  partitionSeconds: null,
  cutFrom: "n1",
  cutTo: "n2",
  cutOneWay: false,
};

export const GROUPS = ["A", "B", "C"] as const;

/** The processes a partition can separate, and the group each is in now. */
export function partitionGroups(s: SandboxState): string[][] {
  const f = s.frame;
  if (!f) return [];
  const procs = [...f.nodes.map((n) => n.id), ...(f.store ? ["store"] : []), "resource"];
  const groupOf = (p: string) => s.params.groups[p] ?? (p === "store" || p === "resource" ? "" : "A");
  return GROUPS.map((g) => procs.filter((p) => groupOf(p) === g)).filter((g) => g.length > 0);
}

export const SPEEDS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 25, 50, 100] as const;

export function initialState(scenario: RawScenario, source: Source, title: string): SandboxState {
  const parsed = checkScenario(scenario);
  return {
    status: "starting",
    scenario,
    parsed: parsed.ok ? parsed.scenario : null,
    source,
    title,
    gen: 0,
    frame: null,
    playing: false,
    speed: 1,
    ended: false,
    events: [],
    eventsBase: 0,
    history: [],
    historyAt: [],
    lanes: [],
    narration: [],
    messages: 0,
    flights: { seq: 0, batch: [], skipped: 0 },
    selected: null,
    notices: [],
    params: { ...DEFAULT_PARAMS },
    reducedMotion: false,
    tour: null,
    pending: 0,
    actedAt: null,
    lastActAt: null,
  };
}

export function createSandboxStore(
  scenario: RawScenario,
  source: Source,
  title: string,
): StoreApi<SandboxState> {
  return createStore<SandboxState>()(() => initialState(scenario, source, title));
}

/** The scenario after an action the worker confirmed: its fault list without the scripted
 *  faults the action dropped (a fork), then the action's faults. The worker sends only this
 *  change, never the whole scenario. */
export function applyActed(scenario: RawScenario, msg: Extract<FromWorker, { type: "acted" }>): RawScenario {
  const faults = Array.isArray(scenario.faults) ? (scenario.faults as unknown[]) : [];
  const removed = new Set(msg.removed);
  const kept = removed.size ? faults.filter((_, i) => !removed.has(i)) : faults;
  return { ...scenario, faults: [...kept, ...msg.faults] } as RawScenario;
}

/** Apply one frame message from the worker. Returns the new lines narrated (for the live region). */
export function applyWorkerFrame(
  store: StoreApi<SandboxState>,
  msg: Extract<FromWorker, { type: "reset" | "delta" }>,
  narr: { ctx: NarrationContext; shown?: { scenario: RawScenario; parsed: Scenario | null } },
): Line[] {
  const s = store.getState();
  if (msg.type === "reset") {
    // A seek leaves the scenario out when it is the one the last reset sent (`narr.shown`; not
    // the store's, which a load the worker has not answered yet may already have replaced).
    const shown = msg.scenario === undefined && narr.shown ? narr.shown : null;
    const parsed = shown ? null : checkScenario(msg.scenario);
    const p = shown ? shown.parsed : parsed?.ok ? parsed.scenario : s.parsed;
    const scenario = shown ? shown.scenario : (msg.scenario as RawScenario);
    narr.shown = { scenario, parsed: p };
    narr.ctx = newNarrationContext(msg.frame.protocol, p ? p.fencing : "token");
    // A seek within the run sends only what this page lacks: it keeps its own first events.
    const keep = msg.keep && msg.keep.gen === s.gen ? msg.keep : null;
    const kept = keep && keep.events !== null ? s.events.slice(0, keep.events - s.eventsBase) : null;
    const all = kept ? kept.concat(msg.events) : msg.events;
    const events = all.slice(msg.eventsBase - (kept ? s.eventsBase : msg.eventsFrom));
    const history = keep ? s.history.slice(0, keep.history).concat(msg.history) : msg.history;
    const historyAt = keep ? s.historyAt.slice(0, keep.history).concat(msg.historyAt) : msg.historyAt;
    const lanes = keep ? s.lanes.slice(0, keep.lanes).concat(msg.lanes) : msg.lanes;
    // Narration carries what it has seen (a leader's first write, a candidate's last election):
    // the historic events before the window hold all of that (window.ts historic), so narrating
    // them first leaves the context as narrating the whole run would.
    for (let i = 0; i < history.length && historyAt[i] < msg.eventsBase; i++) narrate(history[i], narr.ctx);
    const narration = narrateAll(events, narr.ctx);
    const selected = s.selected && msg.frame.nodes.some((n) => n.id === s.selected) ? s.selected : null;
    store.setState({
      status: "ready",
      gen: msg.gen,
      scenario,
      parsed: p,
      frame: msg.frame,
      events,
      eventsBase: msg.eventsBase,
      history,
      historyAt,
      lanes,
      narration,
      messages: msg.messages,
      playing: msg.playing,
      speed: msg.speed,
      ended: msg.frame.t >= msg.frame.until,
      selected,
    });
    return [];
  }
  if (msg.gen !== s.gen || !s.frame) return [];
  const frame = applyDelta(s.frame, msg.delta);
  const lines = msg.events.length ? narrateAll(msg.events, narr.ctx) : [];
  let events = s.events;
  let eventsBase = s.eventsBase;
  let narration = lines.length ? s.narration.concat(lines) : s.narration;
  if (msg.events.length) {
    // After its last one, or later (more came than the window holds): then a new window.
    const follows = msg.eventsFrom === s.eventsBase + s.events.length;
    events = follows ? s.events.concat(msg.events) : msg.events;
    eventsBase = follows ? s.eventsBase : msg.eventsFrom;
    if (!follows) narration = lines;
  }
  if (msg.eventsBase > eventsBase) {
    // The window's oldest events go, with the lines that tell of them.
    const gone = new Set(events.slice(0, msg.eventsBase - eventsBase));
    events = events.slice(msg.eventsBase - eventsBase);
    eventsBase = msg.eventsBase;
    narration = narration.filter((l) => !gone.has(eventOfLine(l) as TraceEvent));
  }
  store.setState({
    frame,
    events,
    eventsBase,
    history: msg.history.length ? s.history.concat(msg.history) : s.history,
    historyAt: msg.history.length ? s.historyAt.concat(msg.historyAt) : s.historyAt,
    lanes: msg.lanes.length ? s.lanes.concat(msg.lanes) : s.lanes,
    narration,
    messages: msg.messages,
    playing: msg.playing,
    ended: msg.ended,
    flights:
      msg.sent.length || msg.sentSkipped
        ? { seq: s.flights.seq + 1, batch: msg.sent, skipped: msg.sentSkipped }
        : s.flights,
  });
  return lines;
}

let noticeSeq = 0;
export function addNotice(store: StoreApi<SandboxState>, kind: Notice["kind"], text: string): void {
  const notices = store.getState().notices.filter((n) => n.text !== text);
  store.setState({ notices: [...notices, { id: ++noticeSeq, kind, text }].slice(-3) });
}

export function dismissNotice(store: StoreApi<SandboxState>, id: number): void {
  store.setState({ notices: store.getState().notices.filter((n) => n.id !== id) });
}

/** Nodes that believe they lead in the current frame. */
export function leadersOf(frame: Frame | null): Set<string> {
  return new Set((frame?.nodes ?? []).filter((n) => n.believesLeader).map((n) => n.id));
}
