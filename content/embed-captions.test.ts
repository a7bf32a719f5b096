// A lesson's live example says what its run does, never asks the learner to do it: a caption
// that says "Pause the leader for longer than its lease" above a run that pauses it at 10 s by
// itself reads as an instruction, and a learner who acts first replaces the run's plan (review
// 15a #9, issue 33 #6). So a caption over a run with planned faults never opens a sentence or a
// clause with an order to cause one of them; it says "Press Play: ..." and when it happens.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { presets, runScenario } from "../src/engine/index.ts";
import { checkScenario } from "../src/sandbox/scenarios.ts";
import { watchLine } from "../src/sandbox/caption.ts";

const root = join(new URL(".", import.meta.url).pathname, "lessons");
const embeds = readdirSync(root)
  .filter((f) => f.endsWith(".mdx"))
  .flatMap((f) =>
    [
      ...readFileSync(join(root, f), "utf8").matchAll(/<Sandbox preset="([^"]+)"[^>]*?caption="([^"]+)"/g),
    ].map((m) => ({ file: f, preset: m[1], caption: m[2] })),
  );

/** The orders that would cause each kind of planned fault by hand. */
const ORDERS: Record<string, RegExp> = {
  crash: /crash|kill/,
  restart: /restart/,
  pause: /pause|trigger|freeze|suspend/,
  isolate: /cut|isolate|split/,
  partition: /cut|isolate|split|partition/,
  heal: /heal|reconnect/,
  "store-outage": /take|stop/,
  shutdown: /shut|stop/,
};

/** The clauses of a caption that open with an order to cause one of the run's own faults. */
function ordersFor(caption: string, kinds: readonly string[]): string[] {
  const verbs = kinds.map((k) => ORDERS[k]?.source).filter(Boolean);
  if (verbs.length === 0) return [];
  const order = new RegExp(`(?:^|[.;:]\\s+|\\bthen,?\\s+)((?:${verbs.join("|")})\\w*\\b[^.;:]*)`, "gi");
  return [...caption.matchAll(order)].map((m) => m[1]);
}

describe("lesson embed captions describe the run's planned faults, never order them", () => {
  it("finds the embeds", () => expect(embeds.length).toBeGreaterThan(50));
  it("catches an order (the caption review 15a #9 found)", () => {
    expect(ordersFor("Pause the leader for longer than its lease.", ["pause"])).toHaveLength(1);
    expect(ordersFor("Watch it renew; then crash the leader.", ["crash"])).toHaveLength(1);
    expect(ordersFor("Press Play: the leader crashes at 15.5 s.", ["crash"])).toEqual([]);
  });
  for (const e of embeds) {
    const c = checkScenario(presets[e.preset].scenario);
    if (!c.ok) throw new Error(`${e.file}: ${e.preset}: ${c.message}`);
    const kinds = [...new Set(c.scenario.faults.map((f) => f.do))];
    if (kinds.length === 0) continue;
    it(`${e.file} (${e.preset}): no order to cause what the run does itself`, () => {
      expect(ordersFor(e.caption, kinds)).toEqual([]);
      // The watch line above the picture says when; the caption may not contradict it.
      expect(watchLine(c.scenario)).toMatch(/^Press Play: /);
    });
  }
});

/** The moments a run has, to a tenth of a second: each fault as planned and as it struck, each
 *  node's wake from a pause, each leader's start and end, each lease event and each write. */
function momentsOf(scenario: Parameters<typeof runScenario>[0]): Set<number> {
  const { summary, trace } = runScenario(scenario, { trace: "full" });
  const tenth = (ms: number) => Math.round(ms / 100);
  const c = checkScenario(scenario);
  const planned = c.ok ? c.scenario.faults.map((f) => tenth(f.at)) : [];
  return new Set([
    ...planned,
    ...trace.filter((e) => ["fault", "note", "lease", "write"].includes(e.type)).map((e) => tenth(e.t)),
    ...summary.leaders.flatMap((l) => (l.to === null ? [tenth(l.from)] : [tenth(l.from), tenth(l.to)])),
  ]);
}

/** "at 25.4 s" in a caption is a promise a learner checks against the clock (review 17a #4: a
 *  caption sent the learner pressing Next event 28 times for a moment it did not name). */
function timesNotInRun(caption: string, moments: Set<number>): string[] {
  return [...caption.matchAll(/\bat ([0-9]+(?:\.[0-9]+)?) s\b/g)]
    .filter((m) => !moments.has(Math.round(Number(m[1]) * 10)))
    .map((m) => m[0]);
}

describe("lesson embed captions name moments their run has", () => {
  it("catches a time the run does not have", () => {
    expect(timesNotInRun("n2 wakes at 25.4 s and at 99.9 s", new Set([254]))).toEqual(["at 99.9 s"]);
  });
  it("never asks for Next event presses until something happens: it says when", () => {
    expect(embeds.filter((e) => /Next event until/i.test(e.caption)).map((e) => e.file)).toEqual([]);
  });
  for (const e of embeds) {
    if (!/\bat [0-9]+(?:\.[0-9]+)? s\b/.test(e.caption)) continue;
    it(`${e.file} (${e.preset}): every "at N s" is a moment of the run`, () => {
      expect(timesNotInRun(e.caption, momentsOf(presets[e.preset].scenario))).toEqual([]);
    });
  }
});
