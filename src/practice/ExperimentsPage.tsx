// /experiments: the experiments behind the lessons' claims, run in the lab worker (the page stays
// responsive, with progress and a cancel button), plotted with D3 and downloadable as CSV and
// as the exact scenario set that produced them.
import type { ReactNode } from "react";
import { CostPanel } from "./CostPanel.tsx";
import { Figure16Panel } from "./Figure16Panel.tsx";
import type { LabWorkerLike } from "./lab-client.ts";
import { LeasePanel } from "./LeasePanel.tsx";
import "./practice.css";

export const EXPERIMENTS = [
  { id: "figure16", label: "Raft timeouts (Figure 16)" },
  { id: "lease", label: "Lease tuning" },
  { id: "cost", label: "Algorithm cost" },
] as const;
export type ExperimentId = (typeof EXPERIMENTS)[number]["id"];

export interface ExperimentsProps {
  experiment: ExperimentId;
  /** renders the link to one experiment (the route passes a router Link) */
  linkTo: (id: ExperimentId, children: ReactNode, current: boolean) => ReactNode;
  /** opens /sandbox?run=CODE */
  openRun: (code: string) => void;
  createWorker?: () => LabWorkerLike;
  intro?: ReactNode;
}

export function ExperimentsPage(p: ExperimentsProps) {
  return (
    <div className="page pr-page">
      <h1>Experiments</h1>
      <p className="lede">
        Run the experiments behind the lessons&apos; claims: many trials of the same engine you break in the
        sandbox, plotted, downloadable, and each trial replayable. They run in a background worker, so you can
        keep reading while they do.
      </p>
      {p.intro}
      <nav aria-label="Experiments" className="pr-tabs">
        <ul>
          {EXPERIMENTS.map((e) => (
            <li key={e.id}>{p.linkTo(e.id, e.label, e.id === p.experiment)}</li>
          ))}
        </ul>
      </nav>
      {p.experiment === "figure16" && <Figure16Panel openRun={p.openRun} createWorker={p.createWorker} />}
      {p.experiment === "lease" && <LeasePanel openRun={p.openRun} createWorker={p.createWorker} />}
      {p.experiment === "cost" && <CostPanel createWorker={p.createWorker} />}
    </div>
  );
}
