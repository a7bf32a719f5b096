// The engine README is the map a new engineer reads first: every file path it names must exist.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const here = join(root, "src", "engine");

describe("engine README", () => {
  it("names only files that exist", () => {
    const text = readFileSync(join(here, "README.md"), "utf8");
    const paths = [...text.matchAll(/`([\w./-]+\.(?:ts|tsx|md|mjs|json))`/g)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(20);
    // A bare name in the "adding a protocol" table is a file of a protocol folder
    // (protocols/<name>/spec.ts) or one shared beside them (protocols/why-common.ts).
    const protocols = join(here, "protocols");
    const folders = readdirSync(protocols, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(protocols, d.name));
    const bases = [here, root, join(root, "src"), protocols, ...folders];
    const missing = paths.filter((p) => !bases.some((b) => existsSync(join(b, p))));
    expect(missing).toEqual([]);
  });
});
