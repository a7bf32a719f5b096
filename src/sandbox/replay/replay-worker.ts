// Plays a recorded real trial through the page's worker protocol (src/worker/protocol.ts), so
// the sandbox's controller, picture, timeline and time controls show it as they show a
// simulated run. Read-only: an action is refused, and time stays within the recording (no
// seek or play past its end).
import { createEncoder } from "../../worker/frame-delta.ts";
import type { FromWorker, ToWorker } from "../../worker/protocol.ts";
import type { WorkerLike, WorkerPort } from "../../worker/client.ts";
import type { Frame, TraceEvent } from "../../engine/index.ts";
import { frameAt, trialEvents, trialLanes, type RecordedTrial } from "./recorded-frames.ts";

/** ms of page time between frames while playing */
const TICK_MS = 50;

export function createReplayWorker(tr: RecordedTrial, template: Frame, scenario: unknown): WorkerLike {
  const events = trialEvents(tr);
  const lanes = trialLanes(tr, template);
  const enc = createEncoder();
  let t = 0,
    speed = 1,
    playing = false,
    gen = 0,
    timer: ReturnType<typeof setInterval> | null = null;
  const upTo = (x: number) => events.filter((e) => e.t <= x).length;
  const lanesUpTo = (x: number) => lanes.filter((l) => l.t <= x).length;
  const port: WorkerPort<ToWorker, FromWorker> = {
    onmessage: null,
    onerror: null,
    postMessage: (msg) => queueMicrotask(() => handle(msg)),
    terminate: () => stop(),
  };
  const send = (m: FromWorker) => port.onmessage?.({ data: m } as MessageEvent<FromWorker>);
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const reset = (first: boolean) => {
    gen += 1;
    const frame = frameAt(tr, template, t);
    enc.reset(frame);
    const shown: TraceEvent[] = events.slice(0, upTo(t));
    send({
      type: "reset",
      gen,
      ...(first ? { scenario } : {}),
      frame,
      events: shown,
      eventsFrom: 0,
      eventsBase: 0,
      history: shown,
      historyAt: shown.map((_, i) => i),
      lanes: lanes.slice(0, lanesUpTo(t)),
      messages: 0,
      playing,
      speed,
    });
  };
  const advance = (to: number) => {
    const from = t;
    t = Math.min(tr.end, to);
    const ended = t >= tr.end;
    if (ended) playing = false;
    const a = upTo(from),
      b = upTo(t);
    const fresh = events.slice(a, b);
    send({
      type: "delta",
      gen,
      delta: enc.encode(frameAt(tr, template, t)),
      events: fresh,
      eventsFrom: a,
      eventsBase: 0,
      history: fresh,
      historyAt: fresh.map((_, i) => a + i),
      lanes: lanes.slice(lanesUpTo(from), lanesUpTo(t)),
      sent: [],
      sentSkipped: 0,
      messages: 0,
      playing,
      ended,
    });
    if (ended) stop();
  };
  const play = () => {
    if (t >= tr.end) return;
    playing = true;
    stop();
    timer = setInterval(() => advance(t + TICK_MS * speed), TICK_MS);
  };
  function handle(msg: ToWorker): void {
    switch (msg.type) {
      case "load":
        t = Math.max(0, Math.min(msg.at, tr.end));
        speed = msg.speed;
        playing = false;
        reset(true);
        if (msg.playing) play();
        return;
      case "play":
        return play();
      case "pause":
        playing = false;
        stop();
        return advance(t);
      case "speed":
        speed = msg.speed;
        return;
      case "seek":
        t = Math.max(0, Math.min(msg.t, tr.end));
        return reset(false);
      case "step": {
        const next = events.find((e) => e.t > t);
        playing = false;
        stop();
        return advance(next ? next.t : tr.end);
      }
      case "act":
        return send({ type: "error", id: msg.id, scope: "act", message: "a recorded real run is read-only" });
      case "ping":
        return send({ type: "pong", id: msg.id });
      case "trace":
        return send({ type: "trace", reqId: msg.reqId, json: JSON.stringify(events) });
      case "window": {
        const w = events.filter((e) => e.t >= msg.from && e.t <= msg.to);
        return send({
          type: "window",
          reqId: msg.reqId,
          events: w.slice(0, msg.limit),
          truncated: w.length > msg.limit,
        });
      }
      case "fingerprint":
        return send({ type: "fingerprint", reqId: msg.reqId, t, digest: "" });
      case "explain":
        return send({ type: "explain", reqId: msg.reqId, chain: null });
      case "stop-at":
      case "ack":
        return;
    }
  }
  return port;
}
