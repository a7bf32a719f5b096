// The cluster picture's own controls, always beside it: what a click on a link does (cut both
// ways, one way, or pick sides for a split), isolate the selected node, heal everything, the
// one line on what the last cut means, and the inspector of a message paused in flight (its
// fields, and Drop). Every button performs a registered action (cluster-ui.ts, actions.ts).
import { useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useStore } from "zustand";
import type { ClickMode, ClusterUi } from "../views/cluster-ui.ts";
import {
  clearSides,
  dropMessage,
  healAll,
  isolateNode,
  procLabel,
  sideBOf,
  splitSides,
  toolsShown,
} from "../views/cluster-ui.ts";
import { networkLine } from "../views/network-line.ts";
import { leaseLength } from "../scenarios.ts";
import { messageFields, messageLabel } from "../views/message-label.ts";
import { storeLabel, termLabelOf } from "../labels.ts";
import { useController, useSandbox } from "./context.ts";
import { useNarrow } from "./use-narrow.ts";
import "./cluster.css";
import "./tools-side.css";

const MODES: Array<[ClickMode, string]> = [
  ["cut", "Cut both ways"],
  ["one-way", "Cut one way"],
  ["split", "Split in two"],
];

/** `network`: false on a page whose rules leave the network alone (a settings-only challenge):
 *  then no link tools at all. Otherwise they wait behind "Network tools" until the learner opens
 *  them or acts on a link in the picture, so the picture is the first thing under the time bar. */
/** `below`: the slot under the picture (ClusterHost's); on a narrow screen the open tools go
 *  there, so opening them never pushes the picture down, off a phone's first screen.
 *  `side`: a slot in the column beside the picture (the /sandbox page at three columns): the
 *  open tools go there, and the picture stays where it was (review 9b #9: opened above it, they
 *  pushed the cluster down about 170 px, its bottom nodes to y 775 of 800). */
export function ClusterTools({
  ui,
  network = true,
  below = null,
  side = null,
}: {
  ui: ClusterUi;
  network?: boolean;
  below?: HTMLElement | null;
  side?: HTMLElement | null;
}) {
  const mode = useStore(ui, (u) => u.mode);
  // Joined, so the selector returns the same value while the sides stay the same.
  const sides = useSandbox((s) => sideBOf(s).join(" "));
  const sideB = sides ? sides.split(" ") : [];
  const explain = useStore(ui, (u) => u.explain);
  // What explains the network is worked out from the frame on screen, so it follows a heal, a
  // rewind or a seek (review 15b #1: a healed split's words stayed, in the present tense).
  const acts = useStore(ui, (u) => u.acts);
  const netLine = useSandbox((s) =>
    s.frame && acts.length > 0
      ? networkLine(s.frame, acts, { scenario: s.parsed, leaseMs: leaseLength(s.parsed) })
      : null,
  );
  const selected = useSandbox((s) => s.selected);
  const canAct = useSandbox((s) => s.status === "ready" && s.frame !== null && !s.ended);
  const cuts = useSandbox((s) => (s.frame?.cuts.length ?? 0) > 0);
  const storeName = useSandbox((s) => (s.frame?.store ? procLabel(s.frame, "store") : null));
  const id = useId();
  const ctl = useController();
  // Open in the picture's own state, so a node clicked with the tools open says what a node's
  // click does there (cluster-ui.ts pickInCutMode).
  const setOpened = (v: boolean) => ui.setState({ toolsOpen: v, picked: null });
  const popRef = useRef<HTMLDivElement>(null);
  // The open tools sit right under their toggle, above the picture (on /sandbox the picture is
  // held to the screen's height, so it gives up a little height rather than moving its foot).
  // In the column left of the picture they pushed the node's actions down (review 4b #15).
  const narrow = useNarrow("(max-width: 760px)");
  // "Tap" on a touch screen, "Click" with a mouse (a desktop once read "Tap a node").
  const touch = useNarrow("(pointer: coarse)");
  // Three columns (sandbox.css .sb-main-full): the column left of the picture has room for them.
  const columns = useNarrow("(min-width: 1181px)");
  // A link clicked in the picture, or a mode other than the plain cut, shows the tools.
  const open = useStore(ui, toolsShown);
  const isolateWhy = !selected
    ? `Select a node first: ${touch ? "tap" : "click"} it in the picture.`
    : !canAct
      ? "The run has ended or is starting: nothing can be cut now."
      : null;
  const slot = !open ? null : narrow ? below : columns ? side : null;
  const aside = slot !== null && slot === side;
  const verb = touch ? "Tap" : "Click";
  const loading = useSandbox((st) => st.frame === null && st.status !== "failed");
  if (!network) return <MessageInspector ui={ui} />;
  return (
    <div className="sb-cluster-tools">
      <div className="sb-cluster-bar">
        <button
          type="button"
          className="sb-btn sb-btn-small"
          aria-expanded={open}
          aria-controls={`${id}-group ${id}-tools`}
          onClick={() => {
            if (open) {
              ui.setState({ mode: "cut", explain: null, acts: [] });
              clearSides(ctl);
            }
            setOpened(!open);
            // On a phone the tools open under the picture, below the first screen (review 5b
            // #7): bring them up, as little as needed, with the picture's lower half above them.
            if (!open && narrow)
              requestAnimationFrame(() => popRef.current?.scrollIntoView?.({ block: "nearest" }));
          }}
        >
          {open ? "Hide network tools" : "Network tools"}
        </button>
        {cuts && (
          <button
            type="button"
            className="sb-btn sb-btn-small"
            disabled={!canAct}
            onClick={() => healAll(ctl, ui)}
          >
            Heal all
          </button>
        )}
        {/* Kept in the row in split mode (hidden from view: its own tools say what to do), so the
            row keeps its height. With the tools open it says what a link does (review 4b #14: a
            newcomer did not know the thin lines could be cut). */}
        {/* Until the run's first frame, the row says it loads: Play and Next event are greyed
            till then, and an empty (or still) picture beside greyed buttons said nothing of why
            (review 18a #4, 18b #7). In the row's own line, so nothing moves when it goes. */}
        {loading && (
          <span className="sb-hint sb-cluster-loading" role="status">
            Loading the live example…
          </span>
        )}
        <span
          className="sb-hint sb-cluster-tip"
          hidden={loading}
          style={open && mode === "split" ? { visibility: "hidden" } : undefined}
          aria-hidden={(open && mode === "split") || undefined}
        >
          {aside
            ? `${verb} a link's line to cut or heal it.`
            : open
              ? cutTip(verb, mode === "one-way", storeName)
              : `${verb} a node to act on it.`}
        </span>
      </div>
      {place(
        slot,
        <div
          className={aside ? "sb-cluster-pop sb-cluster-aside" : "sb-cluster-pop"}
          hidden={!open}
          ref={popRef}
          role={aside ? "region" : undefined}
          aria-label={aside ? "Network tools" : undefined}
        >
          {/* How to cut a link first, the one-way tip after it (review 12b #8: the tip came first). */}
          {aside && <p className="sb-hint">{cutTip(verb, mode === "one-way", storeName)}</p>}
          {aside && mode !== "one-way" && <p className="sb-hint">{ONE_WAY_TIP}</p>}
          <div
            id={`${id}-group`}
            className="sb-cluster-modes"
            role="group"
            aria-labelledby={`${id}-modes`}
            hidden={!open}
          >
            <span id={`${id}-modes`} className="sb-hint">
              A click on a link:
            </span>
            {MODES.map(([m, label]) => (
              <button
                key={m}
                type="button"
                className="sb-btn sb-btn-small"
                aria-pressed={mode === m}
                onClick={() => {
                  ui.setState({ mode: m });
                  if (m !== "split") clearSides(ctl);
                }}
              >
                {label}
              </button>
            ))}
            {/* The button and why it is off side by side, one unit (review 12b #8: the reason
                sat apart below it, in small print). */}
            <span className="sb-isolate">
              <button
                type="button"
                className="sb-btn sb-btn-small"
                disabled={!canAct || !selected}
                aria-describedby={isolateWhy ? `${id}-isolate-why` : undefined}
                onClick={() => selected && isolateNode(ctl, ui, selected)}
              >
                {selected ? `Isolate ${selected}` : "Isolate a node"}
              </button>
              {/* Why Isolate is off, in words beside it (review 4b #15: disabled with no reason). */}
              {isolateWhy && (
                <span id={`${id}-isolate-why`} className="sb-isolate-why">
                  {isolateWhy}
                </span>
              )}
            </span>
          </div>
          <div id={`${id}-tools`} hidden={!open}>
            {mode === "split" && (
              <div className="sb-cluster-split">
                <p className="sb-hint">
                  Click nodes{storeName ? `, ${storeName}` : ""} or the resource to move them to side B (
                  {sideB.length
                    ? sideB.map((p) => (p === "store" && storeName ? storeName : p)).join(", ")
                    : "none yet"}
                  ); the rest stay on side A.
                </p>
                <button
                  type="button"
                  className="sb-btn primary"
                  disabled={!canAct || sideB.length === 0}
                  onClick={() => splitSides(ctl, ui)}
                >
                  Split A | B
                </button>
                <button
                  type="button"
                  className="sb-btn sb-btn-quiet"
                  disabled={sideB.length === 0}
                  onClick={() => clearSides(ctl)}
                >
                  Clear sides
                </button>
              </div>
            )}
            <p className="sb-explain" role="status">
              {/* Beside the picture the how-to is above already; this line then says only what a
                  click did (it is drawn first there, and empty until then). */}
              {explain ??
                netLine ??
                (aside
                  ? ""
                  : "Click or tap a link to cut or heal it; for one direction only, choose Cut one way (or Shift-click).")}
            </p>
          </div>
        </div>,
      )}
      <MessageInspector ui={ui} />
    </div>
  );
}

const ONE_WAY_TIP = "For one direction only, choose Cut one way (or Shift-click a link).";

/** The tools in the slot beside the picture when there is one, else in place. */
function place(slot: HTMLElement | null, tools: ReactNode): ReactNode {
  return slot ? createPortal(tools, slot) : tools;
}

function MessageInspector({ ui }: { ui: ClusterUi }) {
  const ctl = useController();
  const chosen = useStore(ui, (u) => u.message);
  const msg = useSandbox((s) =>
    chosen === null ? null : (s.frame?.messages.find((m) => m.id === chosen) ?? null),
  );
  const parsed = useSandbox((s) => s.parsed);
  const protocol = useSandbox((s) => s.frame?.protocol);
  const storeKind = useSandbox((s) => s.frame?.store?.kind);
  const label = termLabelOf(parsed, protocol);
  const canAct = useSandbox((s) => s.status === "ready" && !s.ended);
  const name = (p: string) => (p === "store" ? storeLabel(storeKind) : p);
  const headId = useId();
  if (chosen === null) return null;
  if (!msg) {
    return (
      <section className="sb-msg-inspector" aria-labelledby={headId}>
        <p id={headId}>That message has arrived (or was lost); nothing is left to drop.</p>
        <button type="button" className="sb-btn sb-btn-quiet" onClick={() => ui.setState({ message: null })}>
          Close
        </button>
      </section>
    );
  }
  const lab = messageLabel(msg, label, name);
  return (
    <section className="sb-msg-inspector" aria-labelledby={headId}>
      <p id={headId}>
        <strong>{lab.text}</strong> from {name(msg.from)} to {name(msg.to)}
      </p>
      <dl className="sb-msg-fields">
        {messageFields(msg).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        <div>
          <dt>sent</dt>
          <dd>{(msg.sentAt / 1000).toFixed(3)} s</dd>
        </div>
        <div>
          <dt>arrives</dt>
          <dd>{(msg.arriveAt / 1000).toFixed(3)} s</dd>
        </div>
      </dl>
      <button
        type="button"
        className="sb-btn primary"
        disabled={!canAct}
        onClick={() => dropMessage(ctl, ui, msg.id)}
      >
        Drop this message
      </button>
      <button type="button" className="sb-btn sb-btn-quiet" onClick={() => ui.setState({ message: null })}>
        Close
      </button>
    </section>
  );
}

/** What a click does with the network tools open, and where the links run: with a store there
 *  is no link between two nodes, only each node's to the store and to the resource (review 6b
 *  #13: a learner tried to cut "the link between n1 and n2" and only selected nodes). */
export function cutTip(verb: "Click" | "Tap", oneWay: boolean, storeName: string | null): string {
  const how = oneWay ? " one way (what leaves the end nearer your click is lost)" : "";
  const where = storeName ? `; links run from each node to ${storeName} and to the resource` : "";
  return `${verb} a link line to cut it${how}${where}. ${verb} it again to heal it.`;
}
