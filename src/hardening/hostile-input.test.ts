// Issue 40: nothing hangs. Every hostile case the issue found, and several hundred generated
// ones, through each door a scenario or a progress file comes in by: the CLI, a share link and
// the sandbox's file import (both as the check worker runs them), and the progress import. Each
// must end in a short, clear verdict (a refusal naming the field, or a run that starts), and no
// verdict may cost more than 2 s of CPU (process.cpuUsage, measured per case: a verdict over it
// is a hang in the making, however fast this machine is).
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../cli/cli.ts";
import { encodeRun } from "../links/share-link.ts";
import { makeShareLink } from "../links/make-link.ts";
import { runCheckJob } from "../worker/check-job.ts";
import { parseProgressFile, exportProgress } from "../progress/transfer.ts";
import { emptyProgress } from "../progress/schema.ts";
import { MAX_LINK_CHARS, MAX_SCENARIO_BYTES } from "../engine/validate/input-limits.ts";

const CPU_BUDGET_MS = 2_000;
/** Longest verdict a learner may be shown (a hostile value is quoted by a prefix at most). */
const MAX_MESSAGE = 420;

function cpuMs<T>(f: () => T): { value: T; ms: number } {
  const start = process.cpuUsage();
  const value = f();
  const d = process.cpuUsage(start);
  return { value, ms: (d.user + d.system) / 1000 };
}
async function cpuMsAsync<T>(f: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = process.cpuUsage();
  const value = await f();
  const d = process.cpuUsage(start);
  return { value, ms: (d.user + d.system) / 1000 };
}

// The hostile strings: the quadratic duration pattern's worst cases, long text of each kind, and
// the issue's 10 MB values (kept to the fields it named, to spare memory).
const adversarial = (n: number) => `1${" ".repeat(n)}x`;
const VALUES: Array<[string, string]> = [
  ["dur-spaces-1k", adversarial(1_000)],
  ["dur-spaces-30k", adversarial(30_000)],
  ["dur-spaces-300k", adversarial(300_000)],
  ["dur-nbsp-50k", `1${"\u00a0".repeat(50_000)}s`],
  ["digits-100k", "9".repeat(100_000)],
  ["dot-digits-65", `1.${"0".repeat(63)}`],
  ["accents-100k", "é".repeat(100_000)],
];

/** [expected path of the refusal, scenario] for a value placed at a field. */
type Place = [string, (v: string) => Record<string, unknown>];
const PLACES: Place[] = [
  ["protocol", (v) => ({ protocol: v })],
  ["title", (v) => ({ protocol: "raft", title: v })],
  ["description", (v) => ({ protocol: "raft", description: v })],
  ["until", (v) => ({ protocol: "raft", until: v })],
  ["boot", (v) => ({ protocol: "raft", boot: v })],
  ["timerNoise", (v) => ({ protocol: "raft", timerNoise: v })],
  ["network.delay", (v) => ({ protocol: "raft", network: { delay: v } })],
  ["network.jitter", (v) => ({ protocol: "raft", network: { jitter: v } })],
  ["work.every", (v) => ({ protocol: "raft", work: { every: v } })],
  ["timing.heartbeat", (v) => ({ protocol: "raft", timing: { heartbeat: v } })],
  ["timing.electionTimeout[1]", (v) => ({ protocol: "raft", timing: { electionTimeout: ["150ms", v] } })],
  ["faults[0].at", (v) => ({ protocol: "raft", faults: [{ at: v, do: "crash", node: "leader" }] })],
  ["faults[0].for", (v) => ({ protocol: "raft", faults: [{ at: 1000, do: "pause", node: "n1", for: v }] })],
  ["faults[0].node", (v) => ({ protocol: "raft", faults: [{ at: 1000, do: "crash", node: v }] })],
  ["faults[0].do", (v) => ({ protocol: "raft", faults: [{ at: 1000, do: v, node: "n1" }] })],
  [
    "faults[0].groups[1][0]",
    (v) => ({ protocol: "raft", faults: [{ at: 1000, do: "partition", groups: [["n1"], [v]] }] }),
  ],
  ["fencing", (v) => ({ protocol: "raft", fencing: v })],
  ["options.path", (v) => ({ protocol: "zookeeper", options: { path: `/${v}` } })],
  ["options.prefix", (v) => ({ protocol: "etcd", options: { prefix: v } })],
  [
    "options.versions.n1",
    (v) => ({ protocol: "kubernetes", options: { coordinated: true, versions: { n1: v } } }),
  ],
];
/** A hostile name where a key goes: the refusal names the object holding it. */
const KEY_PLACES: Place[] = [
  ["", (k) => ({ protocol: "raft", [k]: 1 })],
  ["clocks", (k) => ({ protocol: "raft", clocks: { [k]: { drift: 1 } } })],
  ["timing", (k) => ({ protocol: "raft", timing: { [k]: 1 } })],
  ["options", (k) => ({ protocol: "raft", options: { [k]: 1 } })],
  [
    "options.versions",
    (k) => ({ protocol: "kubernetes", options: { coordinated: true, versions: { [k]: "1.33" } } }),
  ],
  ["faults[0]", (k) => ({ protocol: "raft", faults: [{ at: 1000, do: "crash", node: "n1", [k]: 1 }] })],
];
const KEYS: Array<[string, string]> = [
  ["key-1k", "k".repeat(1_000)],
  ["key-300k", "k".repeat(300_000)],
  ["key-dur", adversarial(5_000)],
];
// The issue's own cases, whole: 10 MB values, keys and option strings; a 2^53 seed.
const TEN_MB = "x".repeat(10_000_000);
const ISSUE: Array<[string, string, Record<string, unknown>]> = [
  ["options.path 10 MB", "options.path", { protocol: "zookeeper", options: { path: `/${TEN_MB}` } }],
  ["options.prefix 10 MB", "options.prefix", { protocol: "etcd", options: { prefix: TEN_MB } }],
  ["title 10 MB", "title", { protocol: "raft", title: TEN_MB }],
  ["clocks key 10 MB", "clocks", { protocol: "raft", clocks: { [TEN_MB]: { drift: 1 } } }],
  ["unknown field 10 MB", "", { protocol: "raft", [TEN_MB]: 1 }],
  ["node name 10 MB", "faults[0].node", { protocol: "raft", faults: [{ at: 1, do: "crash", node: TEN_MB }] }],
  ["duration 10 MB", "until", { protocol: "raft", until: `1${" ".repeat(10_000_000)}x` }],
  ["seed above 2^53", "seed", { protocol: "raft", seed: 2 ** 53 + 2 }],
  [
    "many unknown fields",
    "",
    { protocol: "raft", ...Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`f${i}`, i])) },
  ],
];

type Case = { name: string; path: string; scenario: Record<string, unknown> };
const CASES: Case[] = [
  ...PLACES.flatMap(([path, at]) =>
    VALUES.map(([vn, v]): Case => ({ name: `${path} = ${vn}`, path, scenario: at(v) })),
  ),
  ...KEY_PLACES.flatMap(([path, at]) =>
    KEYS.map(([kn, k]): Case => ({ name: `${path || "top level"} key ${kn}`, path, scenario: at(k) })),
  ),
  ...ISSUE.map(([name, path, scenario]): Case => ({ name, path, scenario })),
];

/** A scenario refusal: short, and starting with the field's path (or the holder's, for a key). */
function expectNamed(message: string, path: string) {
  expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE);
  if (path)
    expect(
      message.startsWith(`${path}: `) || message.startsWith(`${path}.`) || message.startsWith(`${path}[`),
      message,
    ).toBe(true);
}

describe("hostile input: every door, every case", () => {
  it("has the cases the issue asks for", () => {
    // three doors for each scenario case, and the progress cases below
    expect(CASES.length * 3).toBeGreaterThanOrEqual(300);
  });

  describe("the CLI", () => {
    const dir = mkdtempSync(join(tmpdir(), "election-hostile-40-"));
    it.each(CASES.map((c, i) => [c.name, i] as const))("%s: one short line naming the field", (_, i) => {
      const c = CASES[i];
      const file = join(dir, `case-${i}.json`);
      writeFileSync(file, JSON.stringify(c.scenario));
      let err = "";
      let out = "";
      const { value: code, ms } = cpuMs(() =>
        runCli(["run", file], { out: (s) => void (out += s), err: (s) => void (err += s) }),
      );
      rmSync(file);
      if (code === 0) {
        // Within every limit (a 65-character title, say): the run starts and prints (the time
        // is the run's own, so the budget, which bounds a verdict, does not apply to it; on a
        // busy machine the CLI reports its progress on stderr meanwhile).
        expect(err.split("\n").filter((l) => l && !l.includes("running: "))).toEqual([]);
        expect(out.length).toBeGreaterThan(0);
        return;
      }
      expect(ms).toBeLessThan(CPU_BUDGET_MS);
      expect(code).toBe(2);
      expect(out).toBe("");
      expect(err.trimEnd().split("\n")).toHaveLength(1);
      const prefix = `error: ${file}: `;
      expect(err.startsWith(prefix)).toBe(true);
      expectNamed(err.slice(prefix.length).trimEnd(), c.path);
    });
  });

  describe("the sandbox's file import (as the check worker runs it)", () => {
    it.each(CASES.map((c, i) => [c.name, i] as const))("%s", async (_, i) => {
      const c = CASES[i];
      const text = JSON.stringify(c.scenario);
      const { value: r, ms } = await cpuMsAsync(() =>
        runCheckJob({ kind: "file", name: "hostile.json", text }),
      );
      expect(ms).toBeLessThan(CPU_BUDGET_MS);
      if (r.ok) {
        // accepted as it is: the run starts with exactly this scenario
        expect(r.scenario).toEqual(c.scenario);
        return;
      }
      if (text.length > MAX_SCENARIO_BYTES) {
        // Larger than any scenario file: refused by its size, before it is parsed.
        expect(r.stage).toBe("json");
        expect(r.message).toMatch(/bytes; a scenario file is at most 1 000 000 bytes/);
      } else {
        expect(r.stage).toBe("scenario");
        expectNamed(r.message, c.path);
      }
    });
  });

  describe("share links (as the check worker opens them)", () => {
    it.each(CASES.map((c, i) => [c.name, i] as const))("%s", async (_, i) => {
      const c = CASES[i];
      const code = await encodeRun({ scenario: c.scenario, at: 0 });
      const { value: r, ms } = await cpuMsAsync(() => runCheckJob({ kind: "link", code }));
      expect(ms).toBeLessThan(CPU_BUDGET_MS);
      // The maker and the reader agree: the maker hands out exactly the links that open, and
      // refuses the others with a reason before anyone is told a link was copied.
      const made = await makeShareLink({ scenario: c.scenario, at: 0 }, (k) =>
        runCheckJob({ kind: "link", code: k }),
      );
      expect(made.ok).toBe(r.ok);
      if (!made.ok) expect(made.reason.length).toBeLessThanOrEqual(MAX_MESSAGE + 60);
      if (r.ok) {
        expect(r.scenario).toEqual(c.scenario);
        return;
      }
      expect(r.message.length).toBeLessThanOrEqual(MAX_MESSAGE);
      if (r.stage === "link") expect(r.message).toMatch(/link/);
      else expectNamed(r.message, c.path);
    });
  });

  describe("the progress import", () => {
    const base = () =>
      JSON.parse(exportProgress(emptyProgress()).json) as { progress: Record<string, unknown> };
    // accepted: true or false, or null where either is right (the verdict must only be quick)
    const cases: Array<[string, () => string, boolean | null]> = [
      [
        "10 MB lesson id",
        () => {
          const f = base();
          (f.progress.lessons as Record<string, unknown>)[TEN_MB] = {
            status: "done",
            updatedAt: "2026-01-01T00:00:00.000Z",
          };
          return JSON.stringify(f);
        },
        false,
      ],
      [
        "300 k lesson id with a bad status",
        () => {
          const f = base();
          (f.progress.lessons as Record<string, unknown>)["k".repeat(300_000)] = {
            status: "x".repeat(300_000),
            updatedAt: 1,
          };
          return JSON.stringify(f);
        },
        false,
      ],
      [
        "unknown fields everywhere",
        () => {
          const f = base();
          (f.progress as Record<string, unknown>).mine = { a: 1 };
          return JSON.stringify(f);
        },
        true,
      ],
      [
        "nested 100 000 deep",
        () => `{"format":"election-lab-progress","progress":${"[".repeat(100_000)}${"]".repeat(100_000)}}`,
        false,
      ],
      [
        "duration-like date",
        () => {
          const f = base();
          (f.progress.lessons as Record<string, unknown>).a = {
            status: "done",
            updatedAt: adversarial(300_000),
          };
          return JSON.stringify(f);
        },
        null,
      ],
      [
        "4.9 MB of lessons",
        () => {
          const f = base();
          const l = f.progress.lessons as Record<string, unknown>;
          for (let i = 0; i < 4_900; i++)
            l[`lesson-${i}-${"x".repeat(950)}`] = { status: "done", updatedAt: "2026-01-01T00:00:00.000Z" };
          return JSON.stringify(f);
        },
        true,
      ],
      ["over 5 MB", () => "x".repeat(6_000_000), false],
    ];
    it.each(cases)("%s", (_, make, accepted) => {
      const text = make();
      const { value: r, ms } = cpuMs(() => parseProgressFile(text));
      expect(ms).toBeLessThan(CPU_BUDGET_MS);
      if (accepted !== null) expect(r.ok).toBe(accepted);
      if (!r.ok) expect(r.reason.length).toBeLessThanOrEqual(MAX_MESSAGE);
    });
  });

  it("a run too big for a link is refused by the maker with the reason, and one within the limits opens", async () => {
    // 10 000 faults at irregular times (a fixed LCG), as a learner's fault script would be.
    let r = 7;
    const next = (n: number) => {
      // mulberry32
      r = (r + 0x6d2b79f5) | 0;
      let t = Math.imul(r ^ (r >>> 15), 1 | r);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
    const faults = Array.from({ length: 10_000 }, () => ({
      at: 1000 + next(110_000),
      do: "pause",
      node: `n${next(5) + 1}`,
      for: 1 + next(10_000),
    })).sort((a, b) => a.at - b.at);
    const big = { protocol: "raft", nodes: 5, until: "2m", faults };
    const open = (k: string) => runCheckJob({ kind: "link", code: k });
    const made = await makeShareLink({ scenario: big, at: 0 }, open);
    expect(made).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /its link would be [\d ]+ characters long, and a link made here is at most 64 000/,
      ),
    });
    // The largest prefix of it that fits in a link opens, as the maker promised.
    let lo = 0;
    let hi = faults.length;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      const code = await encodeRun({ scenario: { ...big, faults: faults.slice(0, mid) }, at: 0 });
      if (code.length <= MAX_LINK_CHARS) lo = mid;
      else hi = mid;
    }
    const largest = await makeShareLink(
      { scenario: { ...big, faults: faults.slice(0, lo) }, at: 1234 },
      open,
    );
    expect(largest.ok).toBe(true);
    if (largest.ok) {
      expect(largest.code.length).toBeLessThanOrEqual(MAX_LINK_CHARS);
      expect(await open(largest.code)).toMatchObject({ ok: true, at: 1234 });
    }
  });
});
