// The guided run's "What just happened": newest first, and a line told twice at one moment (two
// writes refused together) is told once with its count, never listed twice.
import { describe, expect, it } from "vitest";
import { adoptedLines, latestLines, plainWords, stillLeadsLines } from "./GuidedRun.tsx";
import { cutOffLines, heartbeatLines } from "./guided-lines.ts";
import type { Frame } from "../engine/index.ts";
import type { Line } from "./narration.ts";

const line = (t: number, text: string): Line => ({ t, text, tone: "info", important: false });

describe("latestLines", () => {
  it("puts the newest first and keeps at most the asked number", () => {
    const out = latestLines([line(1000, "a"), line(2000, "b"), line(3000, "c"), line(4000, "d")], 3);
    expect(out.map((l) => l.text)).toEqual(["d", "c", "b"]);
  });

  it("tells a line repeated at one moment once, with how many times", () => {
    const refused = "The resource refused n2's write: token 1 is older than 2";
    const out = latestLines(
      [line(4600, "n1 became leader in term 2"), line(7140, refused), line(7141, refused)],
      3,
    );
    expect(out.map((l) => [l.text, l.times])).toEqual([
      [refused, 2],
      ["n1 became leader in term 2", 1],
    ]);
  });

  it("keeps the same words at two different moments as two lines", () => {
    const out = latestLines([line(1000, "n4 timed out"), line(3000, "n4 timed out")], 3);
    expect(out.map((l) => l.times)).toEqual([1, 1]);
  });
});

describe("plainWords", () => {
  it("calls the number a write carries the term, as the screens do, and a turned-down write refused", () => {
    expect(plainWords("The resource refused n2's write: token 1 is older than 2")).toBe(
      "The resource refused n2's write: term 1 is older than 2",
    );
    expect(plainWords("n2 became leader with token 2")).toBe("n2 became leader in term 2");
    // A Raft write's line names the box's word once; /start says term first (review 8a #1).
    expect(plainWords("The resource refused n2's write: token 1 (its term) is older than 2")).toBe(
      "The resource refused n2's write: term 1 (its token) is older than 2",
    );
    expect(plainWords("The database now names n2 as the lease holder (token 2)")).toBe(
      "The database now names n2 as the lease holder (term 2)",
    );
    expect(plainWords("n1 wrote to the resource with token 3")).toBe("n1 wrote to the resource in term 3");
  });

  it("says a failed election again in words that fit a phone's two lines", () => {
    expect(plainWords("n5 timed out again, as nobody won term 2, and started an election for term 3")).toBe(
      "n5 timed out again and stands for term 3 (nobody won term 2)",
    );
    expect(
      plainWords("n4 and n5 timed out again, as nobody won term 6, and started elections for term 7"),
    ).toBe("n4 and n5 timed out again and stand for term 7 (nobody won term 6)");
  });
});

describe("adoptedLines", () => {
  type N = { id: string; role: string; term: number };
  const frame = (t: number, nodes: N[]): Frame => ({ t, nodes }) as unknown as Frame;
  const before = frame(6500, [
    { id: "n1", role: "follower", term: 2 },
    { id: "n2", role: "follower", term: 1 },
    { id: "n3", role: "leader", term: 2 },
  ]);
  const after = frame(6600, [
    { id: "n1", role: "follower", term: 2 },
    { id: "n2", role: "follower", term: 2 },
    { id: "n3", role: "leader", term: 2 },
  ]);

  it("tells a node that came back and took the leader's higher term, in words", () => {
    const out = adoptedLines(before, after, new Set(["n2"]));
    expect(out.map((l) => l.text)).toEqual(["n2 adopts term 2 from n3 (its own was 1) and follows n3"]);
    expect(out[0].t).toBe(6600);
  });

  it("says nothing for a node that never left, a candidate's own election, or a seek backwards", () => {
    expect(adoptedLines(before, after, new Set())).toEqual([]);
    const standing = frame(6600, [{ id: "n2", role: "candidate", term: 2 }]);
    expect(adoptedLines(before, standing, new Set(["n2"]))).toEqual([]);
    expect(adoptedLines(after, before, new Set(["n2"]))).toEqual([]);
    expect(adoptedLines(null, after, new Set(["n2"]))).toEqual([]);
  });
});

describe("stillLeadsLines", () => {
  type N = { id: string; role: string; term: number };
  const frame = (t: number, nodes: N[], cuts: string[][] = []): Frame =>
    ({ t, nodes, cuts }) as unknown as Frame;
  // n4 and n5 cut off from the rest; n5 is still a follower in term 1, not yet timed out.
  const away = ["n1", "n2", "n3"].flatMap((a) => [
    [a, "n4"],
    [a, "n5"],
  ]);
  const cluster = (t: number, cutOff: number): Frame =>
    frame(
      t,
      [
        { id: "n1", role: "follower", term: 1 },
        { id: "n2", role: "leader", term: 1 },
        { id: "n3", role: "follower", term: 1 },
        { id: "n4", role: "candidate", term: cutOff },
        { id: "n5", role: "follower", term: cutOff > 1 ? cutOff - 1 : 1 },
      ],
      away,
    );

  it("says the majority's leader goes on leading once, not at each term the cut-off side tries", () => {
    // Review 16a #3: said at every failed election, it filled the list of three.
    const told = { key: "" };
    expect(stillLeadsLines(cluster(3000, 1), cluster(3100, 1), told)).toEqual([]);
    const out = stillLeadsLines(cluster(4500, 1), cluster(4600, 2), told);
    expect(out.map((l) => [l.t, l.text])).toEqual([
      [4600, "n2 still leads in term 1 with n1 and n3: 3 of 5, a majority"],
    ]);
    expect(stillLeadsLines(cluster(4600, 2), cluster(4700, 2), told)).toEqual([]);
    expect(stillLeadsLines(cluster(5900, 2), cluster(6000, 3), told)).toEqual([]);
    expect(stillLeadsLines(cluster(8900, 5), cluster(9000, 6), told)).toEqual([]);
    // A rewind (the memo starts over) says it again.
    expect(stillLeadsLines(cluster(4500, 1), cluster(4600, 2), { key: "" })).toHaveLength(1);
  });

  it("says it again when its side changes", () => {
    const told = { key: "" };
    expect(stillLeadsLines(cluster(4500, 1), cluster(4600, 2), told)).toHaveLength(1);
    const joined = frame(
      7000,
      [
        { id: "n1", role: "follower", term: 1 },
        { id: "n2", role: "leader", term: 1 },
        { id: "n3", role: "follower", term: 1 },
        { id: "n4", role: "candidate", term: 4 },
        { id: "n5", role: "follower", term: 1 },
      ],
      away.filter(([, b]) => b === "n4"),
    );
    expect(stillLeadsLines(cluster(6900, 3), joined, told).map((l) => l.text)).toEqual([
      "n2 still leads in term 1 with n1, n3 and n5: 4 of 5, a majority",
    ]);
  });

  it("says nothing when a node with a higher term has no majority against it", () => {
    const three = frame(100, [
      { id: "n1", role: "leader", term: 1 },
      { id: "n2", role: "candidate", term: 2 },
      { id: "n3", role: "candidate", term: 2 },
    ]);
    expect(stillLeadsLines(frame(0, []), three, { key: "" })).toEqual([]);
  });
});

describe("cutOffLines", () => {
  type N = { id: string; role: string; term: number };
  const frame = (t: number, nodes: N[], cuts: string[][]): Frame => ({ t, nodes, cuts }) as unknown as Frame;
  const away = ["n1", "n2", "n3"].flatMap((a) => [
    [a, "n4"],
    [a, "n5"],
  ]);
  const at = (t: number, n5: string, term: number): Frame =>
    frame(
      t,
      [
        { id: "n1", role: "follower", term: 1 },
        { id: "n2", role: "leader", term: 1 },
        { id: "n3", role: "follower", term: 1 },
        { id: "n4", role: "follower", term: 1 },
        { id: "n5", role: n5, term },
      ],
      away,
    );

  it("says once why a cut-off minority's candidate never wins and why its term keeps rising", () => {
    // Review 16a #3: the pair reached term 6 beside a leader in term 1, and nothing said why.
    const told = new Set<string>();
    expect(cutOffLines(at(4500, "follower", 1), at(4600, "candidate", 2), told).map((l) => l.text)).toEqual([
      "n5 reaches only n4: 2 votes of 5 never win, so each try raises its term",
    ]);
    expect(cutOffLines(at(5500, "follower", 2), at(5600, "candidate", 3), told)).toEqual([]);
  });

  it("says nothing of a candidate on the majority side, or with no cut", () => {
    const whole = (role: string): Frame =>
      frame(
        100,
        [
          { id: "n1", role, term: 1 },
          { id: "n2", role: "follower", term: 0 },
          { id: "n3", role: "follower", term: 0 },
        ],
        [],
      );
    expect(cutOffLines(whole("follower"), whole("candidate"), new Set())).toEqual([]);
    const major = frame(
      100,
      [
        { id: "n1", role: "candidate", term: 2 },
        { id: "n2", role: "follower", term: 1 },
        { id: "n3", role: "follower", term: 1 },
      ],
      [["n3", "n2"]],
    );
    expect(cutOffLines(whole("follower"), major, new Set())).toEqual([]);
  });
});

describe("heartbeatLines", () => {
  type N = { id: string; role: string; term: number; dl?: number };
  const frame = (t: number, nodes: N[], cuts: string[][] = []): Frame =>
    ({
      t,
      cuts,
      nodes: nodes.map((n) => ({ ...n, view: { electionDeadline: n.role === "leader" ? null : n.dl } })),
    }) as unknown as Frame;
  const memo = () => ({ told: new Set<string>(), seen: new Map<string, Map<string, number>>() });
  const beat = (t: number, d1: number, d2: number, leader = "leader"): Frame =>
    frame(t, [
      { id: "n1", role: "follower", term: 1, dl: d1 },
      { id: "n2", role: "follower", term: 1, dl: d2 },
      { id: "n3", role: leader, term: 1 },
    ]);

  it("tells the leader's heartbeats once, when they have reached every follower, not per message", () => {
    // Review 16a #2: the screen on heartbeats listed only the election before them.
    const m = memo();
    expect(heartbeatLines(beat(1100, 2000, 2100), beat(1200, 2100, 2100), m)).toEqual([]);
    expect(heartbeatLines(beat(1200, 2100, 2100), beat(1210, 2100, 2200), m).map((l) => l.text)).toEqual([
      "n3 sends n1 and n2 a heartbeat: timers restart",
    ]);
    // Told once: a later heartbeat only keeps that line up to date (review 17a #8: at the end the
    // newest line was the first heartbeat, as if only one was ever sent).
    const later = heartbeatLines(beat(1300, 2200, 2200), beat(1310, 2300, 2300), m);
    expect(later.filter((l) => !l.update)).toEqual([]);
    expect(later.map((l) => [l.t, l.slot])).toEqual([[1310, "beats|n3|1"]]);
  });

  it("says how often the heartbeats go, the run's own interval", () => {
    const m = { ...memo(), every: 100 };
    heartbeatLines(beat(1100, 2000, 2100), beat(1200, 2100, 2100), m);
    expect(heartbeatLines(beat(1200, 2100, 2100), beat(1210, 2100, 2200), m).map((l) => l.text)).toEqual([
      "n3 sends n1 and n2 a heartbeat every 0.1 s: timers restart",
    ]);
  });

  it("keeps the run's time of the heartbeats when the frame that shows them comes late", () => {
    const m = memo();
    const sent = {
      ...beat(1100, 2000, 2000),
      messages: ["n1", "n2"].map((to, i) => ({ from: "n3", to, arriveAt: 1166 + i })),
    } as unknown as Frame;
    const out = heartbeatLines(sent, beat(1600, 2500, 2500), m);
    expect(out.map((l) => l.t)).toEqual([1167]);
  });

  it("waits for a leader that led in the frame before: a vote's timer restart is no heartbeat", () => {
    const m = memo();
    expect(heartbeatLines(beat(1000, 2000, 2000, "candidate"), beat(1010, 2100, 2100), m)).toEqual([]);
    const lone = (t: number, dl: number): Frame =>
      frame(t, [
        { id: "n1", role: "crashed", term: 1, dl: 0 },
        { id: "n2", role: "follower", term: 2, dl },
        { id: "n3", role: "leader", term: 2 },
      ]);
    expect(heartbeatLines(lone(4400, 5000), lone(4500, 5100), m).map((l) => l.text)).toEqual([
      "n3 sends n2 a heartbeat: its timer restarts",
    ]);
  });
});

describe("renewedLines", () => {
  const at = (t: number, exp: number | null, prev: number | null = null): Frame =>
    ({
      t,
      nodes: [
        {
          id: "n1",
          role: "leader",
          term: 1,
          lease: exp === null ? null : { holder: null, store: { expiresAtMs: exp } },
        },
        { id: "n2", role: "follower", term: 0, lease: prev === null ? null : { holder: null, store: null } },
      ],
    }) as unknown as Frame;

  it("lists a lease pushed back, with its new end, and not the first grant or a count-down", async () => {
    const { renewedLines } = await import("./guided-lines.ts");
    expect(renewedLines(at(100, null), at(120, 6000))).toEqual([]);
    expect(renewedLines(at(1500, 6000), at(1600, 6000))).toEqual([]);
    expect(renewedLines(at(1990, 6000), at(2010, 8000)).map((l) => [l.t, l.text])).toEqual([
      [2010, "n1 renews its lease: it now runs out at 8 s"],
    ]);
    // a rewind is not a renewal
    expect(renewedLines(at(5000, 6000), at(0, 8000))).toEqual([]);
    // each holder's first renewal only
    const told = new Set<string>();
    expect(renewedLines(at(1990, 6000), at(2010, 8000), told)).toHaveLength(1);
    expect(renewedLines(at(3990, 8000), at(4010, 10000), told)).toEqual([]);
  });
});
