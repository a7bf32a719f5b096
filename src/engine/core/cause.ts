// Why the engine decided something, as data (issue 20): the rule's name (declared in the
// protocol's spec, protocols/<name>/spec.ts `rules`), the values the rule compared or read, the
// clock it read them on, and the event that armed the handler it ran in (a timer, a message, a
// fault). Core only carries causes; their words, lesson links and sources live in the specs.

export type CauseValue = number | string | boolean | null;
export type CauseValues = Record<string, CauseValue>;

/** Whose clock the rule read: a node's monotonic clock, its wall clock, the store's clock, or
 *  none (a comparison of numbers, such as a fencing token against the highest seen). */
export interface CauseClock {
  kind: "monotonic" | "wall" | "store" | "none";
  /** the node whose clock it was (monotonic, wall) */
  node?: string;
  /** the clock's reading when the rule ran */
  ms?: number;
}

/** What set the running handler going. `index`: the trace index of the arming event when the
 *  trace holds one (a message's send, a fault), for stepping back along the chain. */
export type CauseArm =
  | { kind: "timer"; node: string; timer: string; armedAt: number }
  | { kind: "message"; msg: number; msgKind: string; from: string }
  | { kind: "fault"; fault: string; at: number; index: number }
  | { kind: "store-timer"; timer: string; armedAt?: number }
  | { kind: "boot"; node: string };

export interface Cause {
  rule: string;
  values: CauseValues;
  clock: CauseClock;
  armedBy?: CauseArm;
}

/** The keys of a rule's values in the order its cause lists them, declared once beside the code
 *  that reads them (cause-record.ts causeLayout); the values are then passed in that order. */
export interface CauseLayout {
  readonly keys: readonly string[];
  /** per key, true when its value is passed as a process index (a node, "store", "resource";
   *  -1 for null) and recorded as that process's name */
  readonly nodes: readonly boolean[];
  /** the record store `byRule` indexes into (trace-packed.ts Packed), and per rule the shape
   *  index of each arm kind (none, message, timer), -1 not yet made */
  packed: object | null;
  byRule: Map<string, number[]>;
}
