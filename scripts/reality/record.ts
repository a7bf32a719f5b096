// What one trial recorded, in the engine's own terms (the summary's LeaderInterval: node, token,
// from, to), so the real and the simulated run are compared field by field. Times are ms from
// the trial's start on the harness's monotonic clock (engine: ms of simulated time).
export interface Leadership { node: string; token: number; term?: number; from: number; to: number | null }
/** One write as the fenced resource judged it (the engine's trace "write" event: node, token,
 *  result); t is when it arrived. */
export interface WriteOutcome { t: number; node: string; token: number; result: "accepted" | "rejected" | "stale-accepted" }
export interface FaultMark { at: number; do: string; node: string; for?: number }
export interface Trial {
  scenario: string;
  side: "real" | "engine";
  trial: number;
  /** the fault's phase, drawn in [0, 1) the same way on both sides */
  phase: number;
  faults: FaultMark[];
  leaders: Leadership[];
  /** every write the leaders sent to the fenced resource, in the order it judged them (recordings
   *  made before the resource existed have none) */
  writes?: WriteOutcome[];
  /** per node, when each keepalive / ping answer arrived (real etcd: lease keep-alive lines) */
  renewals?: Record<string, number[]>;
  /** per node, raft or zab state changes as the server logged them */
  states?: Array<{ t: number; node: string; state: string; term?: number }>;
  /** what the real run measured beyond the engine's terms (e.g. the lease's server-side expiry) */
  notes?: Record<string, number | string | null>;
  end: number;
}

export interface Recording {
  scenario: string;
  timing: "course" | "scaled";
  versions: { etcd: string | null; zookeeper: string | null };
  recordedAt: string;
  trials: Trial[];
}
