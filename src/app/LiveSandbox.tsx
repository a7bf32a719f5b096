// The sandbox as the practice pages use it: the same controller, worker, cluster view, controls
// and logs as /sandbox, laid out under the page's own headings, and the controller handed to the
// page (a challenge reads the learner's run from it; the comparison drives two of them).
import { useEffect, useRef, useState, type ReactNode } from "react";
import { runShortcut } from "../sandbox/actions.ts";
import { SandboxController, type ControllerOptions } from "../sandbox/controller.ts";
import type { RawScenario } from "../sandbox/scenarios.ts";
import type { Source } from "../sandbox/store.ts";
import { SandboxContext, useController } from "../sandbox/ui/context.ts";
import { NetworkDetails, RunLogs, TimelinePanel } from "../sandbox/ui/RunPanels.tsx";
import { NodePanel } from "../sandbox/ui/NodePanel.tsx";
import { HeadingLevel } from "../sandbox/ui/PanelHeading.tsx";
import { Toolbar } from "../sandbox/ui/Toolbar.tsx";
import { ClusterHost, SandboxNotices } from "../sandbox/ui/Hosts.tsx";
import "../sandbox/sandbox.css";

export interface LiveSandboxProps {
  scenario: RawScenario;
  title: string;
  source?: Source;
  onReady?: (ctl: SandboxController) => void;
  /** "challenge": controls, node actions, network, timeline and logs; "view": the cluster only */
  variant?: "challenge" | "view";
  /** the accessible name of the whole sandbox region */
  label: string;
  /** tests: an in-process worker and the like */
  options?: Partial<ControllerOptions>;
  children?: ReactNode;
  /** full-width panels under the logs (a challenge's "Try to break it") */
  panels?: ReactNode;
}

/** One controller per mounted sandbox; it lives outside React and is disposed on unmount. */
export function useSandboxController(
  scenario: RawScenario, title: string, source: Source, onReady?: (c: SandboxController) => void, announce?: (t: string) => void, options?: Partial<ControllerOptions>,
): SandboxController | null {
  const [ctl, setCtl] = useState<SandboxController | null>(null);
  const init = useRef({ scenario, title, source, onReady, announce, options });
  useEffect(() => {
    const p = init.current;
    const c = new SandboxController({ ...p.options, scenario: p.scenario, source: p.source, title: p.title, announce: p.announce });
    const mq = typeof window.matchMedia === "function" ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
    c.store.setState({ reducedMotion: mq?.matches ?? false });
    c.start();
    setCtl(c);
    p.onReady?.(c);
    return () => {
      c.dispose();
      setCtl(null);
    };
  }, []);
  return ctl;
}

/** Sandbox shortcuts, bound to the sandbox's own element (never the whole page). */
function useShortcuts(ctl: SandboxController, el: HTMLElement | null) {
  useEffect(() => {
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      runShortcut(ctl, e);
    };
    el.addEventListener("keydown", onKey);
    return () => el.removeEventListener("keydown", onKey);
  }, [ctl, el]);
}

function ChallengeLayout({ children, panels }: { children?: ReactNode; panels?: ReactNode }) {
  const ctl = useController();
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useShortcuts(ctl, root);
  return (
    <div className="pr-live-body" ref={setRoot}>
      <SandboxNotices />
      <Toolbar />
      <div className="sb-main">
        <div className="sb-stage">
          <ClusterHost />
        </div>
        <div className="sb-side">
          {children}
          <NodePanel />
          <NetworkDetails />
        </div>
      </div>
      <TimelinePanel />
      <RunLogs />
      {panels && <div className="sb-more">{panels}</div>}
      <p className="sb-hint">Shortcuts (P pause, C crash, K play…) work while focus is inside the sandbox.</p>
    </div>
  );
}

export function LiveSandbox(props: LiveSandboxProps) {
  const liveRef = useRef<HTMLDivElement>(null);
  const ctl = useSandboxController(
    props.scenario, props.title, props.source ?? { kind: "custom" }, props.onReady,
    (t) => {
      if (liveRef.current) liveRef.current.textContent = t;
    },
    props.options,
  );
  return (
    <HeadingLevel.Provider value={3}>
      <section className={`sb pr-live pr-live-${props.variant ?? "challenge"}`} aria-label={props.label}>
        {ctl ? (
          <SandboxContext.Provider value={ctl}>
            {props.variant === "view" ? <ClusterHost compact /> : <ChallengeLayout panels={props.panels}>{props.children}</ChallengeLayout>}
          </SandboxContext.Provider>
        ) : (
          <p className="sb-hint">Starting the simulator…</p>
        )}
        <div className="visually-hidden" aria-live="polite" aria-atomic="true" ref={liveRef} />
      </section>
    </HeadingLevel.Provider>
  );
}
