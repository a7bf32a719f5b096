// `npm run sim -- …`: the CLI from a bundle built once and kept until a source file changes.
// Why: `tsx src/cli/main.ts` compiled some two hundred modules on every command, 1.2 to 1.4 s of
// start-up on a 2-core machine before any simulation ran. The bundle (and the worker threads'
// bundle beside it) lives in node_modules/.cache, is rebuilt when any file under src/ is newer
// than it, and is written to a temporary name and renamed, so two commands started at once
// never load half a file. Both bundles run from V8's code cache (scripts/code-cache.mjs), and
// esbuild is loaded only when a bundle is built: loading its module took a sixth of `presets`.
import { runCached } from "./code-cache.mjs";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = join(ROOT, "node_modules", ".cache", "election-lab-cli");
const CLI = join(CACHE, "cli.cjs");
const WORKER = join(CACHE, "search-worker.cjs");
const STAMP = join(CACHE, "stamp.json");

/** The newest modification time and the count of the CLI's possible inputs (src/, the lockfile). */
export function sourceStamp(root = ROOT) {
  let newest = statSync(join(root, "package-lock.json")).mtimeMs;
  let files = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.(ts|tsx|mts|json)$/.test(entry.name)) {
        files++;
        newest = Math.max(newest, statSync(p).mtimeMs);
      }
    }
  };
  walk(join(root, "src"));
  return `${newest}:${files}`;
}

function fresh(stamp) {
  try {
    return (
      JSON.parse(readFileSync(STAMP, "utf8")).stamp === stamp &&
      statSync(CLI).isFile() &&
      statSync(WORKER).isFile()
    );
  } catch {
    return false;
  }
}

async function bundle(entry, out, format) {
  const { build } = await import("esbuild");
  const tmp = `${out}.${process.pid}.tmp`;
  // esbuild stays outside: thread-pool.ts builds the worker itself only when run from source.
  await build({
    entryPoints: [join(ROOT, entry)],
    outfile: tmp,
    bundle: true,
    platform: "node",
    format,
    target: "node20",
    external: ["esbuild"],
    logLevel: "error",
  });
  renameSync(tmp, out);
}

export async function ensureBundle() {
  const stamp = sourceStamp();
  if (!fresh(stamp)) {
    mkdirSync(CACHE, { recursive: true });
    // The old bundles' code caches (scripts/code-cache.mjs names each by its bundle's hash).
    for (const f of readdirSync(CACHE)) if (f.endsWith(".v8")) rmSync(join(CACHE, f), { force: true });
    // CommonJS both: scripts/code-cache.mjs compiles them with vm.Script, which takes a script.
    await Promise.all([
      bundle("src/cli/main.ts", CLI, "cjs"),
      bundle("src/cli/search-worker.ts", WORKER, "cjs"),
    ]);
    const tmp = `${STAMP}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ stamp }));
    renameSync(tmp, STAMP);
  }
  return { cli: CLI, worker: WORKER };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { cli, worker } = await ensureBundle();
  // thread-pool.ts starts its threads from the worker bundle instead of building it again.
  process.env.ELECTION_LAB_WORKER_BUNDLE = worker;
  process.env.ELECTION_LAB_WORKER_BOOT = join(ROOT, "scripts", "code-cache.mjs");
  runCached(cli);
}
