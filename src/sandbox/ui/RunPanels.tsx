// The parts every full sandbox layout shares (the /sandbox page and the practice pages): the
// network panel behind its disclosure, the timeline with the key metrics, and the two logs.
// Headings follow the page's level (PanelHeading).
import { NetworkPanel } from "./NetworkPanel.tsx";
import { NarrationLog, WriteLog } from "./Logs.tsx";
import { PanelHeading } from "./PanelHeading.tsx";
import { MetricsHost, TimelineHost } from "./Hosts.tsx";
import { TimelineMarks } from "./TimelineMarks.tsx";

export function NetworkDetails() {
  return (
    <details className="sb-panel sb-details">
      <summary>Network and store</summary>
      <NetworkPanel />
    </details>
  );
}

export function TimelinePanel() {
  return (
    <section className="sb-panel sb-timeline-panel" aria-label="Timeline and metrics">
      <PanelHeading>
        Timeline <span className="sb-hint">click to move there</span>
      </PanelHeading>
      <TimelineHost />
      <TimelineMarks />
      <MetricsHost />
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
