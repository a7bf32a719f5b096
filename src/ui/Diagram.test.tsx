// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";

const initialize = vi.fn();
const renderChart = vi.fn(async () => ({ svg: '<svg data-testid="chart"><text>Follower</text></svg>' }));
vi.mock("mermaid", () => ({ default: { initialize, render: renderChart } }));

afterEach(cleanup);

describe("Diagram", () => {
  it("loads Mermaid only when drawn, always in strict security mode", async () => {
    const { Diagram } = await import("./Diagram");
    expect(initialize).not.toHaveBeenCalled();
    render(<Diagram chart="stateDiagram-v2\n  [*] --> Follower" caption="The roles" />);
    const img = await screen.findByRole("img", { name: "The roles" });
    expect(img.innerHTML).toContain("Follower");
    expect(initialize).toHaveBeenCalledWith(expect.objectContaining({ securityLevel: "strict", startOnLoad: false }));
  });

  it("shows the chart source and the reason when Mermaid refuses it", async () => {
    renderChart.mockRejectedValueOnce(new Error("Parse error on line 2"));
    const { Diagram } = await import("./Diagram");
    render(<Diagram chart="not a chart" caption="Broken" />);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Parse error on line 2"));
    expect(screen.getByText("not a chart")).toBeTruthy();
  });

  it("keeps a wide drawing at a legible size: a minimum width from its viewBox", async () => {
    renderChart.mockResolvedValueOnce({ svg: '<svg viewBox="0 0 1200 400"><text>Leader</text></svg>' });
    const { Diagram, minDiagramWidth } = await import("./Diagram");
    render(<Diagram chart="graph LR; a-->b" caption="Wide" />);
    const img = await screen.findByRole("img", { name: "Wide" });
    await waitFor(() => expect(img.querySelector("svg")!.style.minWidth).toBe("840px"));
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
    expect(region.getAttribute("aria-describedby")).toBe(screen.getByText(/scroll it sideways/).id);
    sw.mockRestore();
    cw.mockRestore();
  });
});
