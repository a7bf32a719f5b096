// The sandbox as the practice pages use it: the same controller, worker, cluster view, controls
// and logs as /sandbox, laid out under the page's own headings, and the controller handed to the
// page (a challenge reads the learner's run from it; the comparison drives two of them).
import { useEffect, useRef, useState, type ReactNode } from "react";
import { actionForKey, runShortcut } from "../sandbox/actions.ts";
import { SandboxController, type ControllerOptions } from "../sandbox/controller.ts";
import type { RawScenario } from "../sandbox/scenarios.ts";
import type { Source } from "../sandbox/store.ts";
import { SandboxContext, useController, useSandbox } from "../sandbox/ui/context.ts";
import { NetworkDetails, RunLogs, TimelinePanel } from "../sandbox/ui/RunPanels.tsx";
import { LatestPanel } from "../sandbox/ui/LatestPanel.tsx";
import { NowMetrics } from "../sandbox/ui/NowMetrics.tsx";
import { LastWrites } from "../sandbox/ui/Logs.tsx";
import { registerStage } from "../sandbox/ui/reveal.ts";
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
  /** a challenge's settings form: in the column beside the picture (under it on a phone), right
   *  after the latest events, so the learner changes them with the run in view (review 5b #3) */
  settings?: ReactNode;
  /** the fault kinds the page allows (a challenge's rules); omitted: all of them. A page that
   *  allows none offers no node actions and no network tools, only the picture and the time. */
  allowed?: readonly string[];
  /** a challenge's checklist card: beside the picture on a wide screen, under the node's actions,
   *  as /sandbox keeps its tour there (review 6b #3); under the latest events on a phone */
  brief?: ReactNode;
  /** "view": the picture held to the first screen's height (/compare: its pictures and the
   *  strip of differences share the first screen at 1280x800) */
  fitScreen?: boolean;
}

/** One controller per mounted sandbox; it lives outside React and is disposed on unmount. */
export function useSandboxController(
  scenario: RawScenario,
  title: string,
  source: Source,
  onReady?: (c: SandboxController) => void,
  announce?: (t: string) => void,
  options?: Partial<ControllerOptions>,
): SandboxController | null {
  const [ctl, setCtl] = useState<SandboxController | null>(null);
  const init = useRef({ scenario, title, source, onReady, announce, options });
  useEffect(() => {
    const p = init.current;
    const c = new SandboxController({
      ...p.options,
      scenario: p.scenario,
      source: p.source,
      title: p.title,
      announce: p.announce,
    });
    const mq =
      typeof window.matchMedia === "function" ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
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
function useShortcuts(ctl: SandboxController, el: HTMLElement | null, allowed?: readonly string[]) {
  useEffect(() => {
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      // A fault the page's rules do not allow is not offered by key either.
      const a = actionForKey(e, e.target);
      if (a && allowed && (a.group === "node" || a.group === "network")) {
        const cmd = a.command(ctl.store.getState());
        if (cmd && cmd.type === "act" && cmd.faults.some((f) => !allowed.includes(f.do))) return;
      }
      runShortcut(ctl, e);
    };
    el.addEventListener("keydown", onKey);
    return () => el.removeEventListener("keydown", onKey);
  }, [ctl, el, allowed]);
}

/** Picture first, as on /sandbox: the time bar, the picture with the latest events, the key
 *  metrics and the last writes beside it, the node's actions (a sheet on a phone); the timeline,
 *  the logs and the page's panels after. Only the tools the page's rules allow are offered. */
function ChallengeLayout({
  children,
  panels,
  settings,
  allowed,
  brief,
}: {
  children?: ReactNode;
  panels?: ReactNode;
  settings?: ReactNode;
  allowed?: readonly string[];
  brief?: ReactNode;
}) {
  const ctl = useController();
  // Until the simulator's first frame is here the picture's box says it is loading (and Play says
  // so too), never an empty box beside "Nothing yet. Press Play." under a greyed Play (review 6b #2).
  const starting = useSandbox((s) => s.frame === null && s.status !== "failed");
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useShortcuts(ctl, root, allowed);
  const network = !allowed || allowed.some((a) => NETWORK_KINDS.includes(a));
  const nodeActs = !allowed || allowed.some((a) => !NETWORK_KINDS.includes(a) || a === "isolate");
  return (
    <div className="pr-live-body" ref={setRoot}>
      <Toolbar />
      <div className={brief ? "sb-main pr-main-brief" : "sb-main"} ref={(el) => registerStage(ctl, el)}>
        {brief && <div className="pr-area-brief">{brief}</div>}
        <div className={starting ? "sb-stage pr-stage-starting" : "sb-stage"}>
          {/* With the network tools, their row says it (ClusterTools); without, this line. */}
          {starting && !network && (
            <p className="sb-hint pr-stage-loading" role="status">
              Loading the live example…
            </p>
          )}
          <ClusterHost network={network} />
        </div>
        <div className="sb-side sb-now">
          {children}
          {/* Why? opens here on a wide screen, beside the picture rather than over it */}
          <div className="sb-why-slot" />
          {!starting && <LatestPanel lines={2} />}
          <SandboxNotices />
          {settings}
          <NowMetrics />
          <LastWrites latest={3} />
        </div>
        {/* In the grid beside the picture when there is a brief (as /sandbox's node column) */}
        <div className="pr-area-node">
          {nodeActs ? (
            <NodePanel sheet allowed={allowed} />
          ) : (
            !settings && <p className="sb-hint">This run takes no actions: press Play and watch.</p>
          )}
        </div>
      </div>
      {network && <NetworkDetails />}
      <TimelinePanel metrics={false} />
      {!starting && <RunLogs />}
      {panels && <div className="sb-more">{panels}</div>}
      <p className="sb-hint">
        Shortcuts (K play, . next event{nodeActs ? ", P pause, C crash" : ""}…) work while focus is inside the
        sandbox.
      </p>
    </div>
  );
}

/** The fault kinds that act on the network rather than on one node. */
const NETWORK_KINDS = ["partition", "heal", "network", "store-outage"];

export function LiveSandbox(props: LiveSandboxProps) {
  const liveRef = useRef<HTMLDivElement>(null);
  const ctl = useSandboxController(
    props.scenario,
    props.title,
    props.source ?? { kind: "custom" },
    props.onReady,
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
            {props.variant === "view" ? (
              <ClusterHost compact fitScreen={props.fitScreen} />
            ) : (
              <ChallengeLayout
                panels={props.panels}
                settings={props.settings}
                allowed={props.allowed}
                brief={props.brief}
              >
                {props.children}
              </ChallengeLayout>
            )}
          </SandboxContext.Provider>
        ) : (
          <p className="sb-hint">Starting the simulator…</p>
        )}
        <div className="visually-hidden" aria-live="polite" aria-atomic="true" ref={liveRef} />
      </section>
    </HeadingLevel.Provider>
  );
}
