// Emits /sw.js at build time with the exact list of files the build produced, and a version
// derived from their names (content hashes), so every deployment gets its own cache.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";
import type { Plugin } from "vite";

export function serviceWorkerPlugin(): Plugin {
  return {
    name: "election-lab:service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => !f.endsWith(".map") && f !== "sw.js");
      const assets = [
        "/",
        "/index.html",
        "/favicon.svg",
        ...files.filter((f) => f !== "index.html").map((f) => `/${f}`),
      ];
      const version = createHash("sha256").update(files.sort().join("\n")).digest("hex").slice(0, 12);
      const template = readFileSync(join(import.meta.dirname, "sw-template.js"), "utf8");
      const source = template
        .replace("__VERSION__", version)
        .replace("__ASSETS__", JSON.stringify([...new Set(assets)]));
      this.emitFile({ type: "asset", fileName: "sw.js", source });
    },
  };
}
