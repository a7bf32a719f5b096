// The lesson embed's layout: what to watch, the time bar, the picture, the latest events, the timeline.
import { useRef, useState } from "react";
import { watchLineOf } from "./caption.ts";
import type { SandboxProps } from "./sandbox-props.ts";
import { useShortcuts } from "./sandbox-hooks.ts";
import { useController, useSandbox } from "./ui/context.ts";
import { HelpDialog } from "./ui/HelpDialog.tsx";
import { NarrationLog } from "./ui/Logs.tsx";
import { Legend } from "./ui/Legend.tsx";
import { LatestPanel } from "./ui/LatestPanel.tsx";
import { NowMetrics } from "./ui/NowMetrics.tsx";
import { registerStage } from "./ui/reveal.ts";
import { NodePanel } from "./ui/NodePanel.tsx";
import { Toolbar } from "./ui/Toolbar.tsx";
import { TourOffer, TourPanel } from "./ui/TourPanel.tsx";
import { ClusterHost as ClusterView, SandboxNotices as Notices, TimelineHost } from "./ui/Hosts.tsx";

/** The lesson embed, picture first: what to watch, the time bar, the picture, then the latest
 *  events with their Why?, and the node's actions (a sheet on a phone); the timeline and the
 *  full log follow. */
export function CompactLayout(props: SandboxProps) {
  const ctl = useController();
  const helpRef = useRef<HTMLDialogElement>(null);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const [openHelp] = useState(() => () => helpRef.current?.showModal());
  const watch = useSandbox(watchLineOf);
  useShortcuts(root, openHelp);
  return (
    <div className="sb-compact-body" ref={setRoot}>
      {watch && <p className="sb-compact-watch">{watch}</p>}
      <Toolbar compact />
      <div className="sb-compact-main" ref={(el) => registerStage(ctl, el)}>
        <TourPanel />
        <div className="sb-compact-stage">
          <ClusterView compact fitScreen={false} />
        </div>
        <div className="sb-compact-now">
          <div className="sb-why-slot" />
          <Notices />
          {/* Named by the run: a lesson can show two embeds, and landmarks must not share a name. */}
          <LatestPanel lines={2} name={`Latest events: ${props.title}`} />
          <NowMetrics compact name={`Key metrics: ${props.title}`} />
          {/* Beside the picture (under it on narrow screens, a sheet on a phone), so a click on a
              node shows its actions within view rather than below the embed's timeline. */}
          <NodePanel compact sheet />
        </div>
      </div>
      {/* Named by the run too: a lesson can show two embeds, and landmarks must not share a name. */}
      <section className="sb-compact-timeline" aria-label={`Timeline: ${props.title}`}>
        <TimelineHost compact />
        <p className="sb-hint sb-compact-tl-hint" aria-hidden="true">
          One lane per node; stripes: two leaders at once. Click or use the arrow keys to move.
        </p>
      </section>
      <TourOffer preset={props.preset ?? null} />
      {/* Every shape, ring and word of the picture, as on /sandbox (an embed had no key). */}
      <details className="sb-compact-more sb-compact-key">
        <summary>Key to the picture</summary>
        <Legend />
      </details>
      <details className="sb-compact-more">
        <summary>Every event so far</summary>
        <NarrationLog limit={12} title="Every event" name={`Every event: ${props.title}`} />
      </details>
      <p className="sb-compact-links">
        {props.fullLink}
        <button type="button" className="sb-btn sb-btn-quiet" onClick={openHelp}>
          Shortcuts
        </button>
      </p>
      <HelpDialog ref={helpRef} />
    </div>
  );
}
