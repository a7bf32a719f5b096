// The playback button says Play, then Pause, as on /start, at every width (reviews 12a #3 and 12b
// #1 found "Hold" odd; "Freeze time", cut to "Freeze" on a phone, read as a third name: review
// 10b #3; a bare "Stop" read as a reset: review 9b #2). The node faults keep longer names of their
// own ("GC pause…", "Pause mid-write…"), so no fault's label is the bare word "Pause".
import { describe, expect, it } from "vitest";
import type { SandboxState } from "./store.ts";
import { TIME_ACTIONS } from "./time-actions.ts";
import { NODE_ACTIONS } from "./node-actions.ts";

const playing = { status: "ready", frame: {}, playing: true, ended: false } as unknown as SandboxState;
const still = { ...playing, playing: false } as SandboxState;

describe("the playback button and the node faults do not share a name", () => {
  it("the playback button says Play, then Pause", () => {
    const toggle = TIME_ACTIONS.find((a) => a.name === "toggle-play")!;
    expect([toggle.label(still), toggle.label(playing)]).toEqual(["Play", "Pause"]);
  });
  it("no time control says hold or freeze; each pause fault's name says more than Pause", () => {
    for (const a of TIME_ACTIONS)
      expect([a.name, /\bhold\b|freez/i.test(`${a.label(playing)} ${a.help}`)]).toEqual([a.name, false]);
    const faults = NODE_ACTIONS.filter((a) => a.name.startsWith("pause"));
    expect(faults.length).toBe(2);
    const withParams = { ...still, params: { pauseSeconds: 15 } } as unknown as SandboxState;
    for (const a of faults) expect(a.label(withParams)).toMatch(/^(GC pause|Pause mid-write) 15 s$/);
  });
});
