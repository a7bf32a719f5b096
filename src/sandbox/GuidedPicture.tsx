// The guided run's cluster picture: the sandbox's cluster view, compact and read-only, in a box
// that keeps the placeholder's height until its first frame.
import { useEffect, useRef } from "react";
import type { SandboxController } from "./controller.ts";
import { mountClusterView } from "./views/ClusterView.ts";
import { GuidedStill } from "./GuidedStill.tsx";

/** The cluster picture; `onDrawn` once it has drawn its first frame (its svg has a size), so
 *  Play waits for a picture to watch rather than playing over an empty box. */
export function GuidedPicture({
  preset,
  ctl,
  drawn,
  onDrawn,
  noResource,
}: {
  /** the run drawn: its still picture shows until the live one has drawn its first frame */
  preset: string;
  ctl: SandboxController | null;
  drawn: boolean;
  onDrawn: () => void;
  /** the run writes nothing: the resource box is not part of this picture */
  noResource: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host || !ctl) return undefined;
    const stop = mountClusterView(host, ctl, { compact: true, readOnly: true, plainLabels: true });
    // A run that writes nothing has no resource to show: its box leaves the page, so neither
    // the page's text nor a screen reader tells of a part the picture does not draw (hidden by
    // CSS alone, its words were still read out). The view keeps drawing into the detached box.
    if (noResource) host.querySelector("g.sb-resource")?.remove();
    const check = () => {
      const svg = host.querySelector("svg.sb-cluster");
      if (svg && Number(svg.getAttribute("height")) > 0 && svg.querySelector(".sb-node")) {
        onDrawn();
        return true;
      }
      return false;
    };
    if (check()) return stop;
    const watcher = new MutationObserver(() => {
      if (check()) watcher.disconnect();
    });
    watcher.observe(host, { subtree: true, childList: true, attributes: true });
    return () => {
      watcher.disconnect();
      stop();
    };
  }, [ctl, onDrawn, noResource]);
  // Until its first frame the host keeps the placeholder's height (guided-run.css), so Play and
  // the words under it do not jump up and back down as the picture arrives, and it shows the
  // placeholder's still picture, so the cluster does not blink out while the worker starts.
  return (
    <div ref={ref} className={`sb-cluster-host gr-picture${drawn ? "" : " gr-picture-waiting"}`}>
      {!drawn && <GuidedStill preset={preset} />}
    </div>
  );
}
