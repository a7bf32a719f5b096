// A lesson diagram in a phone's narrow column (review 10a #8: the Raft election showed n2 and
// n1, n3 off screen with its notes cut mid-word; lesson 1's flowchart the same). Mermaid is told
// how much room there is, per drawing, so most fit whole with 12 px labels: a sequence diagram's
// lanes and their wrapping width are sized to share the column; a flowchart runs top to bottom,
// its labels wrapped narrower and its boxes closer. What still does not fit keeps the sideways
// scroll, its cue and the full-screen view (Diagram.tsx).
import { MIN_DIAGRAM_SCALE } from "./diagram-size";

/** Space Mermaid keeps at each side of a sequence diagram, and between two lanes, in its units. */
const SIDE = 8;
const GAP = 10;
/** Narrower lanes than this break ordinary words ("COORDINATOR") letter by letter: those
 *  drawings scroll sideways instead. */
const MIN_LANE = 96;
const MAX_LANE = 170;

/** The lanes of a sequence diagram, in order of first mention. */
export function sequenceLanes(chart: string): string[] {
  const lanes: string[] = [];
  const add = (name: string) => {
    const n = name.trim();
    if (n && !lanes.includes(n)) lanes.push(n);
  };
  for (const raw of chart.split("\n")) {
    const line = raw.trim();
    const declared = /^(?:participant|actor)\s+(.+?)(?:\s+as\s+.*)?$/.exec(line);
    if (declared) {
      add(declared[1]);
      continue;
    }
    const message = /^([^-<>:\s][^:]*?)\s*-{1,2}[>x)]{1,2}[+-]?\s*([^:]+?)\s*:/.exec(line);
    if (message) {
      add(message[1]);
      add(message[2]);
    }
  }
  return lanes;
}

/** Mermaid's config for drawing `chart` in a frame `frameWidth` px wide, or null when the
 *  frame is wide enough for the usual drawing. */
export function compactConfig(chart: string, frameWidth: number): Record<string, unknown> | null {
  if (!(frameWidth > 0) || frameWidth > 500) return null;
  // The widest drawing, in Mermaid's units, that still shows 12 px labels in this frame.
  const room = Math.floor(frameWidth / MIN_DIAGRAM_SCALE);
  const kind = chart.trim().split(/\s/)[0];
  if (kind === "sequenceDiagram") {
    const n = Math.max(1, sequenceLanes(chart).length);
    // A little slack for the last lane's margin and the arrows' heads.
    const lane = Math.floor((room - 2 * SIDE - (n - 1) * GAP - 16) / n);
    const width = Math.max(MIN_LANE, Math.min(MAX_LANE, lane));
    return {
      sequence: {
        width,
        actorMargin: GAP,
        wrap: true,
        wrapPadding: 10,
        noteMargin: 10,
        boxMargin: 6,
        diagramMarginX: SIDE,
      },
    };
  }
  if (kind === "flowchart" || kind === "graph" || kind.startsWith("stateDiagram")) {
    return {
      flowchart: { wrappingWidth: 96, nodeSpacing: 12, rankSpacing: 28, padding: 8, diagramPadding: 4 },
      state: { nodeSpacing: 16, rankSpacing: 28, padding: 4 },
    };
  }
  return null;
}

/** `chart` as drawn in a frame `frameWidth` px wide: with its compact config as a directive, and
 *  a flowchart drawn left to right turned top to bottom (a phone's column is tall, not wide). */
export function compactChart(chart: string, frameWidth: number): string {
  const config = compactConfig(chart, frameWidth);
  if (!config) return chart;
  let body = chart.trim().replace(/^((?:flowchart|graph)\s+)(LR|RL)\b/, "$1TB");
  // Mermaid leaves a label with its own line breaks unwrapped: a sequence diagram's breaks, made
  // for wide lanes, give way to wrapping at the narrow lanes' width.
  if (body.startsWith("sequenceDiagram")) body = body.replace(/<br\s*\/?>/gi, " ");
  return `%%{init: ${JSON.stringify(config)}}%%\n${body}`;
}
