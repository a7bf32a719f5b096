// Drawing schedule number `index` of a search: a pure function of (seed, index, budget,
// scenario shape), so workers can split the index space any way and still agree.
// Times and spans are drawn on a 10 ms grid and drifts on a 1000 ppm grid: a learner reads
// "a 2.37 s pause at 14.2 s", not "2371.554 ms", and shrinking walks the same grid.
import { HAS_STORE, type Fault, type Scenario } from "../index.ts";
import { scheduleRng, type Rng } from "./rng.ts";
import type { Budget, FaultAllowance } from "./budget.ts";

export const GRID_MS = 10;
export const GRID_PPM = 1000;
/** slow faults multiply a node's processing time by a whole factor from 2 to this */
export const MAX_SLOW = 10;

export interface Shape {
  ids: string[];
  hasStore: boolean;
  until: number;
}

export function shapeOf(sc: Scenario): Shape {
  return {
    ids: Array.from({ length: sc.nodes }, (_, i) => `n${i + 1}`),
    hasStore: HAS_STORE.includes(sc.protocol),
    until: sc.until,
  };
}

const onGrid = (x: number, g: number) => Math.round(x / g) * g;

function span(r: Rng, a: Required<FaultAllowance>): number {
  const lo = Math.ceil(a.min / GRID_MS),
    hi = Math.floor(a.max / GRID_MS);
  if (hi < lo) return a.max;
  return Math.max(GRID_MS, r.int(lo, hi) * GRID_MS);
}

/** A node to strike: one of the ids, or (one time in N+1) whoever leads when it fires. */
function target(r: Rng, sh: Shape): string {
  const i = r.int(0, sh.ids.length);
  return i === sh.ids.length ? "leader" : sh.ids[i];
}

/** Two non-empty sides from the nodes (and the store, which lease protocols talk to). */
function sides(r: Rng, sh: Shape): string[][] {
  const members = sh.hasStore ? [...sh.ids, "store"] : [...sh.ids];
  const a: string[] = [],
    b: string[] = [];
  for (const m of members) (r.next() < 0.5 ? a : b).push(m);
  if (a.length === 0) a.push(b.splice(r.int(0, b.length - 1), 1)[0]);
  if (b.length === 0) b.push(a.splice(r.int(0, a.length - 1), 1)[0]);
  return [a, b];
}

export function drawSchedule(seed: number, index: number, budget: Budget, sh: Shape): Fault[] {
  const r = scheduleRng(seed, index);
  const n = r.int(1, budget.maxFaults);
  const [from, to] = budget.window;
  const out: Fault[] = [];
  for (let k = 0; k < n; k++) {
    const a = r.pick(budget.faults);
    const at = Math.min(to, onGrid(from + r.next() * (to - from), GRID_MS));
    switch (a.kind) {
      case "crash":
        out.push({ at, do: "crash", node: target(r, sh) });
        break;
      case "restart": {
        // A restart matters only after a crash: follow an earlier crash of a named node when
        // there is one, after a drawn delay; otherwise restart a random node.
        const crashed = out.filter((f) => f.do === "crash" && f.node !== "leader");
        if (crashed.length > 0) {
          const c = r.pick(crashed);
          out.push({ at: Math.min(sh.until, c.at + span(r, a)), do: "restart", node: c.node });
        } else out.push({ at, do: "restart", node: r.pick(sh.ids) });
        break;
      }
      case "pause": {
        const f: Fault = { at, do: "pause", node: target(r, sh), for: span(r, a) };
        // Half the pauses strike in the middle of a write, the way a GC pause catches a leader
        // between checking its lease and writing (Kleppmann 2016, "How to do distributed locking").
        if (r.next() < 0.5) f.during = "write";
        out.push(f);
        break;
      }
      case "partition":
        out.push({ at, do: "partition", groups: sides(r, sh), for: span(r, a) });
        break;
      case "one-way":
        out.push({ at, do: "partition", groups: sides(r, sh), oneWay: true, for: span(r, a) });
        break;
      case "clock": {
        const nodes = sh.hasStore ? [...sh.ids, "store"] : sh.ids;
        const m = Math.floor(a.max / GRID_PPM);
        let drift = r.int(-m, m) * GRID_PPM;
        if (drift === 0) drift = (r.next() < 0.5 ? -1 : 1) * (m > 0 ? GRID_PPM : a.max);
        out.push({ at, do: "clock", node: r.pick(nodes), drift });
        break;
      }
      case "slow":
        out.push({ at, do: "slow", node: target(r, sh), factor: r.int(2, MAX_SLOW), for: span(r, a) });
        break;
      case "store-outage":
        out.push({ at, do: "store-outage", for: span(r, a) });
        break;
    }
  }
  return sortFaults(out);
}

/** Faults in time order (stable), the order a scenario lists them in. */
export function sortFaults(fs: Fault[]): Fault[] {
  return fs
    .map((f, i) => [f, i] as const)
    .sort((x, y) => x[0].at - y[0].at || x[1] - y[1])
    .map(([f]) => f);
}
