// Test stand-ins for a one-shot worker (one-shot-worker.ts): a port that records what it was
// sent and whether it was ended, and a timer fired by hand, so no test waits on a clock.
import type { OneShotPort } from "./one-shot-worker.ts";

export class FakePort<In, Out> implements OneShotPort<In, Out> {
  posted: In[] = [];
  terminated = false;
  onmessage: ((e: MessageEvent<Out>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  postMessage(input: In) {
    this.posted.push(input);
  }
  terminate() {
    this.terminated = true;
  }
}

export function manualTimer() {
  let fire: (() => void) | null = null;
  return {
    setTimer: (f: () => void) => ((fire = f), 1),
    clearTimer: () => void (fire = null),
    fire: () => fire?.(),
    armed: () => fire !== null,
  };
}
