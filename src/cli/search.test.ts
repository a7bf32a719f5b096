// The search command: the --json shape, the same answer on 1 and 2 worker threads, a shrunk
// counterexample that `run` accepts and that breaks the property there, and clear refusals.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "./cli.ts";

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

const dir = mkdtempSync(join(tmpdir(), "election-search-"));
const HB = [
  "preset:heartbeat-pair-partition",
  "--property",
  "leaderless:10",
  "--faults",
  "partition",
  "--budget",
  "300",
];

describe("sim search", () => {
  it("--json prints only the result object, and the counterexample replays with run", async () => {
    const r = await cli(
      "search",
      "preset:bully-basic",
      "--property",
      "overlap",
      "--faults",
      "partition",
      "--workers",
      "1",
      "--json",
    );
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const o = JSON.parse(r.out);
    expect(Object.keys(o)).toEqual(["found", "tried", "seconds", "property", "counterexample", "shrunk"]);
    expect(o).toMatchObject({ found: true, property: "overlap", shrunk: { faults: 1 } });
    const file = join(dir, "bully.json");
    writeFileSync(file, JSON.stringify(o.counterexample));
    const run = await cli("run", file, "--json");
    expect(run.code).toBe(0);
    const s = JSON.parse(run.out);
    expect(s.maxConcurrentLeaders).toBe(2);
    expect(s.hazards.map((v: { property: string }) => v.property)).toContain("overlap");
  });

  it("gives the same answer on 1 and 2 worker threads", async () => {
    const one = JSON.parse((await cli("search", ...HB, "--workers", "1", "--json")).out);
    const r2 = await cli("search", ...HB, "--workers", "2", "--json");
    expect(r2.err).toBe("");
    const two = JSON.parse(r2.out);
    expect(one.found).toBe(true);
    expect(one.tried).toBeGreaterThan(20); // past the first chunk, so the split matters
    for (const o of [one, two]) delete o.seconds;
    expect(two).toEqual(one);
  }, 120_000); // worker threads start slowly on a busy machine; this guards a hang, it times nothing

  it("reports a search that found nothing, the same on 1 and 2 workers", async () => {
    const args = ["preset:raft-basic", "--property", "one-leader-per-term", "--budget", "45", "--json"];
    for (const w of ["1", "2"]) {
      const a = JSON.parse((await cli("search", ...args, "--workers", w)).out);
      expect(a).toMatchObject({ found: false, tried: 45, counterexample: null, shrunk: null });
    }
  });

  it("prints the smallest schedule in words without --json", async () => {
    const r = await cli(
      "search",
      "preset:bully-basic",
      "--property",
      "overlap",
      "--faults",
      "partition",
      "--workers",
      "1",
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Shrunk in \d+ runs to one fault: a [\d.]+ m?s partition between \{/);
    expect(r.out).toMatch(/npm run sim -- run FILE/);
  });

  it("refuses bad input with one line naming what is wrong", async () => {
    const bad = async (re: RegExp, ...argv: string[]) => {
      const r = await cli("search", ...argv);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
      expect(r.err).toMatch(re);
    };
    await bad(/needs --property/, "preset:raft-basic");
    await bad(/unknown property "split-brain"/, "preset:raft-basic", "--property", "split-brain");
    await bad(
      /unknown fault "meteor"/,
      "preset:raft-basic",
      "--property",
      "overlap",
      "--faults",
      "crash,meteor",
    );
    await bad(
      /--workers must be from 1 to 64/,
      "preset:raft-basic",
      "--property",
      "overlap",
      "--workers",
      "0",
    );
    await bad(
      /--budget must be a whole number/,
      "preset:raft-basic",
      "--property",
      "overlap",
      "--budget",
      "many",
    );
    await bad(/unknown preset "nope"/, "preset:nope", "--property", "overlap");
    await bad(/budget.window/, "preset:raft-basic", "--property", "overlap", "--window", "1s-9s");
    await bad(
      /unknown option --trials for search/,
      "preset:raft-basic",
      "--property",
      "overlap",
      "--trials",
      "3",
    );
    const f = join(dir, "bad.json");
    writeFileSync(f, JSON.stringify({ protocol: "raft", nodes: 0 }));
    await bad(/bad\.json: nodes: must be at least 1/, f, "--property", "overlap");
  });
});
