// The playback clock: real time in, simulated time out. Kept apart from the session (as
// d3-force keeps its timer apart from stepping): the caller owns the timer and passes the real
// time (performance.now in the worker, a counter in tests and the headless tour check), so the
// same clock runs anywhere and a test moves it by hand.
import type { Session } from "./session.ts";

/** Real milliseconds one tick may cover at most: a throttled background tab must not turn
 *  into one enormous jump. */
export const MAX_TICK_MS = 250;

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const clampSpeed = (x: number) => Math.min(100, Math.max(0.1, x));

export class Playback {
  playing = false;
  speed = 1;
  /** pause when simulated time reaches this moment (null: run on) */
  stopAt: number | null = null;
  private lastReal = 0;

  constructor(private readonly session: Session) {}

  /** After a load: a new run starts with no stop set. */
  loaded(playing: boolean, speed: number, real: number): void {
    this.stopAt = null;
    this.speed = clampSpeed(speed || 1);
    this.playing = playing && !this.session.ended;
    this.lastReal = real;
  }

  play(real: number): void {
    if (this.session.loaded && !this.session.ended) {
      this.playing = true;
      this.lastReal = real;
    }
  }

  pause(): void {
    this.playing = false;
  }

  setSpeed(speed: number): void {
    this.speed = clampSpeed(speed);
  }

  /** Pause when simulated time reaches t (a tour step that lasts a set time), or never. */
  setStop(t: number | null): void {
    this.stopAt = t === null || !Number.isFinite(t) ? null : t;
  }

  /** A seek clears the stop, and the run pauses if it is at its end. */
  sought(): void {
    this.stopAt = null;
    if (this.session.ended) this.playing = false;
  }

  /** Advance by the real time elapsed since the last tick (when playing). */
  tick(real: number): void {
    const s = this.session;
    if (!s.loaded) return;
    if (this.playing) {
      const dt = Math.min(MAX_TICK_MS, Math.max(0, real - this.lastReal));
      const target = Math.min(s.until, this.stopAt ?? Infinity, r3(s.now + dt * this.speed));
      if (target > s.now) s.advanceTo(target);
      if (s.ended) this.playing = false;
      if (this.stopAt !== null && s.now >= this.stopAt) {
        this.playing = false;
        this.stopAt = null;
      }
    }
    this.lastReal = real;
  }
}
