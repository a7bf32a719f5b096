import { defineConfig, type PluginOption } from "vite";
import react from "@vitejs/plugin-react";
import mdx from "@mdx-js/rollup";
import remarkFrontmatter from "remark-frontmatter";
import remarkMdxFrontmatter from "remark-mdx-frontmatter";
import remarkGfm from "remark-gfm";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { lessonIndexPlugin } from "./scripts/lesson-index-plugin.ts";
import { cspPlugin } from "./scripts/csp-plugin.ts";
import { serviceWorkerPlugin } from "./scripts/sw-plugin.ts";

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    lessonIndexPlugin(),
    cspPlugin(),
    serviceWorkerPlugin(),
    {
      enforce: "pre",
      ...mdx({
        remarkPlugins: [remarkFrontmatter, [remarkMdxFrontmatter, { name: "frontmatter" }], remarkGfm],
        providerImportSource: "@mdx-js/react",
      }),
    } as PluginOption,
    react({ include: /\.(mdx|tsx|ts)$/ }),
  ],
  resolve: {
    alias: [
      // React has had useSyncExternalStore since 18: the router's store hook needs the selector
      // helper only, not the shim for React 17 and older that its default entry carries (0.2 KB
      // gzipped).
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: "use-sync-external-store/with-selector.js",
      },
    ],
  },
  worker: { format: "es" },
  build: {
    target: "es2022",
    chunkSizeWarningLimit: 900,
    // Every browser the es2022 target covers preloads modules natively, except Safari before 17,
    // which then simply does not preload: the polyfill (0.2 KB gzipped) is left out of the entry.
    modulePreload: { polyfill: false },
  },
  server: { port: 5173 },
  preview: { port: 4173 },
});
