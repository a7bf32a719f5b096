// @vitest-environment happy-dom
// "Show me in the sandbox" for every kind of prediction: a preset as it is, a preset with
// overrides, and an inline scenario. The link must open exactly the run the engine predicted from.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from "@tanstack/react-router";
import { parseScenario, presets, resolveRef } from "../engine/index.ts";
import { decodeRun } from "../links/share-link";
import { readQuizFiles } from "../../scripts/quiz-files";
import { Feedback } from "./Feedback";
import type { PredictQuestion } from "./schema";

vi.mock("../catalog/manifest", () => ({
  courseLessons: [],
  findLesson: (id: string) => ({ id, title: `Lesson ${id}` }),
}));
vi.mock("../catalog/details", () => ({ lessonDetails: () => undefined }));

const predictions = readQuizFiles()
  .files.flatMap((f) => f.file.questions)
  .filter((q): q is PredictQuestion => q.kind === "predict");
const plain =
  predictions.find((q) => q.id === "pr-fencing-late-write") ??
  predictions.find((q) => "preset" in q.scenario && !q.scenario.overrides)!;
const changed = predictions.find((q) => q.id === "pr-ring-ascending")!;
const inline: PredictQuestion = {
  ...changed,
  id: "pr-inline-test",
  scenario: {
    inline: { protocol: "ring", nodes: 8, seed: 1, until: "2s", options: { ring: "ascending" } },
    at: 400,
  },
};

async function showMeLink(q: PredictQuestion): Promise<HTMLElement> {
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <Feedback
          question={q}
          answer={{ kind: "choice", selected: [q.options[0].id] }}
          predictKey={q.explanationsAssume}
        />
      ),
    }),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return screen.findByRole("link", { name: "Show me in the sandbox" });
}

async function openedRun(href: string) {
  const code = new URL(href, "http://x").searchParams.get("run");
  if (!code) throw new Error(`not a run link: ${href}`);
  const r = await decodeRun(code);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

afterEach(cleanup);

describe("Show me in the sandbox", () => {
  it("opens a preset as it is by name, at the question's moment", async () => {
    expect("preset" in plain.scenario && !plain.scenario.overrides).toBe(true);
    const link = await showMeLink(plain);
    // ...and names the question, so the sandbox says what Play will show and leads back to it.
    expect(link.getAttribute("href")).toBe(
      `/sandbox?preset=${(plain.scenario as { preset: string }).preset}&at=${plain.scenario.at}&quiz=${plain.id}`,
    );
  });

  it("opens a preset with overrides as the changed run, not the preset", async () => {
    expect("preset" in changed.scenario && changed.scenario.overrides).toBeTruthy();
    const run = await openedRun((await showMeLink(changed)).getAttribute("href")!);
    const want = resolveRef(changed.scenario, { presets, parseScenario });
    expect(run).toEqual({ scenario: want.scenario, at: want.at });
    expect(run.scenario).not.toEqual(presets[(changed.scenario as { preset: string }).preset].scenario);
    expect((run.scenario as { nodes: number }).nodes).toBe(8);
  });

  it("names a changed run after the question, not as a shared link", async () => {
    const href = (await showMeLink(changed)).getAttribute("href")!;
    expect(new URL(href, "http://x").searchParams.get("title")).toBe("The run behind your quiz question");
    expect(new URL(href, "http://x").searchParams.get("quiz")).toBe(changed.id);
  });

  it("opens an inline scenario as it is written", async () => {
    const run = await openedRun((await showMeLink(inline)).getAttribute("href")!);
    expect(run).toEqual({
      scenario: { ...(inline.scenario as { inline: object }).inline, faults: [] },
      at: 400,
    });
    expect(() => parseScenario(run.scenario)).not.toThrow();
  });
});
