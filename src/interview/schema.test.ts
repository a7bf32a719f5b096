// The shipped prompts and the rules the content schema enforces on them.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { matchRubric } from "./match";
import { parseScenario, presets, refProblems } from "../engine/index.ts";
import { sandboxLink } from "../links/link";
import { PHASE_IDS, checkPromptSet, promptSchema, type Prompt } from "./schema";

const DIR = join(__dirname, "..", "..", "content", "interview");
const entries = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .map((file) => ({ file, data: JSON.parse(readFileSync(join(DIR, file), "utf8")) as unknown }));
const { prompts, problems } = checkPromptSet(entries);

describe("the shipped prompts", () => {
  it("all pass the content schema, with unique ids matching their files", () => {
    expect(problems).toEqual([]);
    expect(prompts.length).toBeGreaterThanOrEqual(12);
  });

  it("cover the beginner guide's practice tasks, the design questions and the teaching scenarios", () => {
    const ids = prompts.map((p) => p.id);
    for (const id of [
      "lease-timings-batch-vs-chat",
      "metrics-for-leader-worker",
      "fencing-after-a-pause",
      "fixed-primary-vs-automatic",
      "runbook-no-leader",
      "billing-single-active",
      "kubernetes-controller",
      "lease-per-shard",
      "explain-to-a-teammate",
      "leadership-lens",
      "pull-request-review",
      "busy-day",
      "partial-deploy",
      "metric-design",
      "non-goals",
    ])
      expect(ids).toContain(id);
  });

  it.each(prompts.map((p) => [p.id, p] as const))(
    "%s: its own model answer covers its rubric",
    (_id, prompt) => {
      const missed = matchRubric(prompt.modelAnswer, prompt.rubric)
        .filter((m) => !m.found)
        .map((m) => m.pointId);
      expect(missed).toEqual([]);
    },
  );

  it("offer a fencing follow-up with a sandbox on the billing design", () => {
    const billing = prompts.find((p) => p.id === "billing-single-active")!;
    const f = billing.followUps.find((x) => x.trigger.when === "missing" && x.trigger.point === "fencing")!;
    expect(f.question).toMatch(/15 s .*10 s lease/);
    return expect(sandboxLink(f.sandbox!.scenario)).resolves.toMatch(
      /^\/sandbox\?preset=fencing-off&at=\d+$/,
    );
  });

  it("open runs that resolve to valid scenarios", () => {
    for (const p of prompts)
      for (const f of p.followUps)
        if (f.sandbox)
          expect(refProblems(`${p.id}: ${f.id}`, f.sandbox.scenario, { presets, parseScenario })).toEqual([]);
  });
});

describe("the content schema", () => {
  const base = (): Prompt => JSON.parse(JSON.stringify(prompts[0])) as Prompt;
  const issues = (data: unknown) => {
    const r = promptSchema.safeParse(data);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("accepts a valid prompt", () => expect(issues(base())).toEqual([]));

  it("requires the four phases in order", () => {
    const p = base();
    p.phases = [...p.phases].reverse();
    expect(issues(p).join("\n")).toContain(`phase 1 must be "${PHASE_IDS[0]}"`);
    p.phases = p.phases.slice(0, 3);
    expect(issues(p).length).toBeGreaterThan(0);
  });

  it("refuses a follow-up that waits for a key point the rubric lacks", () => {
    const p = base();
    p.followUps[0] = {
      ...p.followUps[0],
      trigger: { when: "missing", point: "no-such-point", phase: "design" },
    };
    expect(issues(p).join("\n")).toContain('"no-such-point", which is not in the rubric');
  });

  it("refuses duplicate key points and follow-ups, and empty cues", () => {
    const p = base();
    p.rubric[1] = { ...p.rubric[1], id: p.rubric[0].id };
    p.followUps[1] = { ...p.followUps[1], id: p.followUps[0].id };
    p.rubric[2] = { ...p.rubric[2], cues: ["only one"] };
    const text = issues(p).join("\n");
    expect(text).toContain("duplicate key point");
    expect(text).toContain("duplicate follow-up");
    expect(text).toContain("rubric.2.cues");
  });

  it("refuses a malformed sandbox reference and unknown fields", () => {
    const p = base() as unknown as Record<string, unknown>;
    const followUps = p.followUps as Array<Record<string, unknown>>;
    followUps[0] = {
      ...followUps[0],
      sandbox: { scenario: { preset: "billing-crash", at: "soon" }, look: "x" },
    };
    expect(issues(p).join("\n")).toContain("followUps.0.sandbox.scenario.at");
    followUps[0] = { ...followUps[0], sandbox: { preset: "billing-crash", look: "x" } };
    expect(issues(p).join("\n")).toContain("followUps.0.sandbox");
    expect(issues({ ...base(), extra: 1 }).join("\n")).toMatch(/extra/);
  });

  it("needs at least one follow-up triggered by a missing key point", () => {
    const p = base();
    p.followUps = p.followUps.map((f) => ({ ...f, trigger: { when: "phase", phase: "design" } }));
    expect(issues(p).join("\n")).toContain("triggered by a missing key point");
  });

  it("checks ids across files and file names", () => {
    const one = prompts[0];
    const r = checkPromptSet([
      { file: `${one.id}.json`, data: one },
      { file: "copy.json", data: one },
      { file: "broken.json", data: { id: "Not An Id" } },
    ]);
    expect(r.problems.join("\n")).toContain("copy.json: a prompt's file is named after its id");
    expect(r.problems.join("\n")).toContain(`id "${one.id}" is already used`);
    expect(r.problems.join("\n")).toContain("broken.json: id:");
  });
});
