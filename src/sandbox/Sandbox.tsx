// The sandbox: the engine live in a worker, drawn with D3, broken by clicking, rewound and
// shared. "full" is the /sandbox page; "compact" is the lesson embed.
import { useEffect, useRef, useState } from "react";
import { followReducedMotion } from "./reduced-motion.ts";
import { SandboxController } from "./controller.ts";
import type { SandboxProps } from "./sandbox-props.ts";
import { SandboxContext } from "./ui/context.ts";
import { ReplayRun, type ReplayRequest } from "./ui/ReplayRun.tsx";
import { HeadingLevel } from "./ui/PanelHeading.tsx";
import { CompactLayout } from "./CompactLayout.tsx";
import { FullLayout } from "./FullLayout.tsx";
import "./sandbox.css";

export function Sandbox(props: SandboxProps) {
  const [ctl, setCtl] = useState<SandboxController | null>(null);
  const [replay, setReplay] = useState<ReplayRequest | null>(null);
  const liveRef = useRef<HTMLDivElement>(null);
  const compact = props.variant === "compact";
  const init = useRef(props);

  useEffect(() => {
    const p = init.current;
    const c = new SandboxController({
      scenario: p.scenario,
      source: p.source,
      title: p.title,
      at: p.at,
      notices: p.notices,
      announce: (text) => {
        if (liveRef.current) liveRef.current.textContent = text;
      },
    });
    const stopMotion = followReducedMotion(c.store);
    c.start();
    // The controller lives outside React; hand it to the tree once it exists.
    setCtl(c);
    p.onController?.(c);
    return () => {
      p.onController?.(null);
      stopMotion();
      c.dispose();
      setCtl(null);
    };
  }, []);

  return (
    <HeadingLevel.Provider value={compact ? 3 : 2}>
      <div className={`sb ${compact ? "sb-compact" : "sb-full"}`}>
        {ctl && replay ? (
          <ReplayRun
            req={replay}
            onBack={() => {
              // Back where the learner left: the button of the run just replayed keeps the focus.
              const run = replay.run;
              setReplay(null);
              requestAnimationFrame(() =>
                document.querySelectorAll<HTMLElement>(".sb-reality-replay button")[run - 1]?.focus(),
              );
            }}
          />
        ) : ctl ? (
          <SandboxContext.Provider value={ctl}>
            {compact ? <CompactLayout {...props} /> : <FullLayout {...props} openReplay={setReplay} />}
          </SandboxContext.Provider>
        ) : (
          <p className="sb-hint">Starting the simulator…</p>
        )}
        <div className="visually-hidden" aria-live="polite" aria-atomic="true" ref={liveRef} />
      </div>
    </HeadingLevel.Provider>
  );
}
