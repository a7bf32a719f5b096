// ChunkPlan gives the lowest failing index whatever order workers finish chunks in.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ChunkPlan, type Chunk } from "./plan.ts";

/** Drive a plan with `workers` workers; `order` decides which running chunk finishes next. */
function drive(
  total: number,
  failing: Set<number>,
  workers: number,
  order: number[],
): { best: number | null; tried: number; ran: number } {
  const plan = new ChunkPlan(total, 7);
  const running: Chunk[] = [];
  let ran = 0;
  let k = 0;
  const fill = () => {
    while (running.length < workers) {
      const c = plan.next();
      if (!c) break;
      running.push(c);
    }
  };
  fill();
  while (!plan.finished()) {
    expect(running.length).toBeGreaterThan(0);
    const c = running.splice(order[k++ % order.length] % running.length, 1)[0];
    let fail: number | null = null;
    for (let i = c.from; i < c.to; i++) {
      ran++;
      if (failing.has(i)) {
        fail = i;
        break;
      }
    }
    plan.report(c, fail);
    fill();
  }
  return { best: plan.best, tried: plan.tried(), ran };
}

describe("ChunkPlan", () => {
  it("the answer is the lowest failing index, for any number of workers and finishing order", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 199 }), { maxLength: 6 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
        (total, fails, workers, order) => {
          const failing = new Set(fails.filter((x) => x < total));
          const lowest = failing.size ? Math.min(...failing) : null;
          const r = drive(total, failing, workers, order);
          expect(r.best).toBe(lowest);
          expect(r.tried).toBe(lowest === null ? total : lowest + 1);
          expect(r.ran).toBeGreaterThanOrEqual(r.tried);
        },
      ),
    );
  });

  it("stops handing out chunks above a failure", () => {
    const plan = new ChunkPlan(100, 10);
    const a = plan.next()!,
      b = plan.next()!;
    plan.report(b, 15);
    expect(plan.next()).toBeNull();
    expect(plan.finished()).toBe(false); // chunk 0..9 might still fail lower
    plan.report(a, null);
    expect(plan.finished()).toBe(true);
    expect(plan.tried()).toBe(16);
  });
});
