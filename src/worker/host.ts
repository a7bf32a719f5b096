// The simulation host: everything the worker does, with no worker globals, so it runs (and is
// tested) in Node too. It owns one Simulation, replays the scenario through the engine, keeps
// plain-data snapshots every few simulated seconds for cheap rewinds, forks the fault script
// when the learner acts after a rewind, and streams frames as deltas at display rate (one
// frame in flight: the page acknowledges each before the next is sent).
import {
  createSimulation,
  resumeSimulation,
  parseScenario,
  parseDuration,
  digest,
  ScenarioError,
  type Fault,
  type SimState,
  type Simulation,
  type TraceEvent,
} from "../engine/index.ts";
import { createEncoder } from "./frame-delta.ts";
import type { FaultInput, FromWorker, LaneEvent, SentMessage, ToWorker } from "./protocol.ts";

/** Simulated milliseconds between snapshots. */
export const SNAP_EVERY = 2000;
/** At most this many message sends per frame are sent for drawing. */
export const MAX_SENT_PER_FRAME = 24;
/** Trace events the page needs (narration, timeline, tours); message traffic stays here. */
const QUIET = new Set(["send", "deliver", "drop", "term"]);
export const narratable = (e: TraceEvent) => !QUIET.has(e.type);

type Rest = Omit<SimState, "trace">;
interface Snap {
  t: number;
  rest: Rest;
  traceLen: number;
  laneLen: number;
  laneLast: string[];
}

export interface HostOptions {
  post(msg: FromWorker): void;
  /** real time in ms (performance.now in the worker) */
  now(): number;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

function laneRole(status: string, role: string): string {
  if (status === "paused") return "paused";
  if (status === "crashed") return "crashed";
  if (status === "stopped") return "stopped";
  if (role === "leader") return "leader";
  if (role === "candidate" || role === "precandidate") return "candidate";
  return "follower";
}

/** Give a (cloned) state the current fault list: the ones before `t` have fired. */
export function reconcileFaults(state: SimState, faults: Fault[], t: number): void {
  state.scenario.faults = structuredClone(faults);
  const order = faults.map((_, i) => i).sort((a, b) => faults[a].at - faults[b].at || a - b);
  state.faultOrder = order;
  let next = 0;
  while (next < order.length && faults[order[next]].at < t) next++;
  state.faultNext = next;
}

export class SimHost {
  private sim: Simulation | null = null;
  private raw: Record<string, unknown> = {};
  private snaps: Snap[] = [];
  private lanes: LaneEvent[] = [];
  private laneLast: string[] = [];
  private gen = 0;
  private playing = false;
  /** pause when simulated time reaches this moment (null: run on) */
  private stopAt: number | null = null;
  private speed = 1;
  private lastReal = 0;
  private sentTrace = 0;
  private sentLanes = 0;
  private awaitingAck = false;
  private lastSentT = -1;
  private lastSentPlaying = false;
  private encoder = createEncoder();
  private readonly opts: HostOptions;
  private readonly hook = () => {
    this.sampleLanes();
    return false;
  };

  constructor(opts: HostOptions) {
    this.opts = opts;
  }

  /** For tests: the live simulation. */
  get simulation(): Simulation | null {
    return this.sim;
  }

  get scenario(): Record<string, unknown> {
    return this.raw;
  }

  handle(msg: ToWorker): void {
    switch (msg.type) {
      case "load": return this.load(msg.scenario, msg.at, msg.playing, msg.speed);
      case "play":
        if (this.sim && this.sim.now < this.sim.scenario.until) {
          this.playing = true;
          this.lastReal = this.opts.now();
        }
        return;
      case "pause":
        this.playing = false;
        this.flush();
        return;
      case "speed":
        this.speed = Math.min(100, Math.max(0.1, msg.speed));
        return;
      case "seek":
        this.stopAt = null;
        return this.seek(msg.t);
      case "step": return this.step();
      case "stop-at":
        this.stopAt = msg.t === null || !Number.isFinite(msg.t) ? null : msg.t;
        return;
      case "act": return this.act(msg.id, msg.fault);
      case "ack":
        this.awaitingAck = false;
        return;
      case "ping":
        this.opts.post({ type: "pong", id: msg.id });
        return;
      case "trace":
        this.opts.post({ type: "trace", reqId: msg.reqId, json: JSON.stringify(this.sim ? this.sim.trace : []) });
        return;
      case "window": return this.window(msg.reqId, msg.from, msg.to, msg.limit);
      case "fingerprint":
        if (!this.sim) return;
        this.opts.post({ type: "fingerprint", reqId: msg.reqId, t: this.sim.now, digest: digest(this.sim.trace) });
        return;
    }
  }

  /** Advance by the real time elapsed (when playing) and send a frame if the page is ready. */
  tick(): void {
    const sim = this.sim;
    if (!sim) return;
    const real = this.opts.now();
    if (this.playing) {
      // A throttled background tab must not turn into one enormous jump.
      const dt = Math.min(250, Math.max(0, real - this.lastReal));
      const target = Math.min(sim.scenario.until, this.stopAt ?? Infinity, r3(sim.now + dt * this.speed));
      if (target > sim.now) this.advanceTo(target);
      const cur = this.sim as Simulation;
      if (cur.now >= cur.scenario.until) this.playing = false;
      if (this.stopAt !== null && cur.now >= this.stopAt) {
        this.playing = false;
        this.stopAt = null;
      }
    }
    this.lastReal = real;
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
    let sim: Simulation;
    try {
      sim = createSimulation(scenario, { trace: "full" });
    } catch (err) {
      return this.fail("load", err);
    }
    this.sim = sim;
    this.stopAt = null;
    this.raw = structuredClone(scenario) as Record<string, unknown>;
    this.snaps = [];
    this.lanes = [];
    this.laneLast = sim.state.nodes.map(() => "");
    this.sampleLanes();
    this.takeSnap();
    this.speed = Math.min(100, Math.max(0.1, speed || 1));
    this.advanceTo(Math.min(Math.max(0, at || 0), sim.scenario.until));
    this.playing = playing && sim.now < sim.scenario.until;
    this.lastReal = this.opts.now();
    this.sendReset();
  }

  private sampleLanes(): void {
    const sim = this.sim as Simulation;
    const nodes = sim.state.nodes;
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i];
      const role = laneRole(n.status, n.role);
      const token = n.believes ? n.token : null;
      const k = `${role}|${n.term}|${token}`;
      if (k !== this.laneLast[i]) {
        this.laneLast[i] = k;
        this.lanes.push({ t: sim.state.now, i, role, term: n.term, token });
      }
    }
  }

  private takeSnap(): void {
    const sim = this.sim as Simulation;
    const last = this.snaps[this.snaps.length - 1];
    if (last && last.t >= sim.now) return;
    const { trace, ...rest } = sim.state;
    this.snaps.push({ t: sim.now, rest: structuredClone(rest), traceLen: trace.length, laneLen: this.lanes.length, laneLast: [...this.laneLast] });
  }

  /** Run forward to t, snapshotting at every SNAP_EVERY boundary on the way. */
  private advanceTo(t: number): void {
    const sim = this.sim as Simulation;
    while (sim.now < t) {
      const boundary = (Math.floor(sim.now / SNAP_EVERY) + 1) * SNAP_EVERY;
      const target = Math.min(boundary, t);
      sim.runUntil(target, this.hook);
      if (target === boundary) this.takeSnap();
    }
  }

  private resumeFrom(snap: Snap): void {
    const cur = this.sim as Simulation;
    const faults = cur.state.scenario.faults;
    const state = { ...structuredClone(snap.rest), trace: cur.state.trace.slice(0, snap.traceLen) } as SimState;
    reconcileFaults(state, faults, snap.t);
    this.sim = resumeSimulation(state);
    this.lanes.length = snap.laneLen;
    this.laneLast = [...snap.laneLast];
    this.snaps = this.snaps.filter((s) => s.t <= snap.t);
  }

  private seek(t: number): void {
    const sim = this.sim;
    if (!sim) return;
    const target = Math.min(Math.max(0, Number.isFinite(t) ? t : 0), sim.scenario.until);
    if (target < sim.now) {
      let snap = this.snaps[0];
      for (const s of this.snaps) if (s.t <= target) snap = s;
      this.resumeFrom(snap);
    }
    this.advanceTo(target);
    if ((this.sim as Simulation).now >= (this.sim as Simulation).scenario.until) this.playing = false;
    this.sendReset();
  }

  private step(): void {
    const sim = this.sim;
    if (!sim || sim.now >= sim.scenario.until) return;
    this.playing = false;
    // One engine event, skipping the invisible ones (messages arriving at nobody's notice are
    // still one event each, so bound the search).
    const before = sim.trace.length;
    for (let i = 0; i < 1000 && sim.trace.length === before; i++) {
      if (!sim.step()) break;
      this.sampleLanes();
      if (sim.now >= sim.scenario.until) break;
    }
    this.flush(true);
  }

  private act(id: number, fault: FaultInput): void {
    const sim = this.sim;
    if (!sim) return;
    try {
      if (sim.now >= sim.scenario.until) {
        throw new ScenarioError("at", `the run has ended at ${sim.scenario.until} ms; extend it or rewind before acting`);
      }
      let at = sim.now;
      if (at <= sim.state.lastAt) at = r3(sim.state.lastAt + 0.001);
      const input = { ...fault, at };
      const rawFaults = Array.isArray(this.raw.faults) ? (this.raw.faults as Array<Record<string, unknown>>) : [];
      const keep: Array<Record<string, unknown>> = [];
      const keepIdx: number[] = [];
      rawFaults.forEach((f, i) => {
        const fat = parseDuration(f.at);
        if (fat !== null && fat < at) {
          keep.push(f);
          keepIdx.push(i);
        }
      });
      const nextRaw = { ...this.raw, faults: [...keep, input] };
      parseScenario(nextRaw); // the same validation as an imported scenario, before anything changes
      if (at > sim.now) sim.runUntil(at, this.hook);
      const dropped = rawFaults.length - keep.length;
      if (dropped > 0) {
        // Acting after a rewind forks the run: the script is replaced from this moment on.
        const faults = keepIdx.map((i) => sim.state.scenario.faults[i]);
        reconcileFaults(sim.state, faults, at);
      }
      sim.addFault(input);
      // Apply it now (and any other fault due at this instant, as a continuous run would), so
      // its effect shows even while time is paused. Queued events of the instant wait for play.
      const st = sim.state;
      while (st.faultNext < st.faultOrder.length && st.scenario.faults[st.faultOrder[st.faultNext]].at <= at) {
        sim.step();
        this.sampleLanes();
      }
      this.raw = nextRaw;
      this.opts.post({ type: "acted", id, at, fault: input, dropped, scenario: structuredClone(nextRaw) });
      this.flush(true);
    } catch (err) {
      this.fail("act", err, id);
    }
  }

  private window(reqId: number, from: number, to: number, limit: number): void {
    const out: TraceEvent[] = [];
    let truncated = false;
    for (const e of this.sim ? this.sim.trace : []) {
      if (e.t < from || e.type === "deliver" || e.type === "term") continue;
      if (e.t > to) break;
      if (e.type === "lease" && e.action === "renew") continue;
      if (out.length >= limit) {
        truncated = true;
        break;
      }
      out.push(e);
    }
    this.opts.post({ type: "window", reqId, events: out, truncated });
  }

  private sendReset(): void {
    const sim = this.sim as Simulation;
    this.gen++;
    const frame = sim.frame();
    this.encoder.reset(frame);
    this.sentTrace = sim.trace.length;
    this.sentLanes = this.lanes.length;
    this.lastSentT = sim.now;
    this.lastSentPlaying = this.playing;
    this.awaitingAck = true;
    this.opts.post({
      type: "reset", gen: this.gen, scenario: structuredClone(this.raw), frame,
      events: sim.trace.filter(narratable), lanes: [...this.lanes],
      messages: sim.state.stats.messages, playing: this.playing, speed: this.speed,
    });
  }

  /** Send what changed since the last frame, if the page has drawn that one. */
  private flush(force = false): void {
    const sim = this.sim;
    if (!sim || (this.awaitingAck && !force)) return;
    const trace = sim.trace;
    const same = sim.now === this.lastSentT && trace.length === this.sentTrace && this.lanes.length === this.sentLanes;
    if (same && this.playing === this.lastSentPlaying && !force) return;
    const events: TraceEvent[] = [];
    const sent: SentMessage[] = [];
    let skipped = 0;
    for (let i = this.sentTrace; i < trace.length; i++) {
      const e = trace[i];
      if (e.type === "send") {
        if (sent.length < MAX_SENT_PER_FRAME) sent.push({ id: e.id, from: e.from, to: e.to, kind: e.kind, sentAt: e.t, arriveAt: e.arriveAt });
        else skipped++;
      } else if (narratable(e)) events.push(e);
    }
    this.sentTrace = trace.length;
    const lanes = this.lanes.slice(this.sentLanes);
    this.sentLanes = this.lanes.length;
    this.lastSentT = sim.now;
    this.lastSentPlaying = this.playing;
    this.awaitingAck = true;
    this.opts.post({
      type: "delta", gen: this.gen, delta: this.encoder.encode(sim.frame()), events, lanes, sent, sentSkipped: skipped,
      messages: sim.state.stats.messages, playing: this.playing, ended: sim.now >= sim.scenario.until,
    });
  }
}
