// Runs the workplace's verbatim check (no 10-word run copied from the source documents) when the
// shared tool is present beside this checkout; the seeds are not ours to ship in the repo.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const tool = join(root, "..", "shared", "tools", "verbatim-check.mjs");
if (!existsSync(tool)) {
  console.log(`verbatim: the shared checker is not at ${tool}; nothing to compare against on this machine.`);
  process.exit(0);
}
const result = spawnSync("node", [tool, "content", "src"], { cwd: root, stdio: "inherit" });
process.exit(result.status ?? 1);
