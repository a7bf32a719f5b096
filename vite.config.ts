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
  worker: { format: "es" },
  build: { target: "es2022", chunkSizeWarningLimit: 900 },
  server: { port: 5173 },
  preview: { port: 4173 },
});
