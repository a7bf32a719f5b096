// @vitest-environment happy-dom
// Review 16b's words beside the picture: "What is a token? Why N?" asked only once a token is
// on the picture, with its number (#7: "Why 2?" stood at 0 s beside "max token 0"); the reason
// "Last failover" outlasts the time with no leader, said under the two figures (#8: 9.26 s
// beside 0.41 s read as a contradiction); and the tour "Take a tour" starts for a run (#6).
import { afterEach, expect, it } from "vitest";
import { act, cleanup, render } from "@testing-library/react";
import { SandboxController } from "../controller.ts";
import { DEFAULT_SCENARIO } from "../scenarios.ts";
import { presets, runScenario } from "../../engine/index.ts";
import { InProcessWorker, settle } from "../testing.ts";
import { SandboxContext } from "./context.ts";
import { Legend, etcdTokenWhy } from "./Legend.tsx";
import { NowMetrics, believedReason } from "./NowMetrics.tsx";
import { believedDuring, failovers } from "../failovers.ts";
import { fittingTourPreset } from "./fitting-tour.ts";

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

const question = (el: HTMLElement) =>
  [...el.querySelectorAll(".sb-legend-term summary")].map((s) => s.textContent ?? "").join(" | ");

it("asks 'Why 2?' only once the picture shows a token, with the token it shows", async () => {
  const before = await mounted(0, <Legend />);
  expect(question(before)).toMatch(/What is a token\?/);
  expect(question(before)).not.toMatch(/Why/);
  cleanup();
  // 1 s: n2 leads with token 2 (the default run's first leader, from 0.41 s).
  const after = await mounted(1_000, <Legend />);
  expect(question(after)).toMatch(/What is a token\? Why 2\?/);
  expect(after.querySelector(".sb-legend-first")?.textContent).toMatch(/first token is 2, not 1/);
});

it("a later leader's token is asked about with its own number, and answered for it", () => {
  expect(etcdTokenWhy(2)).toMatch(/^The first token is 2, not 1/);
  expect(etcdTokenWhy(5)).toMatch(
    /^Token 5 is the number of the change that made this leader's election key/,
  );
});

it("a failover the old leader sat through is explained under the figures, from the run", () => {
  // The leader is paused 2.5 s at 10 s with a short lease: a new leader is elected while the
  // paused one still believes it leads.
  const { trace } = runScenario(presets["billing-gc-short-ttl"].scenario);
  const last = failovers(trace).at(-1)!;
  const b = believedDuring(trace, last);
  expect(b.nodes.length).toBe(1);
  expect(b.ms).toBeGreaterThan(0);
  expect(b.ms).toBeLessThanOrEqual(last.to - last.from);
  const line = believedReason(last, b)!;
  expect(line).toContain(`${b.nodes[0]} still believed it led`);
  // A crash: the old leader stops believing as it crashes, so both figures grow together.
  const crash = runScenario(presets["billing-crash"].scenario).trace;
  const f = failovers(crash).at(-1)!;
  expect(believedDuring(crash, f).ms).toBe(0);
  expect(believedReason(f, believedDuring(crash, f))).toBeNull();
});

it("the reason line names both shares of the failover when the old leader gave up before the new one", () => {
  const line = believedReason({ from: 15_000, to: 24_260 }, { nodes: ["n2"], ms: 8_850 });
  expect(line).toBe("n2 still believed it led for 8.85 s of the failover; only 0.41 s had no leader.");
  expect(believedReason({ from: 500, to: 550 }, { nodes: ["n5"], ms: 50 })).toMatch(
    /^n5 still believed it led all through the failover: no time without a leader/,
  );
});

it("the metrics panel shows the reason without opening its disclosure", async () => {
  const el = await mounted(20_000, <NowMetrics />, presets["billing-gc-short-ttl"].scenario);
  const why = el.querySelector(".sb-metrics-why");
  expect(why?.textContent).toMatch(/still believed it led/);
  expect(why?.closest("details")).toBeNull();
});

it("'Take a tour' starts the tour that fits the run: its own, else one of the same protocol", () => {
  expect(fittingTourPreset("bully-partition", "bully")).toBe("bully-partition");
  expect(fittingTourPreset(null, "etcd")).toBe("billing-crash");
  expect(fittingTourPreset("raft-basic", "raft")).toBe("raft-split-vote");
  expect(fittingTourPreset("ring-basic", "ring")).toBeNull();
});
