// "Pause" names one idea, the fault that stops a node (review 8a #7): the playback button says
// Play or Hold, as on /start, at every width (review 10b #3: "Freeze time", cut to "Freeze" on a
// phone, read as a third name for a pause; a bare "Stop" read as a reset: review 9b #2), and no
// time control's words say "pause" or "freeze".
import { describe, expect, it } from "vitest";
import type { SandboxState } from "./store.ts";
import { TIME_ACTIONS } from "./time-actions.ts";
import { NODE_ACTIONS } from "./node-actions.ts";

const playing = { status: "ready", frame: {}, playing: true, ended: false } as unknown as SandboxState;
const still = { ...playing, playing: false } as SandboxState;

describe("time controls and node faults do not share a word", () => {
  it("the playback button says Play, then Hold", () => {
    const toggle = TIME_ACTIONS.find((a) => a.name === "toggle-play")!;
    expect([toggle.label(still), toggle.label(playing)]).toEqual(["Play", "Hold"]);
  });
  it("no time control's label or help says pause; the node's pause faults do", () => {
    for (const a of TIME_ACTIONS)
      expect([a.name, /pause|freez/i.test(`${a.label(playing)} ${a.help}`)]).toEqual([a.name, false]);
    expect(NODE_ACTIONS.filter((a) => a.name.startsWith("pause")).length).toBe(2);
  });
});
