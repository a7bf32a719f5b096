// A schedule in the learner's words, for the CLI and the "Try to break it" panel:
// "a 6 s partition between {n1, n2, n3} and {n4, n5} at 1 s". Built from the fault fields.
import { formatDuration, type Fault } from "../index.ts";

const s = (ms: number) => formatDuration(ms).replace(/(\d)([a-z]+)$/, "$1 $2");
const who = (n: string | undefined) =>
  n === "leader" ? "the leader" : n === "store" ? "the store" : (n ?? "?");
const side = (g: string[]) => `{${g.map((n) => (n === "store" ? "store" : n)).join(", ")}}`;

export function describeFault(f: Fault): string {
  const at = `at ${s(f.at)}`;
  switch (f.do) {
    case "crash":
      return `${who(f.node)} crashes ${at}`;
    case "restart":
      return `${who(f.node)} restarts ${at}`;
    case "pause":
      return `${who(f.node)} pauses for ${s(f.for ?? 0)} ${f.during === "write" ? "in the middle of its next write " : ""}${at}`;
    case "partition": {
      const gs = f.groups ?? [];
      if (f.oneWay)
        return `messages from ${side(gs[0] ?? [])} to ${gs.slice(1).map(side).join(" and ")} are lost${f.for !== undefined ? ` for ${s(f.for)}` : ""} ${at} (the other way still works)`;
      return `a ${f.for !== undefined ? `${s(f.for)} ` : ""}partition between ${gs.map(side).join(" and ")} ${at}`;
    }
    case "isolate":
      return `${who(f.node)} is cut off from everyone${f.for !== undefined ? ` for ${s(f.for)}` : ""} ${at}`;
    case "heal":
      return f.groups
        ? `the link${f.oneWay ? " from" : "s between"} ${f.groups.map(side).join(f.oneWay ? " to " : " and ")} heal${f.oneWay ? "s" : ""} ${at}`
        : `the network heals ${at}`;
    case "clock": {
      const parts: string[] = [];
      if (f.drift !== undefined)
        parts.push(`runs ${Math.abs(f.drift) / 10_000} % ${f.drift >= 0 ? "fast" : "slow"}`);
      if (f.step !== undefined) parts.push(`jumps ${f.step >= 0 ? "ahead" : "back"} ${s(Math.abs(f.step))}`);
      return `${who(f.node)}'s clock ${parts.join(" and ")} from ${s(f.at)}`;
    }
    case "slow":
      return `${who(f.node)} works ${f.factor} times slower${f.for !== undefined ? ` for ${s(f.for)}` : ""} ${at}`;
    case "shutdown":
      return `${who(f.node)} shuts down ${at}`;
    case "store-outage":
      return `the store is down${f.for !== undefined ? ` for ${s(f.for)}` : ""} ${at}`;
    case "network":
      return `the network changes ${at}`;
    case "drop":
      return `message ${f.message ?? "?"} is lost ${at}`;
  }
}

const COUNT = ["no faults", "one fault", "two faults", "three faults"];

/** "one fault: a 6 s partition between {n1, n2} and {n3} at 1 s" */
export function describeSchedule(fs: Fault[]): string {
  const n = COUNT[fs.length] ?? `${fs.length} faults`;
  return fs.length === 0 ? "no faults at all" : `${n}: ${fs.map(describeFault).join("; ")}`;
}

const KIND_WORDS: Record<string, (min: number, max: number) => string> = {
  crash: () => "crashes",
  restart: (a, b) => `restarts ${s(a)} to ${s(b)} after a crash`,
  pause: (a, b) => `pauses of ${s(a)} to ${s(b)}`,
  partition: (a, b) => `partitions of ${s(a)} to ${s(b)}`,
  "one-way": (a, b) => `one-way cuts of ${s(a)} to ${s(b)}`,
  clock: (_a, b) => `clock drift up to ±${b / 10_000} %`,
  slow: (a, b) => `slow nodes for ${s(a)} to ${s(b)}`,
  "store-outage": (a, b) => `store outages of ${s(a)} to ${s(b)}`,
};

/** "up to 3 faults per schedule, starting between 0 ms and 22.5 s: crashes, pauses of ..." */
export function describeBudget(b: {
  maxFaults: number;
  window: [number, number];
  faults: Array<{ kind: string; min: number; max: number }>;
}): string {
  const kinds = b.faults.map((f) => KIND_WORDS[f.kind]?.(f.min, f.max) ?? f.kind).join(", ");
  return `up to ${b.maxFaults} fault${b.maxFaults === 1 ? "" : "s"} per schedule, starting between ${s(b.window[0])} and ${s(b.window[1])}: ${kinds}`;
}
