// Flat config. The engine must stay pure: it runs headless in Node, in a Worker and in tests,
// so anything that ties it to a browser, a UI library or a thread API is refused here.
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

const forbiddenInEngine = [
  { name: "react", message: "src/engine is pure: no React." },
  { name: "react-dom", message: "src/engine is pure: no React DOM." },
  { name: "d3", message: "src/engine is pure: drawing belongs in src/sandbox." },
  { name: "mermaid", message: "src/engine is pure: no Mermaid." },
  { name: "comlink", message: "src/engine is pure: Worker plumbing belongs in src/worker." },
  { name: "zustand", message: "src/engine is pure: no UI state." },
];
const browserGlobals = ["window", "document", "navigator", "localStorage", "sessionStorage",
  "Worker", "SharedWorker", "self", "postMessage", "requestAnimationFrame", "performance",
  "HTMLElement", "fetch", "location", "setTimeout", "setInterval"];

export default tseslint.config(
  { ignores: ["dist", "node_modules", "src/routeTree.gen.ts", "test-results", "playwright-report"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-properties": ["error", { object: "Math", property: "random", message: "Use the seeded PRNG (src/engine/core/random.ts)." }],
    },
  },
  {
    files: ["src/engine/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", {
        paths: forbiddenInEngine,
        patterns: [
          { group: ["react/*", "react-dom/*", "d3-*", "mermaid/*", "@tanstack/*", "**/sandbox/**", "**/worker/**", "**/routes/**", "**/ui/**", "**/course/**", "**/progress/**"], message: "src/engine imports nothing outside itself but plain libraries." },
          { group: ["node:*", "fs", "path", "os", "child_process"], message: "src/engine must run in the browser too: Node APIs belong in src/cli." },
        ],
      }],
      "no-restricted-globals": ["error", ...browserGlobals.map((name) => ({ name, message: `src/engine is pure: no ${name}.` }))],
    },
  },
);
