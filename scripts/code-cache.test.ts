// The CLI's bundles run from V8's code cache: the first run writes it, the next one reads it,
// and a bundle rebuilt to the same length runs its own code, never the old bundle's cache.
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { runCached } from "./code-cache.mjs";

const answer = (file: string) => (runCached(file) as { answer: () => string }).answer();

describe("runCached", () => {
  it("writes a cache on the first run, and a same-length rebuild runs its own code", () => {
    const dir = mkdtempSync(join(tmpdir(), "code-cache-"));
    const file = join(dir, "bundle.cjs");
    writeFileSync(file, `exports.answer = () => "first" + require("node:path").sep;`);
    expect(answer(file)).toBe("first/");
    expect(readdirSync(dir).filter((f) => f.endsWith(".v8"))).toHaveLength(1);
    expect(answer(file)).toBe("first/"); // from the cache
    expect(readdirSync(dir).filter((f) => f.endsWith(".v8"))).toHaveLength(1);
    writeFileSync(file, `exports.answer = () => "again" + require("node:path").sep;`);
    expect(answer(file)).toBe("again/");
  });
});
