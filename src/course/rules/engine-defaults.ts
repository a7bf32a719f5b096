// The one place the rules cards read the engine's timer defaults: each protocol's config
// (src/engine/protocols/<name>/config.ts) fills them in when the scenario parser normalises a
// scenario that names only the protocol and its starting node count (from its spec). Nothing
// on a card is typed by hand.
import { parseScenario } from "../../engine/scenario/schema.ts";
import { specOf } from "../../engine/protocols/registry.ts";

export type TimerValue = number | [number, number];
export interface EngineDefaults {
  timing: Record<string, TimerValue>;
  options: Record<string, unknown>;
  fencing: string;
}

/** The engine's defaults for a protocol (a card's protocol name): a scenario naming only the protocol, as parsed. */
export function engineDefaults(protocol: string): EngineDefaults {
  const sc = parseScenario({ protocol, nodes: specOf(protocol).nodes.initial, seed: 1 });
  const timing: Record<string, TimerValue> = {};
  for (const [k, v] of Object.entries(sc.timing)) if (isTimer(v)) timing[k] = v;
  return { timing, options: { ...sc.options }, fencing: sc.fencing };
}

/** A normalised timer: ms, or a [min, max] range in ms (Raft's randomized election timeout). */
function isTimer(v: unknown): v is TimerValue {
  return (
    typeof v === "number" || (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === "number"))
  );
}

/** "150–300 ms", "2 s", "10 ticks": a timer value as a card prints it. */
export function formatTimer(v: TimerValue, unit: "ms" | "ticks" = "ms"): string {
  if (unit === "ticks") return `${v as number} ticks`;
  // A TTL/3 keepalive (3,333.3 ms at a 10 s TTL) reads as 3.33 s, not to the last float digit.
  const one = (ms: number) =>
    ms >= 1000 ? `${Number((ms / 1000).toFixed(2))} s` : `${Number(ms.toFixed(1))} ms`;
  if (Array.isArray(v)) {
    const [a, b] = v;
    return a >= 1000 && b >= 1000 ? `${a / 1000}–${b / 1000} s` : `${a}–${b} ms`;
  }
  return one(v);
}
