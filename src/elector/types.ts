// What the editor page, the practice list, the judge worker and the CLI share about challenges
// and verdicts. Plain data only: a verdict travels from a worker and is the CLI's --json.
import type { Fault } from "../engine/index.ts";
import type { SearchBudget } from "../engine/search/index.ts";
import type { CompileError } from "./compile.ts";

/** One challenge: what the learner reads, the code it starts from, and how it is judged. */
export interface Challenge {
  /** stable id, used in progress, links and `--challenge` */
  id: string;
  title: string;
  /** what to build, in a few plain paragraphs (separated by blank lines) */
  brief: string;
  /** the module the editor opens with */
  starter: string;
  /** revealed one at a time */
  hints: string[];
  /** the lesson ids that teach the idea it practises ("bully-and-ring") */
  lessons: string[];
  /** the scenario every run starts from, in JSON form (protocol "learner", no faults, no code) */
  scenario: Record<string, unknown>;
  /** the faults the judge may inject and how many schedules it tries by default */
  budget: SearchBudget;
  /** monitor names that must never fire on any schedule (the search's property names) */
  safety: string[];
  /** the liveness bound: a leader again within `withinMs` of the run's start and of every
   *  stretch without one; it must hold on at least `share` of the schedules (1: all of them);
   *  scope "fault-free": judged on the run with no fault only (a partition may leave no majority) */
  liveness: { withinMs: number; share: number; label: string; scope?: "all" | "fault-free" };
  /** vary the run's own seed with each schedule (timeouts drawn afresh), for "most seeds" bounds */
  varySeed?: boolean;
}

/** A handler that threw or ran past its step budget, as the run that showed it. */
export interface RunError {
  handler: string;
  node: string;
  line: number;
  at: number;
  message: string;
}

export type Verdict =
  /** the code did not compile; nothing ran */
  | { kind: "compile-error"; challenge: string; errors: CompileError[] }
  /** every schedule held the properties (and enough of them the liveness bound) */
  | {
      kind: "passed";
      challenge: string;
      seed: number;
      schedules: number;
      liveness: { met: number; of: number };
    }
  /** a schedule broke a property: the shrunk counterexample, ready to replay */
  | {
      kind: "failed";
      challenge: string;
      seed: number;
      /** schedules run before the answer was known */
      tried: number;
      /** "one-leader-per-term", "leaderless", ... and what breaking it means */
      property: string;
      label: string;
      detail: string;
      at: number;
      /** the shrunk schedule, and each fault in words */
      faults: Fault[];
      described: string[];
      /** the whole scenario (learner code included) the sandbox replays */
      scenario: Record<string, unknown>;
      /** liveness challenges: how many schedules met the bound */
      liveness?: { met: number; of: number };
      /** set when the counterexample is a handler that threw or ran too long */
      error?: RunError;
    };

/** What the judge reports while it works. */
export interface JudgeProgress {
  ran: number;
  total: number;
  phase: "search" | "shrink";
}
