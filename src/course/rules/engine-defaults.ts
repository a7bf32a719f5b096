// The one place the rules cards read the engine's timer defaults. Today they come out of the
// scenario parser (src/engine/scenario/config-*.ts fill them in); when the defaults move into
// per-protocol specs, only this adapter changes. Nothing on a card is typed by hand.
import { parseScenario, BUILT_IN_PROTOCOLS, type BuiltInProtocol as ProtocolName } from "../../engine/scenario/schema.ts";

export type TimerValue = number | [number, number];
export interface EngineDefaults {
  timing: Record<string, TimerValue>;
  options: Record<string, unknown>;
  fencing: string;
}

// The learner's own elector has no card: it is whatever the learner wrote.
export const RULES_PROTOCOLS: readonly ProtocolName[] = BUILT_IN_PROTOCOLS;

export function isProtocol(p: string): p is ProtocolName {
  return (BUILT_IN_PROTOCOLS as readonly string[]).includes(p);
}

/** The engine's defaults for a protocol: a scenario naming only the protocol, as parsed. */
export function engineDefaults(protocol: ProtocolName): EngineDefaults {
  // The heartbeat pair has exactly two nodes; every other protocol takes three.
  const sc = parseScenario({ protocol, nodes: protocol === "heartbeat" ? 2 : 3, seed: 1 }) as unknown as {
    timing: Record<string, TimerValue>;
    options: Record<string, unknown>;
    fencing: string;
  };
  return { timing: { ...sc.timing }, options: { ...sc.options }, fencing: sc.fencing };
}

/** "150–300 ms", "2 s", "10 ticks": a timer value as a card prints it. */
export function formatTimer(v: TimerValue, unit: "ms" | "ticks" = "ms"): string {
  if (unit === "ticks") return `${v as number} ticks`;
  const one = (ms: number) => (ms >= 1000 && ms % 100 === 0 ? `${ms / 1000} s` : `${ms} ms`);
  if (Array.isArray(v)) {
    const [a, b] = v;
    return a >= 1000 && b >= 1000 ? `${a / 1000}–${b / 1000} s` : `${a}–${b} ms`;
  }
  return one(v);
}
