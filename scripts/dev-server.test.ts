// `npm run dev` is the README's way to start the app: its server must serve what the first page
// asks for. A build can pass while the dev server fails (a plugin's watched path was taken for
// an import there and every page answered 500), so this asks a running dev server, with the
// project's own config, for the page and the modules the home page and a lesson load first, in
// the order a browser asks (an importer first: the server compiles its imports ahead).
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createServer } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));

describe("dev server", () => {
  it("serves the page, the entry, both lesson modules and a lesson", async () => {
    const server = await createServer({
      root,
      configFile: `${root}/vite.config.ts`,
      logLevel: "silent",
      server: { host: "127.0.0.1", port: 0, strictPort: false, hmr: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      await server.listen();
      const base = server.resolvedUrls?.local[0];
      expect(base).toBeTruthy();
      for (const path of [
        "",
        "src/main.tsx",
        "src/catalog/manifest.ts",
        "@id/__x00__virtual:lesson-index",
        "@id/__x00__virtual:lesson-details",
        "content/lessons/fencing-tokens.mdx",
      ]) {
        const res = await fetch(`${base}${path}`);
        expect(res.status, path).toBe(200);
        expect(await res.text(), path).toMatch(/\S/);
      }
    } finally {
      await server.close();
    }
  }, 60_000);
});
