// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";

const initialize = vi.fn();
const renderChart = vi.fn(async (_id?: string) => ({
  svg: '<svg data-testid="chart"><text>Follower</text></svg>',
}));
vi.mock("mermaid", () => ({ default: { initialize, render: renderChart } }));

afterEach(cleanup);

describe("Diagram", () => {
  it("loads Mermaid only when drawn, always in strict security mode", async () => {
    const { Diagram } = await import("./Diagram");
    expect(initialize).not.toHaveBeenCalled();
    render(<Diagram chart="stateDiagram-v2\n  [*] --> Follower" caption="The roles" />);
    const img = await screen.findByRole("img", { name: "The roles" });
    expect(img.innerHTML).toContain("Follower");
    expect(initialize).toHaveBeenCalledWith(
      expect.objectContaining({ securityLevel: "strict", startOnLoad: false }),
    );
  });

  it("shows the chart source and the reason when Mermaid refuses it", async () => {
    renderChart.mockRejectedValueOnce(new Error("Parse error on line 2"));
    const { Diagram } = await import("./Diagram");
    render(<Diagram chart="not a chart" caption="Broken" />);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Parse error on line 2"));
    expect(screen.getByText("not a chart")).toBeTruthy();
  });

  it("draws at its natural size, shrinks to its frame, and never below 12 px labels", async () => {
    renderChart.mockResolvedValueOnce({
      svg: '<svg viewBox="0 0 1200 400" style="max-width: 1200px"><text>Leader</text></svg>',
    });
    const { Diagram, minDiagramWidth } = await import("./Diagram");
    render(<Diagram chart="graph LR; a-->b" caption="Wide" />);
    const img = await screen.findByRole("img", { name: "Wide" });
    const svg = img.querySelector("svg")!;
    // Mermaid's 16-unit labels: 16 px at the natural width, 12 px at the minimum (0.75).
    await waitFor(() => expect(svg.style.minWidth).toBe("900px"));
    expect(svg.style.width).toBe("1200px");
    expect(svg.style.maxWidth).toBe("100%");
    const bare = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    expect(minDiagramWidth(bare)).toBeNull();
  });

  it("makes a frame that must scroll a named, focusable region with a hint", async () => {
    // happy-dom lays nothing out: stand in a frame narrower than its drawing.
    const sw = vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(900);
    const cw = vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(343);
    renderChart.mockResolvedValueOnce({ svg: '<svg viewBox="0 0 1200 400"><text>Leader</text></svg>' });
    const { Diagram } = await import("./Diagram");
    render(<Diagram chart="graph LR; a-->b" caption="Wide" />);
    const region = await screen.findByRole("region", { name: "Diagram: Wide" });
    expect(region.tabIndex).toBe(0);
    expect(region.getAttribute("aria-describedby")).toBe(screen.getByText(/Scroll sideways/).id);
    // The right edge fades while more of the drawing lies that way; the left does not yet.
    const viewport = region.parentElement!;
    expect(viewport.hasAttribute("data-more-right")).toBe(true);
    expect(viewport.hasAttribute("data-more-left")).toBe(false);
    const sl = vi.spyOn(HTMLElement.prototype, "scrollLeft", "get").mockReturnValue(557);
    fireEvent.scroll(region);
    await waitFor(() => expect(viewport.hasAttribute("data-more-left")).toBe(true));
    expect(viewport.hasAttribute("data-more-right")).toBe(false);
    sl.mockRestore();
    sw.mockRestore();
    cw.mockRestore();
  });

  it("a frame that fits is no tab stop and shows no hint", async () => {
    const sw = vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(500);
    const cw = vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(500);
    renderChart.mockResolvedValueOnce({ svg: '<svg viewBox="0 0 500 400"><text>Leader</text></svg>' });
    const { Diagram } = await import("./Diagram");
    render(<Diagram chart="graph LR; a-->b" caption="Narrow" />);
    await screen.findByRole("img", { name: "Narrow" });
    expect(screen.queryByRole("region")).toBeNull();
    expect(screen.queryByText(/Scroll sideways/)).toBeNull();
    sw.mockRestore();
    cw.mockRestore();
  });

  it("opens full screen as a second drawing, closes on Escape and gives the focus back", async () => {
    const drawing = async (id?: string) => ({
      svg: `<svg id="${id}" viewBox="0 0 1000 600"><text>Leader</text></svg>`,
    });
    renderChart.mockImplementationOnce(drawing).mockImplementationOnce(drawing);
    const { Diagram } = await import("./Diagram");
    render(<Diagram chart="sequenceDiagram\n A->>B: hi" caption="Votes" />);
    await screen.findByRole("img", { name: "Votes" });
    const open = screen.getByRole("button", { name: "Full screen" });
    expect(open.getAttribute("aria-haspopup")).toBe("dialog");
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Diagram, full screen" });
    await waitFor(() => expect(dialog.querySelector("svg")).not.toBeNull());
    // Its own ids: two drawings of one chart never share one.
    const ids = Array.from(document.querySelectorAll("svg")).map((s) => s.id);
    expect(new Set(ids).size).toBe(2);
    expect((dialog as HTMLDialogElement).open).toBe(true);
    // The drawing's frame has the focus, so the arrow keys pan it.
    expect(document.activeElement).toBe(screen.getByRole("region", { name: "Diagram: Votes" }));
    // happy-dom lays out no frame to fit it in, so it opens at its natural size, already "fitted".
    const level = dialog.querySelector("output")!;
    await waitFor(() => expect(level.textContent).toBe("100 %"));
    const fit = screen.getByRole("button", { name: "Fit" });
    expect((fit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    expect(level.textContent).toBe("125 %");
    expect(dialog.querySelector("svg")!.style.width).toBe("1250px");
    // "Fit" goes back to the opening zoom.
    fireEvent.click(fit);
    expect(level.textContent).toBe("100 %");
    expect(dialog.querySelector("svg")!.style.width).toBe("1000px");
    (dialog as HTMLDialogElement).close(); // what Escape does to a modal dialog
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it("opens fitted: the whole drawing while labels stay at 12 px, else its full width, never under 12 px", async () => {
    const { openingZoom } = await import("./DiagramDialog");
    // A laptop: the whole drawing fits at 0.9, so that is the opening zoom.
    expect(openingZoom(0.9, 1.2)).toBe(0.9);
    // A tall sequence diagram on a phone: whole at 0.3 (5 px labels), so fit the width and scroll down.
    expect(openingZoom(0.3, 0.9)).toBe(0.9);
    // A wide one on a phone (width fits at 0.4, 6 px labels): 12 px labels, scrolling both ways.
    expect(openingZoom(0.3, 0.4)).toBe(0.75);
    // Whole at 0.6 (under 12 px) but its width fits at 0.8: the width, scrolling down.
    expect(openingZoom(0.6, 0.8)).toBe(0.8);
    // Never past twice the natural size; no frame laid out: natural size.
    expect(openingZoom(3, 4)).toBe(2);
    expect(openingZoom(-0.1, -0.1)).toBe(1);
  });
});
