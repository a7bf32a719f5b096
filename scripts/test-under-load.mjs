// `npm run test:load`: the whole `npm test`, while other processes keep every core busy, as on a
// loaded two-core machine. The suite must pass like this: a test that only passes on a quiet
// machine waits on a clock somewhere. Extra arguments pass through (e.g. `-- unit`, or
// `-- unit -- src/progress` for a few files).
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

const cores = Number(process.env.LOAD_PROCS ?? availableParallelism());
const burners = Array.from({ length: cores }, () =>
  spawn(process.execPath, ["-e", "for (;;) Math.sqrt(Math.random());"], { stdio: "ignore" }),
);
console.log(
  `Keeping ${cores} core(s) busy (pids ${burners.map((b) => b.pid).join(", ")}) while npm test runs.`,
);

const stop = () => {
  for (const b of burners) if (b.exitCode === null) b.kill("SIGKILL");
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

const started = Date.now();
const test = spawn(process.execPath, ["scripts/test-all.mjs", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: process.env,
});
test.on("exit", (code, signal) => {
  stop();
  const secs = ((Date.now() - started) / 1000).toFixed(0);
  console.log(
    `\nnpm test under load: ${code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`} in ${secs}s.`,
  );
  process.exit(code ?? 1);
});
