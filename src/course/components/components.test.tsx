// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Term } from "./Term";
import { DeepDive, Note, Pitfall } from "./Callouts";
import { SandboxEmbed, firstSentence } from "../../app/SandboxEmbed";
import { glossaryEntries } from "../glossary";

afterEach(cleanup);

describe("Term", () => {
  const entry = glossaryEntries.find((e) => e.id === "lease")!;

  it("shows the glossary definition on focus and hides it on Escape", () => {
    render(<Term id="lease">lease</Term>);
    const button = screen.getByRole("button", { name: "lease" });
    const tip = screen.getByRole("tooltip", { hidden: true });
    expect(tip.dataset.open).toBe("false");
    fireEvent.focus(button);
    expect(tip.dataset.open).toBe("true");
    expect(tip.textContent).toContain(entry.definition);
    fireEvent.keyDown(button, { key: "Escape" });
    expect(tip.dataset.open).toBe("false");
  });

  it("stays open after a tap (press, focus, click) until a tap elsewhere", () => {
    render(
      <p>
        <Term id="lease">lease</Term> and <span>elsewhere</span>
      </p>,
    );
    const button = screen.getByRole("button", { name: "lease" });
    const tip = screen.getByRole("tooltip", { hidden: true });
    // A tap: the press focuses the button, then the click lands. Neither may undo the other.
    fireEvent.pointerDown(button, { pointerType: "touch" });
    fireEvent.focus(button);
    fireEvent.click(button);
    expect(tip.dataset.open).toBe("true");
    expect(button.getAttribute("aria-expanded")).toBe("true");
    // A press inside the note keeps it open.
    fireEvent.pointerDown(tip, { pointerType: "touch" });
    expect(tip.dataset.open).toBe("true");
    fireEvent.pointerDown(screen.getByText("elsewhere"), { pointerType: "touch" });
    expect(tip.dataset.open).toBe("false");
  });

  it("a second tap on the term closes it, and Escape closes a pinned note", () => {
    render(<Term id="lease">lease</Term>);
    const button = screen.getByRole("button", { name: "lease" });
    const tip = screen.getByRole("tooltip", { hidden: true });
    for (const expected of ["true", "false"]) {
      fireEvent.pointerDown(button, { pointerType: "touch" });
      fireEvent.click(button);
      expect(tip.dataset.open).toBe(expected);
    }
    fireEvent.pointerDown(button, { pointerType: "mouse" });
    fireEvent.click(button);
    expect(tip.dataset.open).toBe("true");
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(tip.dataset.open).toBe("false");
  });

  it("closes when keyboard focus moves on to another control", () => {
    render(
      <>
        <Term id="lease">lease</Term>
        <button type="button">next</button>
      </>,
    );
    const button = screen.getByRole("button", { name: "lease" });
    const tip = screen.getByRole("tooltip", { hidden: true });
    fireEvent.focus(button);
    fireEvent.click(button); // Enter on a focused button
    expect(tip.dataset.open).toBe("true");
    fireEvent.blur(button, { relatedTarget: screen.getByRole("button", { name: "next" }) });
    expect(tip.dataset.open).toBe("false");
  });

  it("describes the term for screen readers without hovering", () => {
    render(<Term id="lease">lease</Term>);
    const button = screen.getByRole("button", { name: "lease" });
    expect(button.getAttribute("aria-describedby")).toBe(screen.getByRole("tooltip", { hidden: true }).id);
  });

  it("renders plain text for an unknown id instead of crashing", () => {
    render(<Term id="no-such-term">mystery</Term>);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("mystery")).toBeTruthy();
  });
});

describe("callouts", () => {
  it("carry a text label, not just a colour", () => {
    render(
      <>
        <Note>n</Note>
        <Pitfall>p</Pitfall>
      </>,
    );
    expect(screen.getByRole("note", { name: /Note/ })).toBeTruthy();
    expect(screen.getByRole("note", { name: /Pitfall/ })).toBeTruthy();
  });

  it("a deep dive is a keyboard-operable disclosure", () => {
    render(<DeepDive title="Why terms">hidden body</DeepDive>);
    const summary = screen.getByText(/Deep dive: Why terms/);
    const details = summary.closest("details")!;
    expect(details.open).toBe(false);
    fireEvent.click(summary);
    expect(details.open).toBe(true);
  });

  it("a deep dive opens when the address points at a heading inside it", () => {
    window.location.hash = "";
    render(
      <DeepDive title="Counting">
        <h3 id="counting-ring-messages">Counting ring messages</h3>
      </DeepDive>,
    );
    const details = screen.getByText(/Deep dive: Counting/).closest("details")!;
    expect(details.open).toBe(false);
    window.location.hash = "#counting-ring-messages";
    window.dispatchEvent(new HashChangeEvent("hashchange"));
    expect(details.open).toBe(true);
  });
});

describe("SandboxEmbed", () => {
  it("is named by its caption's first sentence, cut at a word when long", () => {
    expect(firstSentence("Cut the leader off. Then watch.")).toBe("Cut the leader off");
    const long = firstSentence(
      "Three controllers on one Lease with the default durations, renewing every two seconds while the others poll at jittered intervals.",
    );
    expect(long).toBe("Three controllers on one Lease with the default durations, renewing every two…");
  });

  it("shows its preset and caption at once, and starts the live sandbox only when scrolled near", () => {
    const observed: Element[] = [];
    const Original = globalThis.IntersectionObserver;
    class Watch {
      constructor(_cb: IntersectionObserverCallback) {}
      observe(el: Element) {
        observed.push(el);
      }
      disconnect() {}
    }
    globalThis.IntersectionObserver = Watch as unknown as typeof IntersectionObserver;
    try {
      render(<SandboxEmbed preset="billing-crash" caption="Crash the leader" />);
      // Named by its caption; the scenario's internal name never reaches the learner.
      const region = screen.getByRole("region", { name: "Live sandbox: Crash the leader" });
      expect(region.textContent).toContain("Crash the leader");
      expect(region.textContent).not.toContain("billing-crash");
      expect(region.textContent).toContain("starts when you scroll to it");
      expect(observed).toEqual([region]);
      // Nothing live yet: no cluster view, no worker.
      expect(screen.queryByRole("group", { name: /Cluster view/ })).toBeNull();
    } finally {
      globalThis.IntersectionObserver = Original;
    }
  });
});

describe("lesson tables", () => {
  it("sit in regions named by their section, numbered within a section", async () => {
    const { TableScroll } = await import("./TableScroll");
    const { H2 } = await import("./Headings");
    const row = (
      <tbody>
        <tr>
          <td>x</td>
        </tr>
      </tbody>
    );
    render(
      <div className="prose">
        <H2>Stripe, July 2019</H2>
        <p>Text.</p>
        <TableScroll>{row}</TableScroll>
        <TableScroll>{row}</TableScroll>
        <H2>Lease timings</H2>
        <DeepDive title="More">
          <TableScroll>{row}</TableScroll>
        </DeepDive>
      </div>,
    );
    const names = screen.getAllByRole("region", { hidden: true }).map((r) => r.getAttribute("aria-label"));
    expect(names).toEqual([
      "Table: Stripe, July 2019 (1 of 2)",
      "Table: Stripe, July 2019 (2 of 2)",
      "Table: Lease timings",
    ]);
  });
});

describe("on-page contents", () => {
  it("lists a long lesson's sections and subsections as written, linking to their anchors; a short one gets none", async () => {
    const { OnThisPage } = await import("../OnThisPage");
    const h = (text: string, id: string, level: 2 | 3 = 2) => ({ text, id, level });
    const long = [
      h("Why", "why"),
      h("Stripe, July 2019", "stripe-july-2019"),
      h("Detail", "detail", 3),
      h("Fencing", "fencing"),
      h("What next", "what-next"),
    ];
    const { unmount } = render(<OnThisPage headings={long} />);
    const nav = screen.getByRole("navigation", { name: "On this page" });
    const links = Array.from(nav.querySelectorAll("a")).map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Why", "#why"],
      ["Stripe, July 2019", "#stripe-july-2019"],
      // A subsection is listed under its section (review 8a #9: lesson 1's "Write the invariant
      // first" was left out).
      ["Detail", "#detail"],
      ["Fencing", "#fencing"],
      ["What next", "#what-next"],
    ]);
    expect(nav.querySelector("li li a")?.textContent).toBe("Detail");
    // Unnumbered under its numbered section (review 12a #12: "1." under "1." read as an error).
    expect(nav.querySelector("ol > li > ul > li a")?.textContent).toBe("Detail");
    expect(nav.querySelector("li ol")).toBeNull();
    unmount();
    // Three sections and a subsection are still too few for a list.
    render(<OnThisPage headings={long.slice(0, 4)} />);
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("folded (a phone), starts closed as one line the learner opens, with the same links", async () => {
    // Review 14a #6: on a phone the open list pushed the lesson's first paragraph off the first screen.
    const { OnThisPage } = await import("../OnThisPage");
    const h = (text: string, id: string) => ({ text, id, level: 2 as const });
    const long = [
      h("Why", "why"),
      h("Stripe", "stripe"),
      h("Fencing", "fencing"),
      h("What next", "what-next"),
    ];
    const { container } = render(<OnThisPage headings={long} folded />);
    const details = container.querySelector("details")!;
    expect(details.open).toBe(false);
    expect(details.querySelector("summary")?.textContent).toBe("On this page");
    const nav = details.querySelector('nav[aria-label="On this page"]')!;
    expect(Array.from(nav.querySelectorAll("a")).map((a) => a.getAttribute("href"))).toEqual([
      "#why",
      "#stripe",
      "#fencing",
      "#what-next",
    ]);
  });
});
