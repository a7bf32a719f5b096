// Runs one of the CLI's CommonJS bundles with V8's code cache beside it (`<bundle>.<hash>.v8`).
// Why: the bundles are about 2 MB each (the scenario schema's validator, the elector's
// TypeScript stripper and parser), and compiling that much source was most of a command's
// start-up and most of each worker thread's: some 60 % of a thread's 110 ms of CPU before it
// was ready. From the cache V8 deserialises the compiled code instead. The cache is written
// after the bundle's first run (so it holds the functions that run compiled as well) and again
// whenever V8 refuses it (another Node version or flags); written to a temporary name and
// renamed, so two processes never read half a file. Used by scripts/sim.mjs for the CLI and,
// as a worker thread's entry (the bundle's path in ELECTION_LAB_WORKER_BUNDLE), by
// src/cli/thread-pool.ts.
import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import vm from "node:vm";
import { isMainThread, threadId } from "node:worker_threads";

/** Runs the CommonJS bundle `file` and returns its exports. */
export function runCached(file) {
  const source = readFileSync(file, "utf8");
  // Named by the source's hash: V8 checks a cache against the source's length only, so a
  // rebuilt bundle of the same length must never meet the old bundle's cache.
  const cacheFile = `${file}.${createHash("sha256").update(source).digest("hex").slice(0, 16)}.v8`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined; // the first run: compiled from source, then saved
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const mod = { exports: {} };
  script.runInThisContext()(mod.exports, createRequire(file), mod, file, dirname(file));
  if (cachedData === undefined || script.cachedDataRejected) {
    try {
      const tmp = `${cacheFile}.${process.pid}.${threadId}.tmp`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cacheFile);
    } catch {
      // a read-only cache folder only costs the next command its compile
    }
  }
  return mod.exports;
}

// As a worker thread's entry: run the worker bundle.
if (!isMainThread && process.env.ELECTION_LAB_WORKER_BUNDLE)
  runCached(process.env.ELECTION_LAB_WORKER_BUNDLE);
