// @vitest-environment happy-dom
// The "Why?" panel with the real worker host in-process: a write-log row's Why? opens the
// chain from the worker's full trace; a step seeks there; Escape closes and gives focus back.
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { presets } from "../engine/index.ts";
import { SandboxController } from "./controller.ts";
import { InProcessWorker, settle } from "./testing.ts";
import { SandboxContext } from "./ui/context.ts";
import { NarrationLog, WriteLog } from "./ui/Logs.tsx";
import { DEFAULT_SCENARIO, type RawScenario } from "./scenarios.ts";

const made: SandboxController[] = [];
afterEach(() => {
  cleanup();
  for (const c of made.splice(0)) c.dispose();
});

async function fencingAt(at: number, scenario?: RawScenario) {
  const c = new SandboxController({
    scenario: structuredClone(scenario ?? presets["fencing-diagram"].scenario) as RawScenario,
    source: scenario ? { kind: "default" } : { kind: "preset", name: "fencing-diagram" },
    title: "t",
    at,
    createWorker: () => new InProcessWorker(),
    afterPaint: (cb) => queueMicrotask(cb),
    pingEvery: 60_000,
  });
  made.push(c);
  c.start();
  render(
    <SandboxContext.Provider value={c}>
      <NarrationLog />
      <WriteLog />
    </SandboxContext.Provider>,
  );
  await act(() => settle(12));
  return c;
}

describe("Why? panel", () => {
  it("opens on a refused write with sentence, values, rule, lesson, source and the chain back to the pause", async () => {
    const c = await fencingAt(26_000);
    const refused = within(screen.getByRole("table", { name: "Refused or stale writes" })).getAllByRole(
      "button",
      { name: /^Why\? 25\.4 s: n2's write, refused/ },
    )[0];
    fireEvent.click(refused);
    await act(() => settle(6));
    const dialog = screen.getByRole("dialog", { name: /^Why\? .*, at 25\.4 s$/ });
    expect(
      within(dialog).getByText(
        "The resource refused the write: token 2 is below 3, the highest it has accepted.",
      ),
    ).toBeTruthy();
    // The values in words, the rule's id kept as data only, the lesson by its real title.
    const values = within(dialog).getByRole("table", { name: "What it went by" });
    expect(values.querySelector("[data-key='maxSeen']")?.textContent).toBe("Highest token accepted so far3");
    // A number never breaks from its unit in the value column (the reviewer read "0.40 / s").
    const cells = [...values.querySelectorAll("td")];
    expect(cells.length).toBeGreaterThan(0);
    for (const td of cells) expect(td.textContent).not.toMatch(/ /);
    expect(dialog.querySelector("[data-rule]")?.getAttribute("data-rule")).toBe("fence.token.below");
    expect(dialog.textContent).not.toContain("fence.token.below");
    expect(dialog.textContent).not.toContain("maxSeen");
    const lesson = within(dialog).getByRole("link");
    expect(lesson.getAttribute("href")).toBe("/learn/fencing-tokens#the-resources-check");
    expect(lesson.textContent).toBe(
      "Fencing tokens: stopping the zombie leader, section “The resource's check”",
    );
    // The source sits behind a small "Source" disclosure, closed: plain words come first.
    const source = within(dialog).getByText("Source").closest("details");
    expect(source?.open).toBe(false);
    expect(within(dialog).getByText(/^Where this rule comes from:/).textContent).toContain("Kleppmann 2016");
    const chainNav = within(dialog).getByRole("navigation", { name: "Chain of causes" });
    // The chain comes before the tables, right under the answer (review 12b #10: it sat below
    // the panel's fold under "What it went by").
    expect(chainNav.compareDocumentPosition(values) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const steps = within(chainNav).getAllByRole("button");
    expect(steps.map((b) => b.textContent?.replace(/\s+/g, " ").trim())).toEqual([
      "25.4 s n2's write with token 2 was refused",
      // clientv3's 500 ms keepalive pass sent n2's last keepalive at 7.4 s (the next was due at
      // 10.9 s, inside the pause); the lessor's 500 ms pass revoked the lease at 17.5 s.
      "17.5 s ← n3 became leader with token 3",
      // the key by whose it is, never its internal path (etcd names it by the lease's id)
      "17.5 s ← etcd deleted n2's election key",
      "17.5 s ← n2's lease expired at etcd",
      "10.4 s ← n2 was paused for 15 s",
    ]);
    expect(document.activeElement).toBe(within(dialog).getByRole("heading", { level: 2 }));
    fireEvent.click(steps[4]);
    await act(() => settle(12));
    expect(steps[4].getAttribute("aria-current")).toBe("step");
    expect(c.store.getState().frame?.t).toBe(10_407);
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
  it("a narration line's Why? explains that line's event; lines with nothing to explain have none", async () => {
    await fencingAt(26_000);
    const log = screen.getByRole("region", { name: "What happened" });
    expect(within(log).queryByRole("button", { name: /^Why\? 25\.4 s: n2 woke up/ })).toBeNull();
    fireEvent.click(within(log).getByRole("button", { name: /^Why\? 17\.5 s: etcd expired n2's lease/ }));
    await act(() => settle(6));
    // the lease ran out at 17.4 s; the lessor's next 500 ms pass, at 17.5 s, revoked it
    expect(screen.getByRole("dialog").textContent).toContain("n2's lease ran out at 17.4 s on etcd's clock");
    expect(screen.getByRole("dialog").textContent).toContain("etcd's own clock, reading 17.5 s");
  });
  it("a chain of one (the event itself) is not drawn as a chain: what set it off is under 'Set off by'", async () => {
    // review 15b #8: in the default run "Chain of causes, newest first" listed only the new
    // leader at 0.41 s itself.
    await fencingAt(2_000, DEFAULT_SCENARIO);
    const log = screen.getByRole("region", { name: "What happened" });
    fireEvent.click(within(log).getAllByRole("button", { name: /^Why\? [\d.]+ s: .*became leader/ })[0]);
    await act(() => settle(6));
    const dialog = screen.getByRole("dialog", { name: /^Why\? / });
    expect(dialog.textContent).toContain("Set off by");
    const nav = within(dialog).queryByRole("navigation", { name: "Chain of causes" });
    if (nav) expect(within(nav).getAllByRole("button").length).toBeGreaterThan(1);
  });
  it("a fault the run planned starts its own chain: said in words, not as a chain of one entry", async () => {
    // review 9b #10: Why? on a heal showed "Chain of causes" holding only the heal itself.
    await fencingAt(26_000);
    const log = screen.getByRole("region", { name: "What happened" });
    fireEvent.click(within(log).getAllByRole("button", { name: /^Why\? 10\.4 s: .*pause/ })[0]);
    await act(() => settle(6));
    const dialog = screen.getByRole("dialog", { name: /^Why\? .*, at 10\.4 s$/ });
    expect(within(dialog).queryByRole("navigation", { name: "Chain of causes" })).toBeNull();
    expect(dialog.textContent).toMatch(/set up to do this at 10\.4 s: nothing inside the run caused it/);
  });
  it("'Set off by' is a button to the cause: its chain step when the chain holds it, else the run at its moment", async () => {
    // review 6b #6: on a wide screen "Set off by: etcd's answer …, sent at 0.40 s" was plain text.
    const c = await fencingAt(26_000);
    const log = screen.getByRole("region", { name: "What happened" });
    // The refused write: set off by n2's write message, sent on waking at 25.4 s.
    const refused = within(screen.getByRole("table", { name: "Refused or stale writes" })).getAllByRole(
      "button",
      { name: /^Why\? 25\.4 s: n2's write, refused/ },
    )[0];
    fireEvent.click(refused);
    await act(() => settle(6));
    const wrote = within(screen.getByRole("dialog"))
      .getByText(/, sent at 25\.4 s$/)
      .closest("button");
    expect(wrote?.textContent).toMatch(/: go to the run at 25\.4 s$/);
    fireEvent.click(within(log).getByRole("button", { name: /^Why\? 0\.41 s: n2 became leader/ }));
    await act(() => settle(6));
    const dialog = screen.getByRole("dialog", { name: /^Why\? .*, at 0\.41 s$/ });
    // The cause's words are the button's (its name also says where it goes: visually hidden).
    const cause = within(dialog)
      .getByText(/^etcd's answer .*, sent at 0\.40 s$/)
      .closest("button")!;
    expect(cause.textContent).toMatch(/: go to the run at 0\.40 s$/);
    fireEvent.click(cause);
    await act(() => settle(12));
    // sent at 403.683 ms: the first whole millisecond after it, as a chain step moves.
    expect(c.store.getState().frame?.t).toBe(404);
  });
});
