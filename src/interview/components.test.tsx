// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { progressStore } from "../progress/react";
import { emptyProgress } from "../progress/schema";
import { HistoryView } from "./HistoryView";
import { PromptList } from "./PromptList";
import { readAttempts, readSession } from "./records";
import { promptSchema } from "./schema";
import { SessionView } from "./SessionView";

const load = (id: string) =>
  promptSchema.parse(
    JSON.parse(readFileSync(join(__dirname, "..", "..", "content", "interview", `${id}.json`), "utf8")),
  );
const billing = load("billing-single-active");
const fencingPrompt = load("fencing-after-a-pause");
const T0 = Date.UTC(2026, 10, 29, 12, 0, 0);
let fakeNow = T0;
const now = () => fakeNow;
const section = () => progressStore.getState().data.interview;
const answerBox = () => screen.getByRole("textbox", { name: "Your answer" }) as HTMLTextAreaElement;

/** Moves both our clock and the page's interval timer on. */
function pass(ms: number) {
  act(() => {
    for (let left = ms; left > 0; left -= 1000) {
      fakeNow += Math.min(1000, left);
      vi.advanceTimersByTime(Math.min(1000, left));
    }
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
  fakeNow = T0;
  localStorage.clear();
  progressStore.getState().replaceAll(emptyProgress());
});
afterEach(() => {
  cleanup();
  if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

function startBilling(onFinish = () => {}) {
  const view = render(<SessionView prompt={billing} onFinish={onFinish} now={now} />);
  expect(screen.getByRole("heading", { level: 1, name: billing.title })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Start the interview" }));
  return view;
}

describe("a session", () => {
  it("shows a briefing with every phase's time box before the clock starts", () => {
    render(<SessionView prompt={billing} onFinish={() => {}} now={now} />);
    const table = screen.getByRole("table");
    for (const phase of ["Clarify", "Design", "Deep dive", "Failure modes"])
      expect(within(table).getByText(phase)).toBeTruthy();
    expect(screen.queryByRole("timer")).toBeNull();
    expect(readSession(section(), billing.id)).toBeNull();
  });

  it("counts down, saves every keystroke, and moves to the next phase when the box runs out", () => {
    startBilling();
    const timer = screen.getByRole("timer");
    expect(timer.textContent).toContain("3:00");
    expect(screen.getByRole("status").textContent).toBe(
      "Interview started. Clarify phase, 3 minutes on the clock.",
    );
    fireEvent.change(answerBox(), { target: { value: "Only one replica may run." } });
    expect(
      JSON.parse(localStorage.getItem("election-lab:progress")!).interview.sessions[billing.id].answer,
    ).toBe("Only one replica may run.");
    pass(65_000);
    expect(timer.textContent).toContain("1:55");
    pass(60_000);
    expect(screen.getByRole("status").textContent).toBe("One minute left in the Clarify phase.");
    pass(60_000);
    expect(screen.getByText(/Phase 2 of 4/)).toBeTruthy();
    const status = screen.getByRole("status").textContent!;
    expect(status).toContain("Design phase, 8 minutes on the clock.");
    expect(status).toContain("Follow-up question: Give me the numbers");
  });

  it("stays still while paused", () => {
    startBilling();
    pass(10_000);
    fireEvent.click(screen.getByRole("button", { name: "Pause clock" }));
    expect(screen.getByRole("status").textContent).toBe("Clock paused.");
    const shown = screen.getByRole("timer").textContent;
    pass(30_000);
    expect(screen.getByRole("timer").textContent).toBe(shown);
    expect(shown).toContain("Paused");
    fireEvent.click(screen.getByRole("button", { name: "Resume clock" }));
    pass(5_000);
    expect(screen.getByRole("timer").textContent).toContain("2:45");
  });

  it("asks the fencing follow-up, with its sandbox link, when the answer misses fencing", async () => {
    startBilling();
    fireEvent.change(answerBox(), { target: { value: "An etcd lease with a 10 s TTL renewed every 3 s." } });
    fireEvent.click(screen.getByRole("button", { name: "Next phase: Design" }));
    fireEvent.click(screen.getByRole("button", { name: "Next phase: Deep dive" }));
    const log = screen.getByRole("region", { name: "Interviewer’s follow-ups" });
    const item = within(log)
      .getByText(/garbage-collection pause while holding a 10 s lease/)
      .closest("li")!;
    // The link is built asynchronously (a changed run is compressed into a share link); a preset
    // as it is needs only the pending promise to settle.
    await act(async () => {});
    const link = within(item).getByRole("link", { name: "Try it in the sandbox" });
    expect(link.getAttribute("href")).toBe("/sandbox?preset=fencing-off&at=9000");
    // What to look for is the link's description; the preset's id is never shown.
    expect(link.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(link.getAttribute("aria-describedby")!)?.textContent).toMatch(
      /late write lands/,
    );
    expect(item.textContent).not.toContain("fencing-off");
  });

  it("does not ask it when the answer fences", () => {
    startBilling();
    fireEvent.change(answerBox(), { target: { value: "Every write carries a fencing token." } });
    fireEvent.click(screen.getByRole("button", { name: "Next phase: Design" }));
    fireEvent.click(screen.getByRole("button", { name: "Next phase: Deep dive" }));
    expect(screen.queryByText(/garbage-collection pause while holding/)).toBeNull();
  });

  it("pauses the stored clock when the learner leaves the page", () => {
    const view = startBilling();
    pass(5_000);
    view.unmount();
    act(() => vi.runOnlyPendingTimers());
    expect(readSession(section(), billing.id)!.clock.runningSince).toBeNull();
  });

  it("reveals found and missing points, takes corrections and ratings, and finishes into history", () => {
    const onFinish = vi.fn();
    startBilling(onFinish);
    fireEvent.change(answerBox(), {
      target: { value: 'Only one replica runs. <img src=x onerror="alert(1)">' },
    });
    fireEvent.click(screen.getByRole("button", { name: "Submit answer" }));
    expect(screen.getByRole("heading", { level: 1, name: `${billing.title}: review` })).toBeTruthy();
    const found = screen.getByRole("list", { name: /Found in your answer \(1\)/ });
    expect(within(found).getByRole("group", { name: /Found: State the invariant/ })).toBeTruthy();
    const missing = screen.getByRole("list", { name: /Missing from your answer \(7\)/ });
    const fencing = within(missing).getByRole("group", { name: /Missing: Fencing/ });
    expect(screen.getByRole("region", { name: "Model answer" }).textContent).toContain("fence <= $3");
    // Learner text is text: the markup shows as characters, nothing is parsed.
    expect(document.querySelector(".iv-review img")).toBeNull();
    expect(screen.getByText(/<img src=x onerror="alert\(1\)">/)).toBeTruthy();

    fireEvent.click(within(fencing).getByRole("radio", { name: "I covered this" }));
    expect(within(fencing).getByText("Corrected by you")).toBeTruthy();
    expect(readAttempts(section()).attempts[0].points.find((p) => p.id === "fencing")).toMatchObject({
      detected: false,
      covered: true,
    });

    fireEvent.click(screen.getByRole("button", { name: "Finish and see history" }));
    expect(screen.getByRole("alert").textContent).toContain("Rate all four scales");
    expect(onFinish).not.toHaveBeenCalled();
    for (const scale of ["Technical depth", "Failure analysis", "Trade-offs", "Communication"])
      fireEvent.click(within(screen.getByRole("group", { name: scale })).getByRole("radio", { name: /^2/ }));
    fireEvent.click(screen.getByRole("button", { name: "Finish and see history" }));
    expect(onFinish).toHaveBeenCalledOnce();
    expect(readSession(section(), billing.id)).toBeNull();
    expect(readAttempts(section()).attempts[0].ratings).toEqual({
      depth: 2,
      failures: 2,
      tradeoffs: 2,
      communication: 2,
    });
  });

  it("reports the form of an answer where the prompt asks for one", () => {
    const explain = load("explain-to-a-teammate");
    render(<SessionView prompt={explain} onFinish={() => {}} now={now} />);
    fireEvent.click(screen.getByRole("button", { name: "Start the interview" }));
    fireEvent.change(answerBox(), { target: { value: "One machine holds the job. It renews a TTL." } });
    fireEvent.click(screen.getByRole("button", { name: "Submit answer" }));
    expect(screen.getByText("2 sentences written; 5 asked for.")).toBeTruthy();
    expect(screen.getByText("Acronyms spotted: TTL.")).toBeTruthy();
  });
});

describe("the prompt list and the history", () => {
  function attemptOn(prompt: typeof billing, answer: string, rating: number) {
    render(<SessionView prompt={prompt} onFinish={() => {}} now={now} />);
    fireEvent.click(screen.getByRole("button", { name: "Start the interview" }));
    fireEvent.change(answerBox(), { target: { value: answer } });
    fireEvent.click(screen.getByRole("button", { name: "Submit answer" }));
    for (const scale of ["Technical depth", "Failure analysis", "Trade-offs", "Communication"])
      fireEvent.click(
        within(screen.getByRole("group", { name: scale })).getByRole("radio", {
          name: new RegExp(`^${rating}`),
        }),
      );
    fireEvent.click(screen.getByRole("button", { name: "Finish and see history" }));
    cleanup();
    fakeNow += 60_000;
  }

  it("lists prompts by kind with drafts to resume", () => {
    const onOpen = vi.fn();
    render(<SessionView prompt={billing} onFinish={() => {}} now={now} />);
    fireEvent.click(screen.getByRole("button", { name: "Start the interview" }));
    cleanup();
    render(<PromptList prompts={[billing, fencingPrompt]} onOpen={onOpen} onHistory={() => {}} />);
    expect(screen.getByRole("heading", { level: 2, name: "System design" })).toBeTruthy();
    const unfinished = screen.getByRole("region", { name: "Unfinished" });
    fireEvent.click(within(unfinished).getByRole("button", { name: `Resume: ${billing.title}` }));
    expect(onOpen).toHaveBeenCalledWith(billing.id);
  });

  it("keeps every attempt with scores and answer, charts them, retries the weakest and exports Markdown", async () => {
    vi.useRealTimers(); // the chart loads lazily; let findBy poll on real time
    attemptOn(billing, "Only one replica, with a fencing token.", 4);
    attemptOn(fencingPrompt, "The storage keeps the highest token and rejects lower ones.", 1);
    const onOpen = vi.fn();
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (created.push(b), "blob:x"));
    URL.revokeObjectURL = vi.fn();
    render(<HistoryView prompts={[billing, fencingPrompt]} onOpen={onOpen} />);
    expect(screen.getByText(/2 attempts on 2 prompts/)).toBeTruthy();
    const items = screen.getAllByRole("article");
    expect(items.map((a) => within(a).getByRole("heading").textContent)).toEqual([
      fencingPrompt.title,
      billing.title,
    ]);
    expect(items[1].textContent).toContain("Only one replica, with a fencing token.");
    expect(items[0].textContent).toMatch(/Technical depth1 of 4/);

    // The chart (and D3) load lazily: wait for it, however busy the machine is.
    const chart = await screen.findByRole(
      "img",
      { name: /Interview scores over time/ },
      { timeout: 120_000 },
    );
    expect(chart.querySelectorAll("circle")).toHaveLength(2);
    expect(screen.getByRole("table").textContent).toContain(fencingPrompt.title);

    fireEvent.click(screen.getByRole("button", { name: "Retry my weakest prompt" }));
    expect(onOpen).toHaveBeenCalledWith(fencingPrompt.id);

    fireEvent.click(within(items[1]).getByRole("button", { name: /Export as Markdown/ }));
    expect(created).toHaveLength(1);
    const md = await created[0].text();
    expect(md).toContain(`# Mock interview: ${billing.title}`);
    expect(md).toContain("Only one replica, with a fencing token.");
  });
});
