// The React hosts for the D3 views and the sandbox's notices, shared by /sandbox, the lesson
// embed and the practice pages. Each view mounts once into its element and then draws from the
// controller's store outside React.
import { useEffect, useRef, useState } from "react";
import { dismissNotice } from "../store.ts";
import { useController, useSandbox } from "./context.ts";
import { mountClusterView } from "../views/ClusterView.ts";
import { createClusterUi, type ClusterUi } from "../views/cluster-ui.ts";
import { ClusterTools } from "./ClusterTools.tsx";
import { StillHost } from "./StillHost.tsx";
import { mountTimeline } from "../views/Timeline.ts";

function Mount({ mount, className }: { mount: (el: HTMLElement) => () => void; className: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => (ref.current ? mount(ref.current) : undefined), [mount]);
  return <div ref={ref} className={className} />;
}

/** `fitScreen`: held to the screen's height beside the now column (the /sandbox page). */
/** `network`: false where the page's rules leave the network alone (no link tools then). */
export function ClusterHost({
  compact = false,
  fitScreen = false,
  network = true,
  simple = false,
  toolsSide = null,
  ui: given,
}: {
  compact?: boolean;
  fitScreen?: boolean;
  network?: boolean;
  /** a newcomer's embed: the picture without the words not yet taught (cluster-scene.ts) */
  simple?: boolean;
  /** a slot beside the picture where its open network tools go on a wide screen (ClusterTools) */
  toolsSide?: HTMLElement | null;
  /** the picture's own state, when the page beside it reads it too (FullLayout's node column) */
  ui?: ClusterUi;
}) {
  const ctl = useController();
  // The picture and its controls share one small state (click mode, explanation, message); the
  // run, the selection and the split's sides are the sandbox store's, and every action goes
  // through the action registry.
  const [ui] = useState(() => given ?? createClusterUi());
  const [mount] = useState(
    () => (el: HTMLElement) => mountClusterView(el, ctl, { compact, fitScreen, ui, simple }),
  );
  // Under the picture: where a narrow screen opens the network tools (ClusterTools).
  const [below, setBelow] = useState<HTMLDivElement | null>(null);
  return (
    <>
      <ClusterTools ui={ui} network={network} below={below} side={toolsSide} />
      {compact ? (
        // The still and the live picture share one place (guided-still.css .sb-still-stack): the
        // still never moves the live picture's top, so the picture sizes itself to the room it
        // will keep (on /compare a still above it had pushed it under the fold at its first draw).
        <div className="sb-still-stack">
          <StillHost compact={compact} fitScreen={fitScreen} simple={simple} />
          <Mount mount={mount} className="sb-cluster-host" />
        </div>
      ) : (
        <Mount mount={mount} className="sb-cluster-host" />
      )}
      <div className="sb-cluster-below" ref={setBelow} />
    </>
  );
}

export function TimelineHost({ compact = false }: { compact?: boolean }) {
  const ctl = useController();
  const [mount] = useState(() => (el: HTMLElement) => mountTimeline(el, ctl, { compact }));
  return <Mount mount={mount} className="sb-timeline-host" />;
}

/** `said`: notices already said elsewhere on screen (an embed says a longer run beside its
 *  clock), left out so nothing is said twice (review 17a #5). */
export function SandboxNotices({ said }: { said?: (text: string) => boolean } = {}) {
  const ctl = useController();
  const all = useSandbox((s) => s.notices);
  const notices = said ? all.filter((n) => !said(n.text)) : all;
  const status = useSandbox((s) => s.status);
  return (
    <div className="sb-notices">
      {notices.map((n) => (
        <div key={n.id} className={`sb-notice ${n.kind}`} role={n.kind === "error" ? "alert" : "status"}>
          <p>{n.text}</p>
          <button
            type="button"
            className="sb-btn sb-btn-quiet"
            onClick={() => dismissNotice(ctl.store, n.id)}
          >
            Dismiss
          </button>
        </div>
      ))}
      {status === "failed" && (
        <button type="button" className="sb-btn primary" onClick={() => ctl.retry()}>
          Restart the simulation
        </button>
      )}
    </div>
  );
}
