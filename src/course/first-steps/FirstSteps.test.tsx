// @vitest-environment happy-dom
// The first-steps path by role and label: nine screens of a count, a title and one sentence;
// Next and Back handed to the live run's control row; the arrow keys (but not from inside the
// run); focus on each new screen's heading; one live run per screen; the fault only where the
// screen asks for it; and the way out to the first lesson. The live run is a stand-in here; the
// Playwright walk (tests/e2e/first-steps.spec.ts) uses the real guided run.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { FirstSteps, type LiveRunProps } from "./FirstSteps";
import { FIRST_STEPS } from "./screens";
import { presets } from "../../engine/index.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const runs: LiveRunProps[] = [];
function Live(props: LiveRunProps) {
  runs.push(props);
  return (
    <div className="sb" data-testid="live">
      <button type="button">Play {props.preset}</button>
      {props.fault && <button type="button">Pause the leader</button>}
      {props.nav}
      {props.watch}
      {props.then}
    </div>
  );
}

function renderPath() {
  runs.length = 0;
  render(<FirstSteps finish={<a href="/learn/why-a-leader">Start the first lesson</a>} Live={Live} />);
}
const heading = () => screen.getByRole("heading", { level: 1 });
const next = () => screen.getByRole("button", { name: /^Next/ });

describe("FirstSteps", () => {
  it("has eight to ten screens, each a preset the engine has, a title and one sentence", () => {
    expect(FIRST_STEPS.length).toBeGreaterThanOrEqual(8);
    expect(FIRST_STEPS.length).toBeLessThanOrEqual(10);
    for (const s of FIRST_STEPS) {
      expect(presets[s.preset], s.preset).toBeDefined();
      expect(s.title.length).toBeGreaterThan(2);
      expect(
        s.sentence.split(/[.!?](\s|$)/).filter((x) => x.trim().length > 1),
        s.id,
      ).toHaveLength(1);
    }
    // One run per screen: no two screens replay the same run.
    expect(new Set(FIRST_STEPS.map((s) => s.preset)).size).toBe(FIRST_STEPS.length);
  });

  it("uses one word for the number a leader holds and its writes carry: term, never token, epoch or rev", () => {
    const words = FIRST_STEPS.map((s) => `${s.title} ${s.sentence} ${s.watch} ${s.again}`).join(" ");
    expect(words).toMatch(/\bterm\b/);
    expect(words).not.toMatch(/\b(token|epoch|rev|revision|sequence|zxid|generation)\b/i);
    // The late write is refused by its term, in those words.
    expect(FIRST_STEPS.find((s) => s.id === "a-late-write")?.sentence).toMatch(/carries its leader's term/);
    // The one bridge to the lessons' words, said once where a resource or a database shows:
    // what real systems call the term there.
    expect(FIRST_STEPS.find((s) => s.id === "a-late-write")?.bridge).toMatch(/fencing token/);
    expect(FIRST_STEPS.find((s) => s.id === "a-lease")?.bridge).toMatch(/\bepoch\b/);
    expect(FIRST_STEPS.filter((s) => s.bridge)).toHaveLength(2);
  });

  it("walks forward and back with the buttons, one live run per screen, and ends at the first lesson", () => {
    renderPath();
    expect(heading().textContent).toBe(FIRST_STEPS[0].title);
    expect(screen.getByText(FIRST_STEPS[0].sentence)).toBeTruthy();
    expect(screen.getByText(`1 of ${FIRST_STEPS.length}`)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Back" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("live").textContent).toContain(FIRST_STEPS[0].preset);
    // Back and Next sit in the live run's control row.
    expect(screen.getByTestId("live").contains(next())).toBe(true);

    for (let i = 1; i < FIRST_STEPS.length; i++) {
      fireEvent.click(next());
      expect(heading().textContent).toBe(FIRST_STEPS[i].title);
      expect(screen.getByText(`${i + 1} of ${FIRST_STEPS.length}`)).toBeTruthy();
      expect(document.activeElement).toBe(heading());
      expect(screen.getAllByTestId("live")).toHaveLength(1);
      // One short "Watch:" line; the long words behind a press (review 15a #2).
      const watch = document.querySelector(".first-steps-watch")!;
      expect(watch.querySelector("p:not(details p)")?.textContent).toBe(`Watch: ${FIRST_STEPS[i].glance}`);
      expect(watch.querySelector("details:not([open]) p")?.textContent?.toLowerCase()).toBe(
        FIRST_STEPS[i].watch.toLowerCase(),
      );
      // A second look at the same run, so the screen's idea is seen twice.
      expect(screen.getByText(FIRST_STEPS[i].again)).toBeTruthy();
    }
    const shown = runs.map((r) => r.preset).filter((p, i, a) => p !== a[i - 1]);
    expect(shown).toEqual(FIRST_STEPS.map((s) => s.preset));

    // The last screen: no Next, the way on is the first lesson.
    expect(screen.queryByRole("button", { name: /^Next/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Start the first lesson" }).getAttribute("href")).toBe(
      "/learn/why-a-leader",
    );

    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(heading().textContent).toBe(FIRST_STEPS[FIRST_STEPS.length - 2].title);
    expect(document.activeElement).toBe(heading());
  });

  it("hands the learner a fault only on the screens that ask for one, and the last screen asks", () => {
    renderPath();
    for (let i = 0; i < FIRST_STEPS.length; i++) {
      expect(screen.queryByRole("button", { name: "Pause the leader" }) !== null, FIRST_STEPS[i].id).toBe(
        FIRST_STEPS[i].fault !== undefined,
      );
      if (i < FIRST_STEPS.length - 1) fireEvent.click(next());
    }
    expect(FIRST_STEPS[FIRST_STEPS.length - 1].fault).toBe("pause-leader");
    expect(FIRST_STEPS.filter((s) => s.fault)).toHaveLength(1);
  });

  it("moves with the arrow keys, but not while a key is pressed inside the live run", () => {
    renderPath();
    act(() => {
      fireEvent.keyDown(window, { key: "ArrowRight" });
    });
    expect(heading().textContent).toBe(FIRST_STEPS[1].title);
    expect(document.activeElement).toBe(heading());
    // Inside the live run the arrow keys belong to the run (its picture moves between nodes).
    fireEvent.keyDown(screen.getByRole("button", { name: `Play ${FIRST_STEPS[1].preset}` }), {
      key: "ArrowRight",
    });
    expect(heading().textContent).toBe(FIRST_STEPS[1].title);
    act(() => {
      fireEvent.keyDown(window, { key: "ArrowLeft" });
    });
    expect(heading().textContent).toBe(FIRST_STEPS[0].title);
    // Never past either end.
    act(() => {
      fireEvent.keyDown(window, { key: "ArrowLeft" });
    });
    expect(heading().textContent).toBe(FIRST_STEPS[0].title);
  });

  it("shows progress by text and shape, with the current screen marked for assistive technology", () => {
    renderPath();
    const items = () => screen.getByRole("list", { name: "Progress" }).querySelectorAll("li");
    expect(items()).toHaveLength(FIRST_STEPS.length);
    expect(items()[0].getAttribute("aria-current")).toBe("step");
    fireEvent.click(next());
    expect(items()[0].className).toBe("done");
    expect(items()[0].textContent).toContain("seen");
    expect(items()[1].getAttribute("aria-current")).toBe("step");
  });

  it("has one h1 and no heading that skips a level", () => {
    renderPath();
    const levels = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1]).toBeLessThanOrEqual(1);
  });

  it("opens on the screen it is given and tells the caller each screen shown", () => {
    const seen: number[] = [];
    render(
      <FirstSteps
        finish={<a href="/learn/why-a-leader">Start the first lesson</a>}
        Live={Live}
        initial={4}
        onScreen={(i) => seen.push(i)}
      />,
    );
    expect(heading().textContent).toBe(FIRST_STEPS[4].title);
    fireEvent.click(next());
    expect(seen).toEqual([4, 5]);
    cleanup();
    // Out of range: the nearest end.
    render(
      <FirstSteps
        finish={<a href="/learn/why-a-leader">Start the first lesson</a>}
        Live={Live}
        initial={99}
      />,
    );
    expect(heading().textContent).toBe(FIRST_STEPS[FIRST_STEPS.length - 1].title);
  });

  it("at a desktop width: one short Watch: line a screen, the long words behind a press (review 15a #2)", () => {
    renderPath();
    for (let i = 0; i < FIRST_STEPS.length; i++) {
      const step = FIRST_STEPS[i];
      // a glance is a line, not a paragraph (the long words ran 70 to 95): at most 14 words
      expect(step.glance.split(/\s+/).length, step.id).toBeLessThanOrEqual(14);
      expect(screen.getAllByText(/^Watch:$/)).toHaveLength(1);
      const details = document.querySelector(".first-steps-watch details")!;
      expect(details.hasAttribute("open"), step.id).toBe(false);
      expect(details.querySelector("summary")?.textContent).toBe("What to watch, in full");
      // The long words are nowhere else on the screen.
      const outside = [...document.querySelectorAll(".first-steps-watch p")].filter(
        (p) => !details.contains(p),
      );
      expect(outside.map((p) => p.textContent).join(" "), step.id).not.toContain(step.watch.slice(10, 60));
      if (i < FIRST_STEPS.length - 1) fireEvent.click(next());
    }
  });

  it("tells the arrow keys only where a fine pointer that hovers is (review 15a #13)", () => {
    const media = (fine: boolean) =>
      vi.stubGlobal("matchMedia", (q: string) => ({
        matches: q === "(hover: hover) and (pointer: fine)" ? fine : false,
        media: q,
        addEventListener() {},
        removeEventListener() {},
      }));
    media(false);
    renderPath();
    expect(screen.queryByText(/arrow keys move between screens/)).toBeNull();
    cleanup();
    media(true);
    renderPath();
    expect(screen.getByText(/arrow keys move between screens/)).toBeTruthy();
  });

  it("keeps the arrow-key tip out of a touch phone's page when its pointer reads fine for a moment (review 17a #12)", () => {
    // A full-page capture of a touch phone overrides its metrics: while it lasts, the phone
    // reports a fine pointer that hovers, and tells every listener so.
    let fine = false;
    const heard = new Set<() => void>();
    vi.stubGlobal("matchMedia", (q: string) => ({
      get matches() {
        if (q === "(hover: hover) and (pointer: fine)") return fine;
        if (q === "(hover: none), (pointer: coarse)") return !fine;
        return false;
      },
      media: q,
      addEventListener: (_: string, f: () => void) => heard.add(f),
      removeEventListener: (_: string, f: () => void) => heard.delete(f),
    }));
    renderPath();
    expect(screen.queryByText(/arrow keys move between screens/)).toBeNull();
    act(() => {
      fine = true;
      heard.forEach((f) => f());
    });
    expect(screen.queryByText(/arrow keys move between screens/)).toBeNull();
  });

  it("says what real systems call the term in the screen's own text, on a phone too, before the picture", () => {
    // A phone width: the picture and what just happened say "token" and "refused", so the
    // words that define them must not wait in a desktop-only place or under the picture.
    vi.stubGlobal("matchMedia", (q: string) => ({
      matches: q === "(max-width: 559px)",
      media: q,
      addEventListener() {},
      removeEventListener() {},
    }));
    const late = FIRST_STEPS.findIndex((s) => s.id === "a-late-write");
    render(<FirstSteps finish={<a href="/learn/why-a-leader">Start</a>} Live={Live} initial={late} />);
    const bridge = document.querySelector(".first-steps-bridge");
    expect(bridge?.textContent).toMatch(/fencing token/);
    expect(bridge?.textContent).toMatch(/\bfencing\b(?! token)/);
    expect(bridge?.closest(".first-steps-sentence")).toBeTruthy();
    expect(screen.getByTestId("live").contains(bridge)).toBe(false);
  });
});
