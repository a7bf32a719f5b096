// `npx tsx scripts/fingerprints.ts [--write]`: every preset's trace fingerprint (full and lean).
// Prints the presets whose fingerprint differs from src/engine/presets.fingerprint.test.ts;
// --write records the new ones. Use it only for a behaviour change you mean, and name the
// presets that changed in the commit message.
import { readFileSync, writeFileSync } from "node:fs";
import { createSimulation, digest, presets } from "../src/engine/index.ts";

const FILE = new URL("../src/engine/presets.fingerprint.test.ts", import.meta.url);
const text = readFileSync(FILE, "utf8");
const now: Record<string, [string, string]> = {};
for (const name of Object.keys(presets)) {
  const f = createSimulation(structuredClone(presets[name].scenario), { trace: "full" }).run();
  const r = createSimulation(structuredClone(presets[name].scenario), { trace: "roles" }).run();
  now[name] = [digest(JSON.stringify(f.trace)), digest(JSON.stringify(r.trace))];
}
const changed = Object.keys(now).filter((n) => !text.includes(`"${n}": ["${now[n][0]}", "${now[n][1]}"]`));
console.log(changed.length ? `changed: ${changed.join(", ")}` : "every preset's trace is unchanged");
if (process.argv.includes("--write")) {
  const body = Object.entries(now)
    .map(([n, [a, b]]) => `  "${n}": ["${a}", "${b}"],`)
    .join("\n");
  writeFileSync(
    FILE,
    text.replace(
      /const EXPECTED[^=]*= \{\n[\s\S]*?\n\};/,
      (m) => `${m.slice(0, m.indexOf("{\n") + 2)}${body}\n};`,
    ),
  );
}
