// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { progressStore } from "../progress/react";
import { emptyProgress } from "../progress/schema";
import { readQuizFiles } from "../../scripts/quiz-files";
import { QuestionView, type QuestionDraft } from "./QuestionView";
import { Check } from "./InlineCheck";
import type { Question } from "./schema";
import { displayOptions } from "./grading";

// The lesson index is a build-time virtual module; a stand-in is enough here.
vi.mock("../catalog/manifest", () => ({
  courseLessons: [],
  findLesson: (id: string) => ({ id, title: `Lesson ${id}` }),
}));
vi.mock("../catalog/details", () => ({ lessonDetails: () => undefined }));

const questions = readQuizFiles().files.flatMap((f) => f.file.questions);
const byId = (id: string) => questions.find((q) => q.id === id)!;

async function renderInRouter(ui: () => ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: ui }),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
}

const key = (k: string) => fireEvent.keyDown(window, { key: k });

beforeEach(() => progressStore.getState().replaceAll(emptyProgress()));
afterEach(cleanup);

describe("QuestionView", () => {
  it("answers by keyboard, shows per-option feedback, rates confidence, schedules and undoes", async () => {
    const q = byId("wl-invariant") as Extract<Question, { kind: "single" }>;
    const wrongIndex = displayOptions(q).findIndex((o) => !o.correct);
    await renderInRouter(() => <QuestionView question={q} mode="learn" />);
    await screen.findByRole("heading", { name: q.prompt });
    act(() => key(String(wrongIndex + 1)));
    expect((screen.getAllByRole("radio")[wrongIndex] as HTMLInputElement).checked).toBe(true);
    act(() => key("Enter"));
    expect(screen.getByText("Not quite.")).toBeTruthy();
    // every option explains itself and links to its lesson section
    for (const o of q.options) expect(screen.getByText(o.explanation)).toBeTruthy();
    expect(screen.getByText("You chose this; it is wrong.")).toBeTruthy();
    expect(screen.getByText("Correct, but you did not choose it.")).toBeTruthy();
    // A one-answer (radio) question judges only the chosen and the right option: the others
    // keep their explanation, with no checkbox talk of having left them out.
    expect(screen.queryByText(/left it out/)).toBeNull();
    expect(document.querySelectorAll(".quiz-fb-tag")).toHaveLength(2);
    expect(screen.queryByText(/Wrong answer/)).toBeNull();
    const link = screen.getAllByRole("link", { name: /^Read:/ })[0];
    const shownFirst = displayOptions(q)[0];
    expect(link.getAttribute("href")).toBe(`/learn/${shownFirst.link.lesson}#${shownFirst.link.section}`);
    // rate confidence with a number key: a wrong answer comes back soon, said in plain words
    act(() => key("3"));
    const status = screen.getByRole("status");
    expect(status.textContent).toContain("Saved: missed, so it comes back soon");
    expect(status.textContent).not.toMatch(/Graded|Again/);
    const item = progressStore.getState().data.quiz.items[q.id];
    expect(item.log).toHaveLength(1);
    expect(item.log[0]).toMatchObject({ correct: false, confidence: "sure", rating: 1 });
    fireEvent.click(screen.getByRole("button", { name: "Undo grade" }));
    expect(progressStore.getState().data.quiz.items[q.id]).toBeUndefined();
    expect(screen.getByRole("group", { name: /How sure were you/ })).toBeTruthy();
  });

  it("once a wrong answer's feedback has shown the right one, learn mode moves on, not back", async () => {
    const q = byId("wl-load-balancer") as Extract<Question, { kind: "single" }>;
    const right = displayOptions(q).findIndex((o) => o.correct);
    await renderInRouter(() => <QuestionView question={q} mode="learn" onDone={() => {}} />);
    await screen.findByRole("heading", { name: q.prompt });
    act(() => key(String(right === 0 ? 2 : 1)));
    act(() => key("Enter"));
    expect(screen.getByText("Correct, but you did not choose it.")).toBeTruthy();
    // The right answer is on screen: a second try would only copy it.
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    // Before the rating, the way on is there but off, and says what opens it.
    const waiting = screen.getByRole("button", { name: "Next question" });
    expect(waiting.getAttribute("aria-disabled")).toBe("true");
    const why = document.getElementById(waiting.getAttribute("aria-describedby") ?? "");
    expect(why?.textContent).toBe("Rate how sure you were to go on.");
    // The rating is the next step, under a heading of its own one level below the question's.
    const rating = screen.getByRole("heading", { name: "How sure were you?", level: 3 });
    expect(screen.getByRole("group", { name: "How sure were you?" }).contains(waiting)).toBe(true);
    expect(rating.compareDocumentPosition(waiting) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    act(() => key("1"));
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    const next = screen.getByRole("button", { name: "Next question" });
    expect(next.getAttribute("aria-disabled")).toBeNull();
    expect(screen.queryByText("Rate how sure you were to go on.")).toBeNull();
    expect(progressStore.getState().data.quiz.items[q.id].log[0].correct).toBe(false);
  });

  it("comes back from a saved draft with the same verdict, not as a retry", async () => {
    const q = byId("wl-load-balancer") as Extract<Question, { kind: "single" }>;
    const wrong = displayOptions(q).find((o) => !o.correct)!.id;
    let saved: QuestionDraft | undefined;
    await renderInRouter(() => <QuestionView question={q} mode="learn" onDraft={(d) => (saved = d)} />);
    await screen.findByRole("heading", { name: q.prompt });
    act(() => key(String(displayOptions(q).findIndex((o) => o.id === wrong) + 1)));
    act(() => key("Enter"));
    const before = document.querySelector(".quiz-verdict")!.textContent;
    expect(before).toContain("Not quite.");
    expect(before).not.toContain("retry");
    // What sessionStorage gives back: copies of the answers, not the same objects.
    const copy = JSON.parse(JSON.stringify(saved)) as QuestionDraft;
    cleanup();
    await renderInRouter(() => <QuestionView question={q} mode="learn" draft={copy} />);
    await screen.findByRole("heading", { name: q.prompt });
    expect(document.querySelector(".quiz-verdict")!.textContent).toBe(before);
  });

  it("orders steps with number and arrow keys, and marks each step's place", async () => {
    const q = byId("ft-zombie-order") as Extract<Question, { kind: "ordering" }>;
    await renderInRouter(() => <QuestionView question={q} mode="learn" />);
    await screen.findByRole("heading", { name: q.prompt });
    const texts = () =>
      within(screen.getByRole("list"))
        .getAllByRole("listitem")
        .map((li) => li.textContent ?? "");
    // sort by selection: for each target position, pick the step now there and move it up
    q.steps.forEach((step, target) => {
      const from = texts().findIndex((t) => t.includes(step.text));
      act(() => key(String(from + 1)));
      for (let i = from; i > target; i--) act(() => key("ArrowUp"));
    });
    q.steps.forEach((step, i) => expect(texts()[i]).toContain(step.text));
    act(() => key("Enter"));
    expect(screen.getByText("Right.")).toBeTruthy();
    expect(screen.getAllByText(/right\.$/).length).toBe(q.steps.length);
  });

  it("in exam mode records the answer and confidence without showing feedback", async () => {
    const q = byId("wl-radio") as Extract<Question, { kind: "single" }>;
    const rightKey = String(displayOptions(q).findIndex((o) => o.correct) + 1);
    let done: unknown = null;
    await renderInRouter(() => <QuestionView question={q} mode="exam" onDone={(r) => (done = r)} />);
    await screen.findByRole("heading", { name: q.prompt });
    act(() => key(rightKey));
    act(() => key("Enter"));
    expect(screen.queryByText(/Right\.|Not quite\./)).toBeNull();
    expect(screen.getByText(/see how you did at the end/)).toBeTruthy();
    act(() => key("2"));
    expect(done).toMatchObject({ id: q.id, correct: true, confidence: "unsure" });
    expect(progressStore.getState().data.quiz.items[q.id].log[0].rating).toBe(3);
  });
});

describe("QuestionView for screen readers", () => {
  it("says the prompt once, and moves focus to the verdict without a second live announcement", async () => {
    const q = byId("wl-invariant") as Extract<Question, { kind: "single" }>;
    await renderInRouter(() => (
      <QuestionView question={q} mode="learn" position={{ index: 0, total: 3 }} autoFocus />
    ));
    const heading = await screen.findByRole("heading", { name: q.prompt });
    // Only the heading carries the prompt: the article is named by its position, the group by its hint.
    expect(screen.getByRole("article", { name: "Question 1 of 3" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Choose one answer." })).toBeTruthy();
    expect(screen.getAllByText(q.prompt)).toEqual([heading]);
    act(() => key("1"));
    act(() => key("Enter"));
    const verdict = document.querySelector(".quiz-verdict")!;
    expect(verdict.textContent).toMatch(/Right\.|Not quite\./);
    await waitFor(() => expect(document.activeElement).toBe(verdict));
    // The verdict is not also inside a live region, so it is read once.
    expect(verdict.closest("[aria-live], [role=status], [role=alert]")).toBeNull();
    expect(document.querySelectorAll("[aria-live]")).toHaveLength(1);
  });
});

describe("inline <Check>", () => {
  it("lazy-loads its questions and takes keys only while focus is inside", async () => {
    const q = byId("wl-split-brain") as Extract<Question, { kind: "single" }>;
    const rightKey = String(displayOptions(q).findIndex((o) => o.correct) + 1);
    await renderInRouter(() => <Check ids={[q.id]} />);
    const region = await screen.findByRole("region", { name: "Check yourself" });
    // The bank and the question component load lazily: wait for them, however busy the machine is.
    const heading = await within(region).findByRole("heading", { level: 3 }, { timeout: 120_000 });
    act(() => key("1"));
    expect(
      within(region)
        .getAllByRole("radio")
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
    fireEvent.keyDown(heading, { key: rightKey });
    fireEvent.keyDown(heading, { key: "Enter" });
    expect(within(region).getByText("Right.")).toBeTruthy();
    expect(within(region).getByText(/The answer, explained/)).toBeTruthy();
  });
});
