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
});
