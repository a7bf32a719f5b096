// The clock and the arming event of a step, in plain words (the CLI and the "Why?" panel).
import type { Step } from "./step.ts";

const secs = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

export function clockWords(s: Step): string {
  const c = s.clock;
  if (!c) return "";
  if (c.kind === "none") return "no clock (a comparison of numbers)";
  const whose =
    c.kind === "store"
      ? "the store's clock"
      : c.kind === "wall"
        ? `${c.node === "store" ? "the database's" : `${c.node}'s`} wall clock`
        : `${c.node}'s monotonic clock`;
  return c.ms !== undefined ? `${whose}, reading ${secs(c.ms)}` : whose;
}

export function armWords(s: Step): string {
  const a = s.armedBy;
  if (!a) return "";
  switch (a.kind) {
    case "message":
      return `the ${a.msgKind === "$closed" ? "connection-closed notice" : `${a.msgKind} message`} from ${a.from} (message #${a.msg})`;
    case "timer":
      return `${a.node}'s ${a.timer} timer, set at ${secs(a.armedAt)}`;
    case "store-timer":
      return `the store's ${a.timer} timer`;
    case "fault":
      return `the ${a.fault} fault at ${secs(a.at)}`;
    case "boot":
      return `${a.node} starting`;
  }
}
