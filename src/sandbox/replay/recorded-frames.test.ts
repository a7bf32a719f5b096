// The adapter draws a recorded real trial as the sandbox draws a simulated run: the recorded
// leader holds the store until the crash, nobody leads in the gap, the successor takes over at
// the recorded moment with the recorded token, and the fault and the takeover are events.
import { describe, expect, it } from "vitest";
import rec from "../../../reality/recordings/course/etcd-crash.json";
import { frameAt, trialEvents, trialLanes, type RecordedTrial } from "./recorded-frames.ts";
import { presetScenario } from "../scenarios.ts";
import { createSimulation } from "../../engine/index.ts";

const trial = (rec as { trials: RecordedTrial[] }).trials.filter((t) => t.side === "real")[0];

function template() {
  const scenario = presetScenario("billing-crash");
  if (!scenario) throw new Error("no billing-crash preset");
  return createSimulation(scenario).frame();
}

describe("a recorded real trial as frames", () => {
  const tpl = template();
  const crash = trial.faults[0];
  const next = trial.leaders[1];

  it("shows the recorded leader and its token before the crash", () => {
    const f = frameAt(trial, tpl, crash.at - 1);
    const leaders = f.nodes.filter((n) => n.role === "leader");
    expect(leaders.map((n) => [n.id, n.token])).toEqual([[trial.leaders[0].node, trial.leaders[0].token]]);
    expect(f.store?.holder).toBe(trial.leaders[0].node);
  });

  it("leaves nobody leading between the crash and the takeover, then the successor at the recorded time", () => {
    const gap = frameAt(trial, tpl, next.from - 1);
    expect(gap.nodes.find((n) => n.id === crash.node)?.role).toBe("crashed");
    expect(gap.nodes.some((n) => n.role === "leader")).toBe(false);
    const after = frameAt(trial, tpl, next.from);
    expect(after.nodes.find((n) => n.role === "leader")).toMatchObject({ id: next.node, token: next.token });
    expect(after.store).toMatchObject({ holder: next.node, holderToken: next.token });
    expect(after.monitors.leaderChanges).toBe(1);
  });

  it("never runs past the recording's end", () => {
    expect(frameAt(trial, tpl, trial.end + 60_000).t).toBe(trial.end);
  });

  it("lists the crash and the takeover as events, and lane samples at each change", () => {
    const ev = trialEvents(trial);
    expect(ev.find((e) => e.type === "fault")).toMatchObject({
      t: crash.at,
      fault: "crash",
      node: crash.node,
    });
    expect(ev.filter((e) => e.type === "leader-start").map((e) => e.t)).toEqual(
      trial.leaders.map((l) => l.from),
    );
    const lanes = trialLanes(trial, tpl);
    expect(lanes.some((l) => l.t === next.from && l.role === "leader" && l.token === next.token)).toBe(true);
  });
});
