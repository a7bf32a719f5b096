// The column left of the picture on /sandbox at three columns: the selected node's actions and
// the open network tools, one of them at a time (review 15b #2: stacked in a 528 px box that
// scrolled with no cue, the node's actions were cut at the fold while the tools were open). When
// both are there, a two-button switch at the column's top says which shows; selecting a node
// brings its actions forward, opening the tools or acting with them brings the tools forward.
import { useEffect, useState } from "react";
import { useStore } from "zustand";
import { toolsShown, type ClusterUi } from "../views/cluster-ui.ts";
import { useController, useSandbox } from "./context.ts";
import { NodePanel } from "./NodePanel.tsx";
import { useNarrow } from "./use-narrow.ts";

type Front = "node" | "tools";

export function NodeColumn({
  ui,
  setToolsSide,
}: {
  ui: ClusterUi;
  setToolsSide: (el: HTMLDivElement | null) => void;
}) {
  const selected = useSandbox((s) => s.selected);
  const open = useStore(ui, toolsShown);
  // The tools come into this column only at three columns (ClusterTools); narrower they open
  // under the picture, and the node's actions are the column's only panel.
  const columns = useNarrow("(min-width: 1181px)");
  const [front, setFront] = useState<Front>("node");
  // A node selected: its actions forward.
  const ctl = useController();
  useEffect(
    () =>
      ctl.store.subscribe((s, old) => {
        if (s.selected && s.selected !== old.selected) setFront("node");
      }),
    [ctl],
  );
  // The tools opened, a click mode chosen or an act done with them: the tools forward.
  useEffect(
    () =>
      ui.subscribe((u, old) => {
        const opened = toolsShown(u) && !toolsShown(old);
        if (opened || u.mode !== old.mode || u.acts.length !== old.acts.length) setFront("tools");
      }),
    [ui],
  );
  const both = columns && open && selected !== null;
  return (
    <div className="sb-area-node" data-front={both ? front : undefined}>
      {both && (
        <div className="sb-front-switch" role="group" aria-label="Show beside the picture">
          <button
            type="button"
            className="sb-btn sb-btn-small"
            aria-pressed={front === "node"}
            onClick={() => setFront("node")}
          >
            Actions for {selected}
          </button>
          <button
            type="button"
            className="sb-btn sb-btn-small"
            aria-pressed={front === "tools"}
            onClick={() => setFront("tools")}
          >
            Network
          </button>
        </div>
      )}
      {/* First in the column, level with the toggle over the picture: under the node's
          actions they opened 170 px below it and 330 px down (review 10b #7). */}
      <div className="sb-tools-side" ref={setToolsSide} />
      <NodePanel sheet />
    </div>
  );
}
