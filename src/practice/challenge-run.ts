// What a challenge page needs of the live sandbox beside its brief. The practice feature does not
// import the sandbox (features meet only in src/app): the app hands it a ChallengeSandbox, and
// the sandbox's controller is a ChallengeRun as it is.
import type { ReactNode } from "react";
import type { RawScenario } from "./scenario-tools.ts";

export interface RunState {
  scenario: RawScenario;
  /** actions sent to the simulation and not yet answered */
  pending: number;
  status: string;
  /** the moment the picture shows */
  frame?: { t: number } | null;
}

export interface ChallengeRun {
  store: { getState(): RunState; subscribe(listener: (state: RunState) => void): () => void };
  dispatch(
    cmd:
      | {
          type: "load";
          scenario: RawScenario;
          source: { kind: "custom" };
          title: string;
          at: number;
          playing: boolean;
        }
      | { type: "pause" }
      | { type: "seek"; t: number },
  ): void;
}

/** The "Try to break it" panel's starting search (a challenge judged by a search). */
export interface SearchSetup {
  property: string;
  faults: string;
  schedules: number;
  maxFaults: number;
}

export interface ChallengeSandbox {
  /** the live sandbox the learner acts in */
  render(p: {
    scenario: RawScenario;
    title: string;
    label: string;
    onReady: (run: ChallengeRun) => void;
    search: SearchSetup | undefined;
    allowed: readonly string[];
    /** the settings form, shown beside the picture (under it on a phone) */
    settings?: ReactNode;
    /** the goal's checklist, the check and the folded hints: beside the picture, on its first screen */
    brief?: ReactNode;
  }): ReactNode;
  /** brings the run's picture into view (after a replay is loaded) */
  reveal(run: ChallengeRun): void;
  /** the sandbox's own check of a scenario: it runs (and ends when), or why not */
  check(raw: RawScenario): { ok: true; scenario: { until: number } } | { ok: false; message: string };
}
