// "Why?" on a heal: it starts no chain, so the panel says what it changed and what followed
// (the reviewer found "fault: heal. This is the fault the chain starts from", which explains nothing).
import { describe, expect, it } from "vitest";
import { presets, runScenario, type TraceEvent } from "../engine/index.ts";
import { narrateAll, newNarrationContext } from "./narration.ts";
import { healWords, isHealStep, stepTitle } from "./why.ts";

type Fault = Extract<TraceEvent, { type: "fault" }>;

describe("a heal's Why?", () => {
  const { trace } = runScenario(presets["raft-partition"].scenario);
  const heal = trace.find((e): e is Fault => e.type === "fault" && e.fault === "heal") as Fault;
  const lines = narrateAll(trace, newNarrationContext("raft", "token"));

  it("says which nodes hear each other again and lists what the run did next", () => {
    expect(heal).toBeDefined();
    const w = healWords(heal, lines, "etcd");
    expect(w.changed).toMatch(/^Every cut link was healed/);
    // A Raft run is told in Raft's words (term, heartbeat).
    expect(healWords(heal, lines, "etcd", undefined, "raft").changed).toMatch(/newer term/);
    expect(w.followed.length).toBeGreaterThan(0);
    expect(w.followed.length).toBeLessThanOrEqual(3);
    // Only what came after the heal, each with its time.
    for (const f of w.followed) expect(Number.parseFloat(f)).toBeGreaterThan(heal.t / 1000);
    expect(w.pending).toBe("");
  });

  it("names the two sides of a healed link, and says when nothing has followed yet", () => {
    const link: Fault = { ...heal, groups: [["n1"], ["store"]], oneWay: false };
    const w = healWords(link, [], "etcd");
    expect(w.changed).toMatch(/^n1 and etcd hear each other again over the healed link/);
    // An etcd run is told in a lease's words, never Raft's vote requests and numbers.
    const etcd = healWords(link, [], "etcd", undefined, "etcd").changed;
    expect(etcd).toMatch(/renewal to etcd/);
    expect(etcd).not.toMatch(/vote request|newer number|term/);
    expect(w.followed).toEqual([]);
    expect(w.pending).toMatch(/press Play/);
  });

  // The reviewer read "36 s ... Nothing has followed yet at this moment" with the clock at 39.1 s:
  // what followed is read up to the clock, and said to be so.
  it("reads what followed up to the clock, never 'nothing' while lines came after the heal", () => {
    const after = lines.filter((l) => l.t > heal.t);
    expect(after.length).toBeGreaterThan(0);
    const first = after[0].t;
    const justAfter = healWords(heal, lines, "etcd", first);
    expect(justAfter.followed.length).toBeGreaterThan(0);
    for (const f of justAfter.followed) expect(Number.parseFloat(f)).toBeLessThanOrEqual(first / 1000 + 0.01);
    expect(justAfter.pending).toBe("");
    const before = healWords(heal, lines, "etcd", Math.max(heal.t, first - 1));
    expect(before.followed).toEqual([]);
    expect(before.pending).toMatch(
      first - 1 > heal.t ? /^Nothing has followed between .* \(the clock now\)/ : /yet at this moment/,
    );
  });

  it("titles the heal by what happened, never 'fault: heal'", () => {
    // One healed link is singular; every link healed says so.
    const one = { ...heal, groups: [["n2"], ["store"]], oneWay: false };
    expect(stepTitle({ type: "fault", title: "fault: heal" }, one)).toBe("the cut link was healed");
    expect(stepTitle({ type: "fault", title: "fault: heal" }, { ...heal, groups: undefined })).toBe(
      "every cut link was healed",
    );
    expect(stepTitle({ type: "fault", title: "fault: heal" })).toBe("the cut was healed");
    expect(isHealStep({ type: "fault", title: "fault: heal" })).toBe(true);
    expect(isHealStep({ type: "fault", title: "n1 crashed" })).toBe(false);
  });
});
