// The parts every full sandbox layout shares (the /sandbox page and the practice pages): the
// network panel behind its disclosure, the timeline with the key metrics, and the two logs.
// Headings follow the page's level (PanelHeading).
import type { ReactNode } from "react";
import { NetworkPanel } from "./NetworkPanel.tsx";
import { LastWrites, NarrationLog, WriteLog } from "./Logs.tsx";
import { LatestPanel } from "./LatestPanel.tsx";
import { PanelHeading } from "./PanelHeading.tsx";
import { TimelineHost } from "./Hosts.tsx";
import { NowMetrics } from "./NowMetrics.tsx";
import { TimelineKey } from "./TimelineKey.tsx";
import { TimelineMarks } from "./TimelineMarks.tsx";

export function NetworkDetails() {
  return (
    <details className="sb-panel sb-details">
      <summary>Network and store</summary>
      <NetworkPanel />
    </details>
  );
}

/** The timeline, and the key metrics under it unless the page shows them elsewhere. */
export function TimelinePanel({ metrics = true }: { metrics?: boolean }) {
  return (
    <section
      className="sb-panel sb-timeline-panel"
      aria-label={metrics ? "Timeline and metrics" : "Timeline"}
    >
      <PanelHeading>
        Timeline{" "}
        <span className="sb-hint">click a moment, or focus it and use the arrow keys, to move there</span>
      </PanelHeading>
      <TimelineHost />
      <TimelineKey />
      <TimelineMarks />
      {metrics && <NowMetrics />}
    </section>
  );
}

export function RunLogs() {
  return (
    <div className="sb-logs">
      <NarrationLog />
      <WriteLog />
    </div>
  );
}

/** The column beside the cluster: the marked event and the newest lines, the key metrics, and
 *  the resource's last writes, so cause and effect share one screen. */
export function NowColumn({ notices, reality }: { notices?: ReactNode; reality?: ReactNode }) {
  // Notices (an action that replaced the planned fault) come after the latest events, so they
  // never push the newest line off a phone's screen.
  return (
    <>
      {/* Why? opens under the latest events, not over them: it once took their place and pushed
          them below the fold (review 9b #10), though it explains one of them. */}
      <LatestPanel lines={2} />
      <div className="sb-why-slot" />
      {notices}
      <NowMetrics />
      {/* the same figure measured on real servers, for a run that was recorded there */}
      {reality}
      <LastWrites latest={3} />
    </>
  );
}
