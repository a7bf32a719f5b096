import { describe, expect, it } from "vitest";
import { MAX_TICK_MS, Playback, Session } from "./index.ts";

const etcd = (extra: Record<string, unknown> = {}) => ({
  protocol: "etcd",
  nodes: 3,
  seed: 1,
  until: "60s",
  boot: "3s",
  network: { delay: "2ms", jitter: "1ms", loss: 0 },
  timing: { ttl: "10s", renew: "3s" },
  fencing: "token",
  work: { every: "1s" },
  ...extra,
});

function setup(scenario: unknown = etcd(), at = 0) {
  const s = new Session();
  s.load(scenario, at);
  const clock = new Playback(s);
  clock.loaded(false, 1, 0);
  return { s, clock };
}

describe("Playback: real time to simulated time", () => {
  it("advances by the real time elapsed times the speed, only while playing", () => {
    const { s, clock } = setup();
    clock.tick(100);
    expect(s.now).toBe(0);
    clock.setSpeed(10);
    clock.play(100);
    clock.tick(200);
    expect(s.now).toBe(1_000);
    clock.pause();
    clock.tick(1_000);
    expect(s.now).toBe(1_000);
  });

  it("clamps the speed to 0.1x..100x and a tick to MAX_TICK_MS of real time", () => {
    const { s, clock } = setup();
    clock.setSpeed(1e6);
    expect(clock.speed).toBe(100);
    clock.setSpeed(0);
    expect(clock.speed).toBe(0.1);
    clock.setSpeed(1);
    clock.play(0);
    clock.tick(60_000); // a throttled background tab
    expect(s.now).toBe(MAX_TICK_MS);
  });

  it("stops exactly at a requested moment at any speed, and the stop is used up", () => {
    const { s, clock } = setup();
    clock.setSpeed(100);
    clock.setStop(2_345);
    clock.play(0);
    for (let r = 16; r <= 80; r += 16) clock.tick(r);
    expect(s.now).toBe(2_345);
    expect(clock.playing).toBe(false);
    expect(clock.stopAt).toBeNull();
    clock.play(80);
    clock.tick(96);
    expect(s.now).toBe(3_945);
  });

  it("a seek clears the stop; the end of the run stops playing, and play there does nothing", () => {
    const { s, clock } = setup(etcd({ until: "2s", boot: 0 }), 1_990);
    clock.setStop(1_995);
    clock.sought();
    expect(clock.stopAt).toBeNull();
    clock.play(0);
    clock.tick(200);
    expect(s.now).toBe(2_000);
    expect(clock.playing).toBe(false);
    clock.play(200);
    expect(clock.playing).toBe(false);
  });
});
