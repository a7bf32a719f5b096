import { describe, expect, it } from "vitest";
import type { Fault } from "../engine/index.ts";
import { parseScenario, presets, resolveRef } from "../engine/index.ts";
import { readQuizFiles } from "../../scripts/quiz-files";
import { askedQuestion, playCue } from "./show-me-cue";

const predictQuestions = () =>
  readQuizFiles()
    .files.flatMap((f) => f.file.questions)
    .filter((q) => q.kind === "predict");

const crash = { at: 15_500, do: "crash", node: "leader" } as Fault;
const pause = { at: 10_000, do: "pause", node: "leader", for: 15_000 } as Fault;

describe("the line 'Show me' opens the sandbox with", () => {
  it("names the next planned fault and when it happens", () => {
    expect(playCue([crash], 15_000)).toBe("Press Play: from 15 s, the leader crashes at 15.5 s.");
    expect(playCue([crash, pause], 9_000)).toBe("Press Play: from 9 s, the leader pauses for 15 s at 10 s.");
    expect(playCue([crash], 15_500)).toBe("Press Play: the leader crashes at 15.5 s.");
  });
  it("names a fault already under way when none is ahead", () => {
    expect(playCue([pause], 12_000)).toBe(
      "Press Play: the leader pauses for 15 s at 10 s, and it is still under way until 25 s.",
    );
  });
  it("every quiz run that opens on a pause of the leader opens before it, so the pause is ahead", () => {
    for (const q of predictQuestions()) {
      const { scenario, at } = resolveRef(q.scenario, { presets });
      const faults = (parseScenario(scenario) as { faults: Fault[] }).faults;
      const gcPause = faults.find((f) => f.do === "pause" && f.for === 2_500 && f.node === "leader");
      if (gcPause && /GC pause/.test(q.prompt)) expect([q.id, at < gcPause.at]).toEqual([q.id, true]);
    }
  });
  it("says only to press Play when the run plans nothing more", () => {
    expect(playCue([pause], 30_000)).toBe("Press Play and watch the run from here.");
    expect(playCue([], 0)).toBe("Press Play and watch the run from here.");
  });
  it("takes the prompt's last asking sentence as what to watch for", () => {
    expect(askedQuestion("Predict: the leader crashes at 2 s. When is there a new leader?")).toBe(
      "When is there a new leader?",
    );
    expect(askedQuestion("Is it refused? It waits 5 s. Does it land?")).toBe("Does it land?");
    expect(askedQuestion("No question here.")).toBe("No question here.");
  });
});
