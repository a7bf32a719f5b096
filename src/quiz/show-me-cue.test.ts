import { describe, expect, it } from "vitest";
import type { Fault } from "../engine/index.ts";
import { parseScenario, presets, resolveRef } from "../engine/index.ts";
import { readQuizFiles } from "../../scripts/quiz-files";
import { askedQuestion, followCue, playCue } from "./show-me-cue";

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

describe("the cue follows the run", () => {
  const gc = { at: 10_000, do: "pause", node: "leader", for: 2_500 } as Fault;
  const refused = {
    t: 12_600,
    text: "The resource refused n2's write: token 1 is older than 2",
    tone: "good",
  };
  const elected = { t: 11_000, text: "n1 became leader with token 2", tone: "leader" };
  const run = (now: number, playing: boolean, lines = [] as { t: number; text: string; tone: string }[]) => ({
    now,
    playing,
    actedAt: null,
    lines,
  });
  it("before the moment: what Play will show, then that it is coming", () => {
    expect(followCue([gc], 9_000, run(9_000, false))).toBe(
      "Press Play: from 9 s, the leader pauses for 2.5 s at 10 s.",
    );
    expect(followCue([gc], 9_000, run(9_400, true))).toBe("Coming up: the leader pauses for 2.5 s at 10 s.");
  });
  it("during the moment: that it is under way, and until when", () => {
    expect(followCue([gc], 9_000, run(11_000, true))).toBe(
      "Now: the leader pauses for 2.5 s at 10 s, under way until 12.5 s.",
    );
    expect(followCue([gc], 9_000, run(11_000, false))).toMatch(/Press Play to go on\.$/);
  });
  it("after the moment: never 'Press Play: from 9 s', but what came of it from the run's lines", () => {
    const after = followCue([gc], 9_000, run(12_700, true, [elected, refused]));
    expect(after).not.toMatch(/Press Play/);
    // A write refused outranks the new leader: it is what the question's moment led to.
    expect(after).toBe(
      "Done: the leader pauses for 2.5 s at 10 s. What came of it: The resource refused n2's write: token 1 is older than 2. More in Latest.",
    );
    expect(followCue([gc], 9_000, run(12_700, true, [elected]))).toContain("n1 became leader with token 2");
    // Lines from before the moment are not its outcome.
    expect(followCue([gc], 9_000, run(12_700, true, [{ ...refused, t: 5_000 }]))).toBe(
      "Done: the leader pauses for 2.5 s at 10 s. Watch Latest for what follows.",
    );
  });
  it("after the learner acted before the moment, says the run follows their actions", () => {
    expect(followCue([gc], 9_000, { ...run(11_000, true), actedAt: 9_500 })).toMatch(
      /^You acted at 9.5 s, before the moment/,
    );
  });
  it("a crash has no span: right after it, it is done", () => {
    const crash = { at: 15_500, do: "crash", node: "leader" } as Fault;
    expect(followCue([crash], 15_000, run(15_600, true))).toMatch(/^Done: the leader crashes at 15.5 s\./);
  });
});
