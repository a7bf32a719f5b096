// The judge command: the same verdict as the page's judge (the same function the worker runs)
// on 1 and 2 worker threads, the counterexample replays with `run`, a passing elector exits 0,
// and clear refusals.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "./cli.ts";
import { judge } from "../elector/judge.ts";
import { challengeById } from "../elector/challenges/index.ts";

async function cli(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await runCli(argv, {
    out: (s) => {
      out += s;
    },
    err: (s) => {
      err += s;
    },
  });
  return { code, out, err };
}

const dir = mkdtempSync(join(tmpdir(), "election-judge-"));
const starter = challengeById("majority")!.starter;
const file = join(dir, "majority.ts");
writeFileSync(file, starter);

describe("sim judge", () => {
  it("gives the browser's verdict on 1 and 2 worker threads, and its counterexample replays", async () => {
    const expected = judge({ source: starter, challengeId: "majority", seed: 3, budget: 120 });
    expect(expected.kind).toBe("failed");
    for (const workers of ["1", "2"]) {
      const r = await cli(
        "judge",
        file,
        "--challenge",
        "majority",
        "--seed",
        "3",
        "--budget",
        "120",
        "--workers",
        workers,
        "--json",
      );
      expect(r.code).toBe(1);
      expect(JSON.parse(r.out)).toEqual(expected);
    }
    const scenario = join(dir, "counterexample.json");
    writeFileSync(scenario, JSON.stringify((expected as { scenario: object }).scenario));
    const run = await cli("run", scenario, "--json");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out).violations.map((v: { property: string }) => v.property)).toContain(
      "one-leader-per-term",
    );
  }, 120_000);

  it("says what broke in words, and exits 0 when the elector passes", async () => {
    const r = await cli("judge", file, "--challenge", "majority", "--budget", "60", "--workers", "1");
    expect(r.out).toMatch(/failed majority after \d+ schedules/);
    expect(r.out).toMatch(/What broke: two nodes lead in the same term/);
    const ok = join(dir, "default.ts");
    writeFileSync(
      ok,
      "export function init(node: Node) {\n  if (node.rank === node.size) node.lead(1);\n}\n",
    );
    const pass = await cli("judge", ok, "--challenge", "bully-crash", "--budget", "1", "--workers", "1");
    expect(pass.code).toBe(0);
    expect(pass.out).toMatch(/passed 1 schedule of bully-crash/);
  }, 120_000);

  it("refuses a missing challenge, an unknown one, and code that does not compile, by name", async () => {
    expect((await cli("judge", file)).err).toMatch(/judge needs --challenge NAME/);
    expect((await cli("judge", file, "--challenge", "nope")).err).toMatch(/unknown challenge "nope"/);
    const bad = join(dir, "bad.ts");
    writeFileSync(bad, "export function init(node: Node) {\n  const = 1;\n}\n");
    const r = await cli("judge", bad, "--challenge", "majority", "--workers", "1");
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/does not compile\n {2}line 2, column \d+: /);
  });
});
