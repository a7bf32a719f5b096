// `npm run sim` runs the CLI from a cached bundle: the same answers as the sources, one line on
// a bad file, and a rebuild when a source changes.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceStamp } from "./sim.mjs";

const run = (...args: string[]) =>
  spawnSync(process.execPath, ["scripts/sim.mjs", ...args], { encoding: "utf8" });

describe("the bundled CLI", () => {
  it("prints the same run as the sources, and one line for a bad file", () => {
    const bundled = run("run", "preset:raft-basic", "--json");
    expect(bundled.status).toBe(0);
    const source = execFileSync(
      process.execPath,
      ["--import", "tsx", "src/cli/main.ts", "run", "preset:raft-basic", "--json"],
      { encoding: "utf8" },
    );
    expect(bundled.stdout).toBe(source);
    const dir = mkdtempSync(join(tmpdir(), "sim-"));
    writeFileSync(join(dir, "bad.json"), "{");
    const bad = run("run", join(dir, "bad.json"));
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
  }, 60_000);

  it("runs the search on worker threads from the prebuilt worker bundle", () => {
    const r = run(
      "search",
      "preset:raft-basic",
      "--property",
      "one-leader-per-term",
      "--budget",
      "20",
      "--workers",
      "2",
      "--json",
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).tried).toBe(20);
  }, 60_000);

  it("stamps the sources so a changed or added file forces a rebuild", () => {
    const dir = mkdtempSync(join(tmpdir(), "stamp-"));
    writeFileSync(join(dir, "package-lock.json"), "{}");
    mkdirSync(join(dir, "src/cli"), { recursive: true });
    writeFileSync(join(dir, "src/cli/a.ts"), "export {};");
    const before = sourceStamp(dir);
    writeFileSync(join(dir, "src/cli/b.ts"), "export {};");
    expect(sourceStamp(dir)).not.toBe(before);
  });
});
