// `npm test`: every quality gate in order, stopping at the first failure with its name.
import { spawnSync } from "node:child_process";

const steps = [
  ["typecheck", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]],
  ["engine typecheck (ES libs only)", "npx", ["tsc", "--noEmit", "-p", "tsconfig.engine.json"]],
  ["cycles: no import cycle in src", "node", ["scripts/import-cycles.mjs", "src"]],
  ["lint (layers and feature zones)", "npx", ["eslint", "."]],
  ["dead-code: no unused file, export or dependency (knip)", "npx", ["knip", "--no-progress"]],
  [
    "format: the code meets the prettier config (npm run format writes it)",
    "npx",
    ["prettier", "--check", ".", "--log-level", "warn"],
  ],
  ["content", "npx", ["tsx", "scripts/content-check.ts"]],
  ["verbatim", "node", ["scripts/verbatim.mjs"]],
  ["unit and component tests", "npx", ["vitest", "run"]],
  ["build", "npx", ["vite", "build"]],
  ["chromium", "node", ["scripts/ensure-chromium.mjs"]],
  ["end-to-end tests", "npx", ["playwright", "test"]],
];

// `npm test -- unit e2e`: only those steps. Arguments after a second `--` go to vitest and
// Playwright (`npm run test:load -- unit -- src/progress`: a few files under load).
const argv = process.argv.slice(2);
const cut = argv.indexOf("--");
const only = cut < 0 ? argv : argv.slice(0, cut);
const files = cut < 0 ? [] : argv.slice(cut + 1);
const FILE_STEPS = new Set(["unit and component tests", "end-to-end tests"]);
const started = Date.now();
for (const [name, cmd, args] of steps) {
  if (only.length && !only.includes(name.split(" ")[0])) continue;
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, FILE_STEPS.has(name) ? [...args, ...files] : args, {
    stdio: "inherit",
    env: process.env,
  });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ npm test failed at step "${name}" after ${secs}s.`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${secs}s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
