// A node's work process (writer.mjs) beside its client or server: started with it, paused and
// killed with it, and told by the harness when its leadership begins and ends.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { start, kill, signal, type Proc } from "./procs.ts";

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "writer.mjs");

export interface Worker { proc: Proc; /** resolves once it is connected to the resource */ ready: Promise<unknown>; lead(token: number): void; end(): void; stop(): void; cont(): void; kill(): Promise<void> }

export function startWriter(node: string, resourcePort: number, every: number): Worker {
  const proc = start(`writer ${node}`, process.execPath, [script, node, String(resourcePort), String(every)], { stdin: true });
  const stdin = proc.child.stdin!;
  stdin.on("error", () => { /* the writer was killed with its client */ });
  const say = (line: string) => { if (proc.exited === null) stdin.write(`${line}\n`); };
  let leading: number | null = null;
  const ready = proc.waitFor(/^READY$/, 30_000);
  ready.catch(() => { /* awaited by the trial, or the trial ended first */ });
  return {
    proc,
    ready,
    lead(token) { if (leading !== token) { leading = token; say(`LEAD ${token}`); } },
    end() { if (leading !== null) { leading = null; say("END"); } },
    stop: () => signal(proc, "SIGSTOP"),
    cont: () => signal(proc, "SIGCONT"),
    kill: () => kill(proc),
  };
}
