// The sandbox's state: controls, the current frame rebuilt from the worker's deltas, the
// narratable events, the timeline samples and the narration. A vanilla zustand store: drawing
// code subscribes to it directly, React components select small, slowly changing slices.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Frame, Scenario, TraceEvent } from "../engine/index.ts";
import { applyDelta } from "../worker/frame-delta.ts";
import type { FromWorker, LaneEvent, SentMessage } from "../worker/protocol.ts";
import { narrateAll, newNarrationContext, type Line, type NarrationContext } from "./narration.ts";
import { checkScenario, type RawScenario } from "./scenarios.ts";
import type { Tour } from "./tour-rules.ts";
import type { TourState } from "../engine/session/index.ts";

export type Source =
  | { kind: "default" }
  | { kind: "preset"; name: string }
  | { kind: "link" }
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
  events: TraceEvent[];
  lanes: LaneEvent[];
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
  };
}

export function createSandboxStore(scenario: RawScenario, source: Source, title: string): StoreApi<SandboxState> {
  return createStore<SandboxState>()(() => initialState(scenario, source, title));
}

/** Apply one frame message from the worker. Returns the new lines narrated (for the live region). */
export function applyWorkerFrame(store: StoreApi<SandboxState>, msg: Extract<FromWorker, { type: "reset" | "delta" }>, narr: { ctx: NarrationContext }): Line[] {
  const s = store.getState();
  if (msg.type === "reset") {
    const parsed = checkScenario(msg.scenario);
    const p = parsed.ok ? parsed.scenario : s.parsed;
    narr.ctx = newNarrationContext(msg.frame.protocol, p ? p.fencing : "token");
    // A seek within the run sends only what this page lacks: it keeps its own first events.
    const keep = msg.keep && msg.keep.gen === s.gen ? msg.keep : null;
    const events = keep ? s.events.slice(0, keep.events).concat(msg.events) : msg.events;
    const lanes = keep ? s.lanes.slice(0, keep.lanes).concat(msg.lanes) : msg.lanes;
    const narration = narrateAll(events, narr.ctx);
    const selected = s.selected && msg.frame.nodes.some((n) => n.id === s.selected) ? s.selected : null;
    store.setState({
      status: "ready",
      gen: msg.gen,
      scenario: msg.scenario as RawScenario,
      parsed: p,
      frame: msg.frame,
      events,
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
  store.setState({
    frame,
    events: msg.events.length ? s.events.concat(msg.events) : s.events,
    lanes: msg.lanes.length ? s.lanes.concat(msg.lanes) : s.lanes,
    narration: lines.length ? s.narration.concat(lines) : s.narration,
    messages: msg.messages,
    playing: msg.playing,
    ended: msg.ended,
    flights: msg.sent.length || msg.sentSkipped ? { seq: s.flights.seq + 1, batch: msg.sent, skipped: msg.sentSkipped } : s.flights,
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
