// /practice and /practice?challenge=ID: the practice feature's challenge list and challenge page
// (src/practice), with the sandbox feature wired in here, where features meet: the live sandbox
// beside the brief, its reveal of the picture and its check of a scenario.
import type { ControllerOptions } from "../sandbox/controller.ts";
import { checkScenario } from "../sandbox/scenarios.ts";
import { revealStage } from "../sandbox/ui/reveal.ts";
import { BreakItPanel } from "../sandbox/ui/BreakItPanel.tsx";
import type { ChallengeSandbox } from "../practice/challenge-run.ts";
import { findChallenge } from "../practice/challenges.ts";
import { ChallengeList } from "../practice/ChallengeList.tsx";
import { ChallengeView } from "../practice/ChallengeView.tsx";
import type { LabWorkerLike } from "../practice/lab-client.ts";
import { ElectorList } from "../elector-ui/ElectorList.tsx";
import { LiveSandbox } from "./LiveSandbox.tsx";

export interface PracticeProps {
  challenge?: string;
  /** tests: run checks without a Worker */
  createWorker?: () => LabWorkerLike;
  /** tests: the sandbox's controller options (an in-process simulation worker) */
  sandboxOptions?: Partial<ControllerOptions>;
}

export function PracticePage({ challenge, createWorker, sandboxOptions }: PracticeProps) {
  if (challenge === undefined)
    return (
      <ChallengeList>
        <ElectorList />
      </ChallengeList>
    );
  const ch = findChallenge(challenge);
  if (!ch)
    return (
      <ChallengeList missing={challenge}>
        <ElectorList />
      </ChallengeList>
    );
  return (
    <ChallengeView
      key={ch.id}
      challenge={ch}
      sandbox={sandboxFor(sandboxOptions)}
      createWorker={createWorker}
    />
  );
}

function sandboxFor(options: Partial<ControllerOptions> | undefined): ChallengeSandbox {
  return {
    render: ({ scenario, title, label, onReady, search, allowed, settings, brief }) => (
      <LiveSandbox
        scenario={scenario}
        title={title}
        label={label}
        onReady={onReady}
        options={options}
        panels={<BreakItPanel initial={search} />}
        settings={settings}
        brief={brief}
        allowed={allowed}
      />
    ),
    reveal: (run) => revealStage(run),
    check: checkScenario,
  };
}
