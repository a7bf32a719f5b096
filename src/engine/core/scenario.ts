// What the core needs to know about a scenario: the parts every protocol shares (nodes, seed,
// network, clocks, faults, fencing, the leader's work loop). A protocol's own timing and options
// are opaque here; each protocol folder types them (protocols/<name>/config.ts) and the
// scenario layer (scenario/schema.ts) puts the two together.

export const FAULT_KINDS = [
  "crash",
  "restart",
  "pause",
  "isolate",
  "partition",
  "heal",
  "clock",
  "slow",
  "shutdown",
  "store-outage",
  "network",
  "drop",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  at: number;
  do: FaultKind;
  node?: string;
  for?: number;
  during?: "write";
  groups?: string[][];
  oneWay?: boolean;
  drift?: number;
  step?: number;
  factor?: number;
  delay?: number;
  jitter?: number;
  loss?: number;
  /** drop: the id of the message in flight to lose (ids are deterministic for a scenario) */
  message?: number;
}

export interface ScenarioBase {
  nodes: number;
  seed: number;
  until: number;
  /** nodes boot at seeded uniform instants in [0, boot] (0: all at t=0), like a rolling start */
  boot: number;
  /** each timer fires late by a seeded uniform [0, timerNoise) ms: OS scheduling noise, which
   *  real servers always have and which alone eventually breaks perfectly symmetric timeouts */
  timerNoise: number;
  network: { delay: number; jitter: number; loss: number };
  /** "token": the resource keeps the highest token seen; "sequencer": it also asks the lock
   *  service whether the writer's sequencer is current (Chubby CheckSequencer); "none" */
  fencing: "token" | "none" | "sequencer";
  work: { every: number };
  clocks: Record<string, { drift: number; offset: number }>;
  faults: Fault[];
}

/** A normalised scenario as the core sees it: the protocol's name, timing and options opaque. */
export interface CoreScenario extends ScenarioBase {
  protocol: string;
  timing: object;
  options: object;
}
