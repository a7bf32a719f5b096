import { describe, expect, it } from "vitest";
import { PendingRequests } from "./pending-requests.ts";

describe("PendingRequests", () => {
  it("settles each request once, by its own id", async () => {
    const p = new PendingRequests<string>();
    const got: string[] = [];
    const a = new Promise<string>((resolve, reject) => p.add({ resolve, reject }));
    const b = new Promise<string>((resolve, reject) => p.add({ resolve, reject }));
    p.resolve(2, "second");
    p.resolve(2, "again");
    p.resolve(1, "first");
    got.push(await a, await b);
    expect(got).toEqual(["first", "second"]);
    expect(p.size).toBe(0);
  });

  it("fails every request still waiting, and forgets them", async () => {
    const p = new PendingRequests<number>();
    const waits = [0, 1, 2].map(() => new Promise<number>((resolve, reject) => p.add({ resolve, reject })));
    p.resolve(2, 7);
    p.failAll(new Error("the worker crashed"));
    const out = await Promise.allSettled(waits);
    expect(out.map((o) => o.status)).toEqual(["rejected", "fulfilled", "rejected"]);
    expect(p.size).toBe(0);
    p.resolve(1, 9); // a late answer after the crash is ignored
  });
});
