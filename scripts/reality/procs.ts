// Child processes of a reality run: every one is started here, remembered by pid, and ended by
// that pid (never by name). Each output line is stamped with the harness's monotonic clock on
// arrival, which is the clock every recorded time uses.
import { spawn, type ChildProcess } from "node:child_process";
import { performance } from "node:perf_hooks";

export const now = (): number => performance.now();

export interface Line { t: number; text: string; stream: "out" | "err" }
export interface Proc {
  name: string;
  pid: number;
  child: ChildProcess;
  lines: Line[];
  exited: number | null;
  /** resolves with the first line matching re (or rejects after ms) */
  waitFor(re: RegExp, ms: number, from?: number): Promise<Line>;
  onLine(fn: (l: Line) => void): void;
}

const live = new Map<number, Proc>();

/** stdin: keep the child's standard input open for the harness to write to (a request made
 *  ready before a fault, sent at the fault without the cost of starting a process). */
export function start(name: string, cmd: string, args: string[], opts: { stdin?: boolean } = {}): Proc {
  const child = spawn(cmd, args, { stdio: [opts.stdin ? "pipe" : "ignore", "pipe", "pipe"] });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${cmd}`);
  const listeners: Array<(l: Line) => void> = [];
  const p: Proc = {
    name, pid: child.pid, child, lines: [], exited: null,
    onLine: (fn) => { listeners.push(fn); },
    waitFor(re, ms, from = 0) {
      const hit = p.lines.slice(from).find((l) => re.test(l.text));
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name}: no line matching ${re} within ${ms} ms; last: ${p.lines.slice(-3).map((l) => l.text).join(" | ")}`)), ms);
        timer.unref(); // a wait nobody needs any more must not hold the harness open
        listeners.push((l) => { if (re.test(l.text)) { clearTimeout(timer); resolve(l); } });
      });
    },
  };
  for (const [stream, src] of [["out", child.stdout], ["err", child.stderr]] as const) {
    let buf = "";
    src!.setEncoding("utf8");
    src!.on("data", (chunk: string) => {
      const t = now();
      buf += chunk;
      let i: number;
      while ((i = buf.indexOf("\n")) >= 0) {
        const l: Line = { t, text: buf.slice(0, i), stream };
        buf = buf.slice(i + 1);
        p.lines.push(l);
        for (const fn of listeners) fn(l);
      }
    });
  }
  child.on("exit", () => { p.exited = now(); live.delete(p.pid); });
  live.set(p.pid, p);
  return p;
}

/** Run a short command to completion (bounded by ms) and return its stdout. */
export function run(cmd: string, args: string[], ms = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = start(`${cmd} ${args[0] ?? ""}`, cmd, args);
    const timer = setTimeout(() => { signal(p, "SIGKILL"); reject(new Error(`${cmd} ${args.join(" ")}: timed out after ${ms} ms`)); }, ms);
    // "close", not "exit": a child's exit can be reported before the last of its output has
    // been read, which left `lease grant`'s answer empty under load.
    p.child.on("close", (code) => {
      clearTimeout(timer);
      const out = p.lines.filter((l) => l.stream === "out").map((l) => l.text).join("\n");
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(" ")}: exit ${code}: ${p.lines.map((l) => l.text).join(" | ").slice(0, 400)}`));
    });
  });
}

export function signal(p: Proc, sig: NodeJS.Signals): void {
  if (p.exited !== null) return;
  try { process.kill(p.pid, sig); } catch { /* already gone */ }
}

/** SIGKILL one process (resuming it first if stopped) and wait until it has exited. */
export async function kill(p: Proc): Promise<void> {
  if (p.exited !== null) return;
  signal(p, "SIGCONT");
  signal(p, "SIGKILL");
  await new Promise<void>((resolve) => {
    if (p.exited !== null) return resolve();
    p.child.once("exit", () => resolve());
  });
}

export async function killAll(): Promise<void> {
  await Promise.all([...live.values()].map(kill));
}

export const livePids = (): number[] => [...live.keys()];

// A harness that dies leaves nothing behind: end every child by pid on exit or interrupt.
function reapSync(): void {
  for (const pid of live.keys()) {
    try { process.kill(pid, "SIGCONT"); process.kill(pid, "SIGKILL"); } catch { /* gone */ }
  }
}
process.on("exit", reapSync);
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => { reapSync(); process.exit(130); });

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Poll cond every `every` ms until it returns a value, bounded by ms. */
export async function until<T>(what: string, cond: () => T | null | undefined | Promise<T | null | undefined>, ms: number, every = 20): Promise<T> {
  const end = now() + ms;
  for (;;) {
    const v = await cond();
    if (v !== null && v !== undefined) return v;
    if (now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(every);
  }
}
