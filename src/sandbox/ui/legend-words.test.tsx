// @vitest-environment happy-dom
// The legend and the metrics' definitions a newcomer meets on the first screen (review 10b #6):
// each legend entry is a few words, with its longer form in its hover title and behind "More
// about these marks"; the words the first screen shows ("booting", "max token", "no key") each
// have an entry; the metrics' definitions are a list, one a line.
import { afterEach, expect, it } from "vitest";
import { act, cleanup, render } from "@testing-library/react";
import { SandboxController } from "../controller.ts";
import { DEFAULT_SCENARIO } from "../scenarios.ts";
import { presets } from "../../engine/index.ts";
import { InProcessWorker, settle } from "../testing.ts";
import { SandboxContext } from "./context.ts";
import { Legend } from "./Legend.tsx";
import { NowMetrics } from "./NowMetrics.tsx";
import { QueueGloss } from "./QueueGloss.tsx";

const made: SandboxController[] = [];
afterEach(() => {
  cleanup();
  for (const c of made.splice(0)) c.dispose();
});

async function mounted(at: number, ui: React.ReactElement, scenario = DEFAULT_SCENARIO) {
  const c = new SandboxController({
    scenario: structuredClone(scenario),
    source: { kind: "default" },
    title: "t",
    at,
    createWorker: () => new InProcessWorker(),
    afterPaint: (cb) => queueMicrotask(cb),
    pingEvery: 60_000,
  });
  made.push(c);
  c.start();
  const { container } = render(<SandboxContext.Provider value={c}>{ui}</SandboxContext.Provider>);
  await act(() => settle());
  return container;
}

const words = (s: string) => s.trim().split(/\s+/).length;

it("the first screen's legend: one short line of what the picture shows now, every other key and the long forms one click away", async () => {
  // 0.40 s: n2 has its lease (rings), n1 and n3 still booting.
  const el = await mounted(400, <Legend />);
  const top = [...el.querySelectorAll(".sb-legend-now > ul:not(.sb-legend-ghost) > li")].map(
    (li) => li.textContent ?? "",
  );
  for (const t of top) expect([t, words(t) <= 9]).toEqual([t, true]);
  // Review 17b #10: 6 to 7 lines at once. Under the picture only the marks it shows now: the
  // candidate standing and the nodes still booting; no role it does not show, no ring's words.
  expect(top.map((t) => t.trim())).toEqual(["candidate", "rings: lease left", "booting"]);
  const more = el.querySelector(".sb-legend-more details") as HTMLDetailsElement;
  expect(more.querySelector("summary")?.textContent).toBe("More about these marks");
  expect(more.open).toBe(false);
  const folded = [...more.querySelectorAll("li")].map((li) => li.textContent ?? "");
  const all = folded.join(" | ");
  for (const role of ["follower", "leader", "paused", "crashed"])
    expect(folded.some((t) => t.trim() === role)).toBe(true);
  expect(all).toMatch(/inner ring: lease left, as the leader counts/);
  expect(all).toMatch(/outer ring: lease left, as etcd counts/);
  expect(all).toMatch(/max token: highest accepted/);
  expect(all).toMatch(/no key yet: a candidate, not yet in line/);
  expect(all).toMatch(/cut link: dashed and crossed/);
  expect(all).toMatch(/booting: not started yet \(nodes start one by one\)/);
  expect(folded.some((t) => /believes it has left/.test(t))).toBe(true);
  // Why n1 and n3 still boot while n2 leads (review 10b #8): each starts at its own moment.
  expect(folded.some((t) => /each node starts at its own moment in the first 3 s/.test(t))).toBe(true);
});

it("the folded legend stays open while the run moves on, once the learner opened it", async () => {
  const el = await mounted(400, <Legend />);
  const more = el.querySelector(".sb-legend-more details") as HTMLDetailsElement;
  await act(async () => {
    more.open = true;
    more.dispatchEvent(new Event("toggle"));
  });
  expect(more.open).toBe(true);
  // A new frame re-renders the legend (the roles shown change as the booting nodes start).
  const c = made[0];
  await act(async () => {
    c.dispatch({ type: "seek", t: 8_000 });
    await settle();
  });
  const after = el.querySelector(".sb-legend-more details") as HTMLDetailsElement;
  expect(after).toBe(more);
  expect(after.open).toBe(true);
});

it("the metrics' definitions are a list, one a line, and the no-leader figure says what it counts", async () => {
  const el = await mounted(5_000, <NowMetrics />);
  expect(el.querySelector(".sb-metric-leaderless dt")?.textContent).toBe("Time with no leader (total)");
  const lines = [...el.querySelectorAll(".sb-metrics-note li")].map((li) => li.textContent ?? "");
  expect(lines).toHaveLength(4);
  expect(lines[1]).toMatch(
    /^Last failover runs from the fault that left the cluster without a usable leader/,
  );
  expect(lines[1]).toMatch(/even if the old one still believes it leads\.$/);
  expect(lines[3]).toMatch(/paused or cut-off leader still believes it leads/);
});

it("a ring's legend says how the nodes' epoch gives the token the resource counts (review 10b #3)", async () => {
  const el = await mounted(8_000, <Legend />, presets["ring-basic"].scenario);
  expect(el.querySelector(".sb-legend")?.textContent).toContain(
    "token = epoch × 100 + node number (n2 in epoch 1: 102)",
  );
});

it("the short line keeps the room of its fullest form: an invisible copy of every entry it can hold, with no text of its own", async () => {
  const el = await mounted(400, <Legend />);
  const ghost = el.querySelector(".sb-legend-now > .sb-legend-ghost")!;
  expect(ghost.getAttribute("aria-hidden")).toBe("true");
  expect(ghost.textContent).toBe("");
  const words = [...ghost.querySelectorAll("[data-words]")].map((s) => s.getAttribute("data-words"));
  expect(words).toEqual([
    "follower",
    "candidate",
    "leader",
    "paused",
    "crashed",
    "green outline: thinks it leads",
    "rings: lease left",
    "booting",
    "stopped",
    "cut link",
  ]);
  // Each entry shown now is one in that copy, so the copy is never narrower than the line.
  const shown = [...el.querySelectorAll(".sb-legend-now > ul:not(.sb-legend-ghost) > li")].map((li) =>
    (li.textContent ?? "").trim(),
  );
  for (const w of shown) expect(words).toContain(w);
});

it("a run with no lease and no booting keeps no room for them; a lease run names its rings while shown (review 18b #5)", async () => {
  const el = await mounted(8_000, <Legend />, presets["ring-basic"].scenario);
  const ghost = [...el.querySelectorAll(".sb-legend-ghost [data-words]")].map((s) =>
    s.getAttribute("data-words"),
  );
  expect(ghost).not.toContain("rings: lease left");
  expect(ghost).not.toContain("booting");
  expect(ghost).toContain("cut link");
});

it("what 'waiting behind n3' means is one click away, not a paragraph shown unasked (review 18a #8)", async () => {
  const el = await mounted(9_000, <QueueGloss />, presets["fencing-diagram"].scenario);
  const d = el.querySelector("details.sb-queue-gloss") as HTMLDetailsElement;
  expect(d.open).toBe(false);
  expect(d.querySelector("summary")?.textContent).toMatch(/^What does “waiting behind n\d” mean\?$/);
  expect(d.textContent).toMatch(/keys wait in line, oldest first/);
});
