// The engine README is the map a new engineer reads first: every file path it names must exist.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const here = join(root, "src", "engine");

describe("engine README", () => {
  it("names only files that exist", () => {
    const text = readFileSync(join(here, "README.md"), "utf8");
    const paths = [...text.matchAll(/`([\w./-]+\.(?:ts|tsx|md|mjs|json))`/g)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(20);
    const missing = paths.filter((p) => !existsSync(join(here, p)) && !existsSync(join(root, p)));
    expect(missing).toEqual([]);
  });
});
