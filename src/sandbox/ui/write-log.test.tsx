// @vitest-environment happy-dom
// The write tables keep each write's row as writes arrive: a new write adds one row at the top
// and drops the oldest, instead of rebuilding the whole table ten times a second at 10x.
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import type { TraceEvent } from "../../engine/index.ts";
import type { SandboxController } from "../controller.ts";
import { createSandboxStore } from "../store.ts";
import { SandboxContext } from "./context.ts";
import { LastWrites, WriteLog } from "./Logs.tsx";

afterEach(cleanup);

const write = (t: number, node: string, token: number, result = "accepted"): TraceEvent =>
  ({ t, type: "write", node, token, result, maxSeen: token, sentAt: t - 2 }) as unknown as TraceEvent;

describe("the write tables", () => {
  it("keep the rows of writes still shown when a new write arrives, newest first", () => {
    const store = createSandboxStore({}, { kind: "custom" }, "");
    const events = Array.from({ length: 8 }, (_, i) => write(1000 * (i + 1), "n1", 1));
    store.setState({ events, history: [] });
    render(
      <SandboxContext.Provider value={{ store } as unknown as SandboxController}>
        <LastWrites latest={4} />
        <WriteLog latest={8} />
      </SandboxContext.Provider>,
    );
    const tables = () => screen.getAllByRole("table");
    const bodyRows = (table: HTMLElement) => within(table).getAllByRole("row").slice(1);
    const before = tables().map(bodyRows);
    expect(before.map((r) => r.length)).toEqual([4, 8]);
    act(() => store.setState({ events: [...events, write(9000, "n2", 2)] }));
    const after = tables().map(bodyRows);
    for (const [k, rows] of after.entries()) {
      expect(rows[0].textContent).toMatch(/^9 sn22/); // 9 s, n2, token 2
      // Every row but the dropped oldest is the same element as before, one place down.
      expect(rows.slice(1)).toEqual(before[k].slice(0, -1));
      for (let i = 1; i < rows.length; i++) expect(rows[i]).toBe(before[k][i - 1]);
    }
  });
});
