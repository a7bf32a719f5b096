import { describe, expect, it } from "vitest";
import { serviceWorkerPlugin } from "./sw-plugin.ts";

function build(files: string[]): string {
  const plugin = serviceWorkerPlugin();
  let emitted = "";
  const bundle = Object.fromEntries(files.map((f) => [f, {}]));
  const ctx = { emitFile: (file: { fileName: string; source: string }) => void (emitted = file.source) };
  (plugin.generateBundle as (this: unknown, o: unknown, b: unknown) => void).call(ctx, {}, bundle);
  return emitted;
}

describe("service worker build", () => {
  it("precaches exactly the built files plus the shell", () => {
    const sw = build([
      "index.html",
      "assets/index-abc.js",
      "assets/index-abc.js.map",
      "assets/lesson-def.js",
    ]);
    const assets = JSON.parse(/const ASSETS = (\[.*\]);/.exec(sw)![1]);
    expect(assets).toEqual([
      "/",
      "/index.html",
      "/favicon.svg",
      "/assets/index-abc.js",
      "/assets/lesson-def.js",
    ]);
  });

  it("gives every different build its own cache version, and the same build the same one", () => {
    const version = (sw: string) => /const VERSION = "([0-9a-f]+)"/.exec(sw)![1];
    const a = version(build(["index.html", "assets/index-abc.js"]));
    expect(version(build(["index.html", "assets/index-abc.js"]))).toBe(a);
    expect(version(build(["index.html", "assets/index-xyz.js"]))).not.toBe(a);
  });
});
