// A recorded real run replayed on the sandbox's own picture, time controls and timeline. It
// has its own controller whose "worker" plays the recording (replay/replay-worker.ts), so
// every view draws it exactly as it draws a simulated run; the fault tools and the node panel
// are left out, because nothing can be changed in a recording.
import { followReducedMotion } from "../reduced-motion.ts";
import { useEffect, useRef, useState } from "react";
import { SandboxController } from "../controller.ts";
import type { Frame } from "../../engine/index.ts";
import type { RawScenario } from "../scenarios.ts";
import { createReplayWorker } from "../replay/replay-worker.ts";
import { replayScenario } from "../replay/recordings.ts";
import type { RecordedTrial } from "../replay/recorded-frames.ts";
import { SandboxContext } from "./context.ts";
import { Toolbar } from "./Toolbar.tsx";
import { TimelineHost } from "./Hosts.tsx";
import { LatestPanel } from "./LatestPanel.tsx";
import { mountClusterView } from "../views/ClusterView.ts";
import "./replay-run.css";

export interface ReplayRequest {
  system: string;
  recordedAt: string;
  /** 1-based, as the button named it */
  run: number;
  trial: RecordedTrial;
  template: Frame;
  scenario: RawScenario;
  title: string;
}

function Picture({ ctl }: { ctl: SandboxController }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(
    () => (ref.current ? mountClusterView(ref.current, ctl, { fitScreen: false }) : undefined),
    [ctl],
  );
  return <div ref={ref} className="sb-cluster-host" />;
}

export function ReplayRun({ req, onBack }: { req: ReplayRequest; onBack: () => void }) {
  const [ctl, setCtl] = useState<SandboxController | null>(null);
  const headRef = useRef<HTMLHeadingElement>(null);
  const liveRef = useRef<HTMLDivElement>(null);
  // One recording per mount: the page shows a new ReplayRun for another run.
  const init = useRef(req);
  useEffect(() => {
    const req = init.current;
    const scenario = replayScenario(req.scenario as Record<string, unknown>, req.trial) as RawScenario;
    const c = new SandboxController({
      scenario,
      source: { kind: "custom" },
      title: `${req.title}: real run ${req.run}`,
      createWorker: () => createReplayWorker(req.trial, req.template, scenario),
      // The recorded crash and takeover are read out as they play, as a simulated run's are.
      announce: (text) => {
        if (liveRef.current) liveRef.current.textContent = text;
      },
    });
    const stopMotion = followReducedMotion(c.store);
    c.start();
    // The controller lives outside React; hand it to the tree once it exists.
    setCtl(c);
    return () => {
      stopMotion();
      c.dispose();
      setCtl(null);
    };
  }, []);
  useEffect(() => headRef.current?.focus({ preventScroll: false }), []);
  const day = req.recordedAt.slice(0, 10);
  return (
    <section className="sb-replay" aria-labelledby="sb-replay-title">
      <div className="sb-replay-banner">
        <h2 id="sb-replay-title" tabIndex={-1} ref={headRef}>
          A real {req.system} run, recorded on {day}: read-only
        </h2>
        <p>
          Run {req.run} of the real servers, replayed from its recording: who led, with which token, and when
          the fault struck. Nothing can be changed here.
        </p>
        <button type="button" className="sb-btn primary" onClick={onBack}>
          Back to the simulated run
        </button>
      </div>
      {ctl ? (
        <SandboxContext.Provider value={ctl}>
          <Toolbar compact />
          <div className="sb-replay-main">
            <div className="sb-replay-stage">
              <Picture ctl={ctl} />
            </div>
            <LatestPanel lines={3} why={false} />
          </div>
          <section className="sb-replay-timeline" aria-label="Timeline of the real run">
            <TimelineHost compact />
          </section>
        </SandboxContext.Provider>
      ) : (
        <p className="sb-hint">Loading the recording…</p>
      )}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" ref={liveRef} />
    </section>
  );
}
