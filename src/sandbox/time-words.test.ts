// "Pause" names one idea, the fault that freezes a node (review 8a #7): the playback button says
// Play or Freeze time, as on /start (a bare "Stop" read as a reset: review 9b #2), and no time control's words say "pause".
import { describe, expect, it } from "vitest";
import type { SandboxState } from "./store.ts";
import { TIME_ACTIONS } from "./time-actions.ts";
import { NODE_ACTIONS } from "./node-actions.ts";

const playing = { status: "ready", frame: {}, playing: true, ended: false } as unknown as SandboxState;
const still = { ...playing, playing: false } as SandboxState;

describe("time controls and node faults do not share a word", () => {
  it("the playback button says Play, then Freeze time", () => {
    const toggle = TIME_ACTIONS.find((a) => a.name === "toggle-play")!;
    expect([toggle.label(still), toggle.label(playing)]).toEqual(["Play", "Freeze time"]);
  });
  it("no time control's label or help says pause; the node's pause faults do", () => {
    for (const a of TIME_ACTIONS)
      expect([a.name, /pause/i.test(`${a.label(playing)} ${a.help}`)]).toEqual([a.name, false]);
    expect(NODE_ACTIONS.filter((a) => a.name.startsWith("pause")).length).toBe(2);
  });
});
