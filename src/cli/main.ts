// Process entry for `npm run sim`. Everything else lives in cli.ts.
import { runCli } from "./cli.ts";

// A closed pipe (`| head`) is not an error worth a stack trace.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});

const code = runCli(process.argv.slice(2), {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
});
if (typeof code === "number") process.exitCode = code;
else
  void code.then((c) => {
    process.exitCode = c;
  }); // search runs on worker threads
