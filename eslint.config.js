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
const browserGlobals = [
  "window",
  "document",
  "navigator",
  "localStorage",
  "sessionStorage",
  "Worker",
  "SharedWorker",
  "self",
  "postMessage",
  "requestAnimationFrame",
  "performance",
  "HTMLElement",
  "fetch",
  "location",
  "setTimeout",
  "setInterval",
];

const enginePurity = [
  {
    group: [
      "react/*",
      "react-dom/*",
      "d3-*",
      "mermaid/*",
      "@tanstack/*",
      "**/sandbox/**",
      "**/worker/**",
      "**/routes/**",
      "**/ui/**",
      "**/course/**",
      "**/progress/**",
      "**/app/**",
      "**/quiz/**",
      "**/practice/**",
      "**/interview/**",
      "**/catalog/**",
      "**/links/**",
    ],
    message: "src/engine imports nothing outside itself but plain libraries.",
  },
  {
    group: ["node:*", "fs", "path", "os", "child_process", "worker_threads"],
    message: "src/engine must run in the browser too: Node APIs belong in src/cli.",
  },
];
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
const ABOVE_PROTOCOLS = [
  "**/scenario/**",
  "**/explain/**",
  "**/session/**",
  "**/experiments/**",
  "**/search/**",
  "**/wiring.ts",
  "**/sim.ts",
  "**/summary.ts",
  "**/trials.ts",
];
const ENGINE_LAYERS = [
  {
    files: ["src/engine/core/**/*.ts"],
    forbid: ["../**"],
    why: "core/ is the bottom layer: it imports only its own files (servers and protocols plug in through core/world.ts).",
  },
  {
    files: ["src/engine/validate/**/*.ts"],
    forbid: [
      "../servers/**",
      "../protocols/**",
      "../scenario/**",
      "../session/**",
      "../experiments/**",
      "../search/**",
      "../testing/**",
      "../*.ts",
    ],
    why: "validate/ (durations, zod checks, faults) sits on core/ only.",
  },
  {
    files: ["src/engine/servers/**/*.ts"],
    forbid: ["**/protocols/**", "**/validate/**", ...ABOVE_PROTOCOLS],
    why: "servers/ sit on core/: a server never knows the protocols that talk to it.",
  },
  {
    files: ["src/engine/protocols/**/*.ts"],
    forbid: ABOVE_PROTOCOLS,
    why: "protocols/ sit on core/, validate/ and servers/; the scenario layer and everything that runs a world are above them.",
  },
  {
    files: ["src/engine/scenario/**/*.ts"],
    forbid: [
      "**/session/**",
      "**/experiments/**",
      "**/search/**",
      "**/sim.ts",
      "**/summary.ts",
      "**/trials.ts",
    ],
    why: "scenario/ sits on the protocols' specs; running a scenario is above it.",
  },
  {
    files: [
      "src/engine/*.ts",
      "src/engine/explain/**/*.ts",
      "src/engine/session/**/*.ts",
      "src/engine/experiments/**/*.ts",
      "src/engine/search/**/*.ts",
      "src/engine/testing/**/*.ts",
    ],
    forbid: [],
    why: "",
  },
];
const FEATURES = ["sandbox", "course", "quiz", "interview", "practice"];
const TOP = ["**/app/**", "**/routes/**"];
const featureGlobs = (except) => FEATURES.filter((f) => f !== except).map((f) => `**/${f}/**`);
/** An esquery selector for import("…/<dir>/…") of any dir a zone forbids ("/" is written \x2F: esquery's regex literal cannot hold a slash). */
const dynamicImportOf = (globs) => {
  const dirs = globs.map((g) => g.replace(/^\*\*\//, "").replace(/\/\*\*$/, ""));
  return `ImportExpression[source.value=/(^|\\x2F)(${dirs.join("|")})\\x2F/]`;
};
const APP_ZONES = [
  ...FEATURES.map((f) => ({
    dir: f,
    forbid: [...featureGlobs(f), ...TOP],
    why: `src/${f} is a feature: features meet only in src/app and src/routes.`,
  })),
  {
    dir: "ui",
    forbid: [
      ...featureGlobs(""),
      ...TOP,
      "**/progress/**",
      "**/worker/**",
      "**/engine/**",
      "**/catalog/**",
      "**/links/**",
    ],
    why: "src/ui is the design system: it imports no feature and no state.",
  },
  {
    dir: "progress",
    forbid: [...featureGlobs(""), ...TOP, "**/ui/**", "**/worker/**"],
    why: "src/progress is shared state: it imports no feature and no UI.",
  },
  {
    dir: "catalog",
    forbid: [...featureGlobs(""), ...TOP, "**/ui/**", "**/progress/**", "**/worker/**"],
    why: "src/catalog is the course's data: it imports no feature.",
  },
  {
    dir: "links",
    forbid: [...featureGlobs(""), ...TOP, "**/ui/**", "**/progress/**", "**/worker/**"],
    why: "src/links builds sandbox links: it imports no feature.",
  },
  {
    dir: "worker",
    forbid: [...featureGlobs(""), ...TOP, "**/ui/**", "**/progress/**", "**/catalog/**"],
    why: "src/worker adapts the engine to a Web Worker: it imports no feature.",
  },
  {
    dir: "lib",
    forbid: [
      ...featureGlobs(""),
      ...TOP,
      "**/ui/**",
      "**/progress/**",
      "**/worker/**",
      "**/catalog/**",
      "**/links/**",
      "**/engine/**",
      "**/cli/**",
    ],
    why: "src/lib holds small browser helpers the shared layers have in common: it imports nothing of the app.",
  },
  {
    dir: "cli",
    forbid: [...featureGlobs(""), ...TOP, "**/ui/**", "**/progress/**", "**/worker/**"],
    why: "src/cli drives the engine headless.",
  },
];

export default tseslint.config(
  {
    ignores: ["dist", "dist-*", "node_modules", "src/routeTree.gen.ts", "test-results", "playwright-report"],
  },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-properties": [
        "error",
        { object: "Math", property: "random", message: "Use the seeded PRNG (src/engine/core/random.ts)." },
      ],
    },
  },
  // The engine's layers import downward only: core <- validate, servers <- protocols <- scenario
  // <- wiring, sim, session, experiments, search. A rule set per layer; the engine-wide purity
  // rules repeat in each because a later block replaces an earlier one's options.
  ...ENGINE_LAYERS.map(({ files, forbid, why }) => ({
    files,
    ignores: TESTS,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: forbiddenInEngine,
          patterns: [...enginePurity, ...(forbid.length ? [{ group: forbid, message: why }] : [])],
        },
      ],
      "no-restricted-globals": [
        "error",
        ...browserGlobals.map((name) => ({ name, message: `src/engine is pure: no ${name}.` })),
      ],
      // no-restricted-imports never sees import(): the engine loads nothing dynamically, so a
      // dynamic import cannot slip under the layer rules above.
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportExpression",
          message:
            "src/engine imports statically only: a dynamic import() would pass the layer rules unseen.",
        },
      ],
    },
  })),
  {
    files: ["src/engine/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: forbiddenInEngine, patterns: enginePurity }],
      "no-restricted-globals": [
        "error",
        ...browserGlobals.map((name) => ({ name, message: `src/engine is pure: no ${name}.` })),
      ],
    },
  },
  // Features (sandbox, course, quiz, interview, practice) never import one another: they meet
  // only in app/ and routes/. Shared layers (ui, progress, catalog, links, worker, lib) import no feature.
  ...APP_ZONES.map(({ dir, forbid, why }) => ({
    files: [`src/${dir}/**/*.{ts,tsx}`],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: forbid, message: why }] }],
      // no-restricted-imports never sees import(): the same zones, for dynamic imports.
      "no-restricted-syntax": ["error", { selector: dynamicImportOf(forbid), message: why }],
    },
  })),
);
