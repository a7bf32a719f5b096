// The hostile-scenario table (issue 17): every file in tests/hostile is refused by the CLI with
// one line naming the field (the file name up to "@"), and refused by parseScenario itself, so
// the refusal comes before the first simulated event: no case can run, grow or hang. The deeply
// nested cases are built here rather than stored (each is hundreds of kilobytes).
import { describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "./cli.ts";
import { createSimulation, parseScenario, ScenarioError } from "../engine/index.ts";
import { Session } from "../engine/session/index.ts";
import { runWithProgress, ticker } from "./progress.ts";

const DIR = join(import.meta.dirname, "../../tests/hostile");
const deep = (inner: string, open: string, close: string, levels = 100_000) =>
  open.repeat(levels) + inner + close.repeat(levels);
const generated: Array<[string, string]> = [
  ["protocol[0]@deep-array.json", `{"protocol":${deep("1", "[", "]")}}`],
  ["timing.heartbeat@deep-array.json", `{"protocol":"raft","timing":{"heartbeat":${deep("1", "[", "]")}}}`],
  ["faults[0]@deep-object.json", `{"protocol":"raft","faults":[${deep("1", '{"a":', "}")}]}`],
  ["options.logs@deep-array.json", `{"protocol":"raft","options":{"logs":${deep("1", "[", "]")}}}`],
];
const tmp = mkdtempSync(join(tmpdir(), "election-hostile-"));
const cases: Array<[string, string]> = [
  ...readdirSync(DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f): [string, string] => [f, join(DIR, f)]),
  ...generated.map(([name, text]): [string, string] => {
    writeFileSync(join(tmp, name), text);
    return [name, join(tmp, name)];
  }),
];

describe("hostile scenarios", () => {
  it("the folder holds the cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)("%s: one line naming the field, before any event runs", (name, file) => {
    const field = name.slice(0, name.indexOf("@"));
    let out = "";
    let err = "";
    const code = runCli(["run", file], { out: (s) => void (out += s), err: (s) => void (err += s) });
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err.endsWith("\n")).toBe(true);
    expect(err.trimEnd().split("\n")).toHaveLength(1);
    expect(err.startsWith(`error: ${file}: ${field}: `)).toBe(true);
    // a short message: the bad value is quoted by a prefix at most
    expect(err.length - file.length).toBeLessThan(320);
    // refused by validation itself, so no simulation was ever built
    let thrown: unknown;
    try {
      parseScenario(JSON.parse(readFileSync(file, "utf8")));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ScenarioError);
    expect((thrown as ScenarioError).path).toBe(field);
  });

  it("names the right limit for the cases issue 17 found misleading", () => {
    const msg = (name: string) => {
      try {
        parseScenario(JSON.parse(readFileSync(join(DIR, name), "utf8")));
      } catch (e) {
        return (e as Error).message;
      }
      return "";
    };
    for (const f of [
      "until@1e309-infinity.json",
      "faults[0].at@1e309-infinity.json",
      "faults[0].for@1e309-infinity.json",
    ]) {
      expect(msg(f)).toContain("must be a finite number, got Infinity");
      expect(msg(f)).not.toContain("null");
    }
    expect(msg("clocks.leader@raft.json")).not.toMatch(/"leader"\)/);
    expect(msg("faults[0].node@raft-isolate-store.json")).toContain('nodes are n1..n5 or "leader")');
    expect(msg("seed@4294967297.json")).toContain("2147483647");
    expect(msg("timing.leaseDuration@kubernetes-500ms.json")).toContain("whole seconds");
    expect(msg("until@1e12.json")).toContain("at most 24 h");
    expect(msg("protocol@long-string.json").length).toBeLessThan(200);
  });
});

describe("cli presets", () => {
  it.each(["constructor", "__proto__", "toString", "hasOwnProperty"])(
    "preset:%s is an unknown preset, not a broken scenario",
    (name) => {
      let err = "";
      const code = runCli(["run", `preset:${name}`], { out: () => {}, err: (s) => void (err += s) });
      expect(code).toBe(2);
      expect(err).toBe(`error: unknown preset "${name}" (see: npm run sim -- presets)\n`);
    },
  );

  it.each(["constructor", "__proto__", "toString"])(
    "search preset:%s is an unknown preset too (issue 40)",
    async (name) => {
      let err = "";
      const code = await runCli(["search", `preset:${name}`, "--property", "single-leader"], {
        out: () => {},
        err: (s) => void (err += s),
      });
      expect(code).toBe(2);
      expect(err).toContain(`unknown preset "${name}"`);
      expect(err).not.toContain("protocol: is required");
    },
  );

  it("reads a file that starts with a UTF-8 byte-order mark, as the sandbox does (issue 40)", () => {
    const file = join(tmp, "bom.json");
    writeFileSync(file, `\uFEFF${JSON.stringify({ protocol: "raft", until: "2s" })}`);
    let err = "";
    const code = runCli(["run", file, "--json"], { out: () => {}, err: (s) => void (err += s) });
    expect(err).toBe("");
    expect(code).toBe(0);
  });
});

/** The CLI's session: no snapshots, no lanes. */
function headless(sc: unknown): Session {
  const s = new Session({ snapEvery: Infinity, lanes: false });
  s.load(sc);
  return s;
}

describe("progress on long runs", () => {
  it("reports how far a slow run is, and the sliced run equals a plain run", () => {
    const sc = { protocol: "raft", until: "20s" };
    let t = 0;
    const lines: string[] = [];
    // a clock that advances 300 ms per reading: the run "takes" well over a second
    const sim = runWithProgress(
      headless(sc),
      (l) => lines.push(l),
      () => (t += 300),
    ).simulation;
    expect(lines.length).toBeGreaterThan(3);
    expect(lines[0]).toMatch(/^running: [\d.]+m?s of 20s simulated \(\d+%\), \d+ events so far$/);
    expect(JSON.stringify(sim.trace)).toBe(JSON.stringify(createSimulation(sc).run().trace));
  });

  it("is silent on a quick run", () => {
    const lines: string[] = [];
    runWithProgress(
      headless({ protocol: "raft", until: "2s" }),
      (l) => lines.push(l),
      () => 0,
    );
    expect(lines).toEqual([]);
  });
});

describe("progress on long trials", () => {
  it("reports trials done once the batch has run for a second", () => {
    let t = 0;
    const lines: string[] = [];
    const tick = ticker(
      (l) => lines.push(l),
      () => (t += 600),
    );
    for (let i = 1; i <= 5; i++) tick(() => `running: ${i} of 5 trials`);
    expect(lines).toEqual(["running: 2 of 5 trials", "running: 4 of 5 trials"]);
  });

  it("refuses trials that would run past the largest seed", () => {
    let err = "";
    const code = runCli(["trials", "preset:raft-basic", "--trials", "3", "--seed", "2147483646"], {
      out: () => {},
      err: (s) => void (err += s),
    });
    expect(code).toBe(2);
    expect(err).toContain("seed: 3 trials from seed 2147483646 would pass 2147483647");
  });
});
