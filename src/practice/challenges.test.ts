import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSimulation } from "../engine/index.ts";
import { checkChallenge } from "./challenge-check.ts";
import { readChallengeFiles } from "./challenge-files.node.ts";
import { challengeSchema, type Challenge } from "./challenge-schema.ts";
import { evaluateCheck, judgeRun, leadersAt, ruleProblems, splitTerms } from "./goals.ts";
import {
  getPath,
  knobStored,
  knobValue,
  setPath,
  solutionScenario,
  startingScenario,
  withSettings,
} from "./scenario-tools.ts";

const lessonIds = new Set(
  readdirSync(join(import.meta.dirname, "..", "..", "content", "lessons")).map((f) =>
    f.replace(/\.mdx$/, ""),
  ),
);
const { files, problems: readProblems } = readChallengeFiles();
const challenges: Challenge[] = files.map((f) => challengeSchema.parse(f.raw));
const byId = (id: string) => challenges.find((c) => c.id === id) as Challenge;

describe("challenge files", () => {
  it("read and validate, at least twelve of them", () => {
    expect(readProblems).toEqual([]);
    expect(challenges.length).toBeGreaterThanOrEqual(12);
    expect(new Set(challenges.map((c) => c.id)).size).toBe(challenges.length);
  });

  it("include the issue's examples", () => {
    for (const id of [
      "bully-two-coordinators",
      "raft-split-votes",
      "raft-randomness",
      "lease-ttl",
      "zombie-write",
      "client-go-drift",
      "zk-herd-show",
      "zk-herd-remove",
      "shard-per-lease",
    ])
      expect(challenges.map((c) => c.id)).toContain(id);
  });

  it.each(files.map((f) => [f.file, f.raw] as const))(
    "%s: the solution passes its goal and the starting run does not",
    (file, raw) => {
      const r = checkChallenge(file, raw, lessonIds);
      expect(r.problems).toEqual([]);
      const ch = r.challenge as Challenge;
      expect(judgeRun(ch, startingScenario(ch)).passed).toBe(false);
      const solved = judgeRun(ch, solutionScenario(ch));
      expect(solved.problems).toEqual([]);
      expect(solved.checks.every((c) => c.passed)).toBe(true);
    },
    240_000,
  ); // a challenge judged by a search runs 2,000 schedules per solved check

  it("a search check fails with the smallest schedule that breaks it, replayable as a scenario", () => {
    const ch = byId("lease-survives-pauses");
    // TTL 4 s renewed every 2 s, which clientv3's half-second send loop makes 2 to 2.5 s: as
    // little as 1.5 s of slack, and one pause of up to 3 s outlasts it.
    const thin = judgeRun(
      ch,
      withSettings(startingScenario(ch), { "timing.ttl": 4000, "timing.renew": 2000 }),
    );
    expect(thin.passed).toBe(false);
    const search = thin.checks[0];
    expect(search.passed).toBe(false);
    expect(search.detail).toMatch(
      /^Schedule [\d,]+ of 2,000 broke it\. The smallest schedule found: (one fault|two faults): .*pauses for .* 2 nodes believe they lead/,
    );
    // Its counterexample is an ordinary scenario that breaks the property when replayed.
    const replay = createSimulation(search.counterexample!.scenario, { trace: "roles" }).run().summary();
    expect(replay.maxConcurrentLeaders).toBeGreaterThanOrEqual(2);
    expect(
      (search.counterexample!.scenario.faults as Array<{ do: string }>).every((f) => f.do === "pause"),
    ).toBe(true);
    // The failover check is judged on the learner's own run, crash included.
    expect(thin.checks[1].passed).toBe(true);
  });

  it("say why a run fails, in the run's own numbers", () => {
    const ch = byId("lease-ttl");
    const v = judgeRun(ch, withSettings(startingScenario(ch), { "timing.ttl": 20_000 }));
    expect(v.passed).toBe(false);
    expect(v.checks[0].passed).toBe(true);
    expect(v.checks[1]).toMatchObject({ passed: false });
    expect(v.checks[1].detail).toMatch(/led 1\d(\.\d+)? s after 30 s \(the goal: within 12 s\)/);
  });

  it("a check-before-write does not stop the zombie's write (the pause strikes after the check)", () => {
    const ch = byId("zombie-write");
    const v = judgeRun(ch, withSettings(startingScenario(ch), { "options.checkBeforeWrite": true }));
    expect(v.passed).toBe(false);
    expect(v.checks[0].detail).toContain("1 stale write accepted");
  });
});

describe("rules of play", () => {
  const ttl = byId("lease-ttl");
  const bully = byId("bully-two-coordinators");

  it("accept the starting run and knob changes", () => {
    expect(ruleProblems(ttl, startingScenario(ttl))).toEqual([]);
    expect(ruleProblems(ttl, withSettings(startingScenario(ttl), { "timing.ttl": 8000 }))).toEqual([]);
  });

  it("refuse a run whose scripted fault was replaced by acting before it", () => {
    const sc = startingScenario(ttl);
    sc.faults = [{ at: 5000, do: "crash", node: "n2" }];
    const p = ruleProblems(ttl, sc);
    expect(p.join(" ")).toContain("planned pause at 10 s is no longer in your run");
    expect(p.join(" ")).toContain("settings alone");
  });

  it("refuse changes beyond the knobs, and actions the rules do not allow", () => {
    expect(ruleProblems(ttl, { ...startingScenario(ttl), nodes: 5 })[0]).toContain(
      "differ from the challenge's",
    );
    const drift = byId("client-go-drift");
    const sc = startingScenario(drift);
    sc.faults = [{ at: 30_000, do: "pause", node: "n1", for: 20_000 }];
    expect(ruleProblems(drift, sc)[0]).toContain("allows only clock, partition, isolate, heal");
    expect(judgeRun(drift, sc).passed).toBe(false);
  });

  it("judge the learner's own run, not the solution's clicks", () => {
    // Isolating n5 (not the solution's partition) also gives two coordinators.
    const sc = startingScenario(bully);
    sc.faults = [{ at: 2000, do: "isolate", node: "n5" }];
    expect(judgeRun(bully, sc).passed).toBe(true);
  });
});

describe("goal checks", () => {
  const trace = createSimulation(
    {
      protocol: "raft",
      nodes: 5,
      seed: 1,
      until: "3s",
      timing: { electionTimeout: [150, 150] },
      options: { variant: "paper" },
    },
    { trace: "full" },
  ).run().trace;

  it("count split votes from the trace's terms", () => {
    expect(splitTerms(trace).length).toBeGreaterThanOrEqual(3);
    expect(leadersAt(trace, 2000)).toEqual([]);
  });

  it("report a failover that never comes", () => {
    const sim = createSimulation(
      {
        protocol: "raft",
        nodes: 5,
        seed: 1,
        until: "3s",
        timing: { electionTimeout: [150, 150] },
        options: { variant: "paper" },
      },
      { trace: "full" },
    ).run();
    const r = evaluateCheck(
      { type: "failover", label: "x", at: "1s", within: "1s" },
      sim.trace,
      sim.summary(),
      sim.now,
    );
    expect(r).toEqual({
      label: "x",
      passed: false,
      detail: "Nobody led again after 1 s (the run ends at 3 s).",
    });
  });
});

describe("scenario tools", () => {
  it("read and write dotted paths, including array ends", () => {
    const sc = setPath({ timing: { electionTimeout: ["150ms", "300ms"] } }, "timing.electionTimeout.1", 400);
    expect(sc).toEqual({ timing: { electionTimeout: ["150ms", 400] } });
    expect(getPath(sc, "timing.electionTimeout.1")).toBe(400);
    expect(setPath({}, "options.watch", "leader")).toEqual({ options: { watch: "leader" } });
  });

  it("show knob values in the knob's unit and store milliseconds", () => {
    const ch = byId("lease-ttl");
    const knob = ch.knobs[0];
    expect(knobValue(startingScenario(ch), knob)).toBe(2);
    expect(knobStored(knob, 7.5)).toBe(7500);
  });
});

describe("the bully challenge's words", () => {
  // Review 4b #6: "token 105" in the events with nothing saying where it came from, and four
  // candidates at 0 s with no word why. The brief now says both; these hold its numbers to the run.
  const bully = byId("bully-two-coordinators");
  const leaders = (raw: unknown) =>
    createSimulation(raw)
      .run()
      .trace.filter((e) => e.type === "leader-start")
      .map((e) => ({ t: e.t, node: (e as { node: string }).node, token: (e as { token: number }).token }));

  it("say the leader's own word once and then use the picture's word, leader", () => {
    expect(bully.title).toBe("Two leaders at once");
    expect(bully.summary.match(/coordinator/g)).toHaveLength(1);
    expect(bully.goal.text).not.toMatch(/coordinator/);
  });

  it("give the starting run's first leader and token as the engine makes them", () => {
    const first = leaders(startingScenario(bully))[0];
    expect(first).toEqual({ t: 0, node: "n5", token: 105 });
    expect(bully.summary).toContain(`${first.node}, the highest id, leads at once`);
    expect(bully.model).toContain(`${first.node} leads with token ${first.token} (epoch 1, node 5)`);
    expect(bully.summary).toContain("calls an election as it boots");
  });

  it("give the solution's second leader's token as the engine makes it", () => {
    const second = leaders(solutionScenario(bully)).find((l) => l.node !== "n5");
    expect(second).toMatchObject({ node: "n3", token: 203 });
    expect(bully.solution.explanation).toContain("token 203");
  });
});
